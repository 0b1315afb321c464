import CampusCalCore
import Foundation
import GRDB

/// `DisclosureStore` on SQLite: an append-only table, paged newest first by its sequence number.
public struct SQLiteDisclosureStore: DisclosureStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func record(_ disclosures: [Disclosure]) async throws {
        try await database.write { db in
            let statement = try db.makeStatement(
                sql: """
                    INSERT INTO disclosure (id, userID, recipientID, recipient, purpose, categories, basis, consentID, legalBasis,
                                            recordCount, requestedBy, disclosedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for entry in disclosures {
                var consentID: String?
                var legalBasis: String?
                switch entry.basis {
                case .consent(let id): consentID = id.rawValue
                case .legal(let why): legalBasis = why
                case .deidentified: break
                }
                try statement.execute(arguments: [
                    entry.id.rawValue, entry.userID.rawValue, entry.recipientID, entry.recipient, entry.purpose,
                    SQLiteConsentStore.text(entry.categories), entry.basis.kind, consentID, legalBasis, entry.recordCount,
                    entry.requestedBy?.rawValue, entry.disclosedAt,
                ])
            }
        }
    }

    public func disclosures(of user: UserID?, after cursor: String?, limit: Int) async throws -> Page<Disclosure> {
        try await database.pool.read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let user {
                conditions.append("userID = ?")
                _ = arguments.append(contentsOf: [user.rawValue])
            }
            if let cursor {
                // An unreadable cursor starts from the newest rather than failing: it only ever came from us.
                conditions.append("seq < ?")
                _ = arguments.append(contentsOf: [Int64(cursor) ?? Int64.max])
            }
            let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM disclosure \(whereClause) ORDER BY seq DESC LIMIT \(limit + 1)", arguments: arguments)
            let page = rows.prefix(limit)
            let next: String? = rows.count > limit ? page.last.map { String($0["seq"] as Int64) } : nil
            return Page(items: page.map(Self.disclosure(from:)), nextCursor: next)
        }
    }

    static func disclosure(from row: Row) -> Disclosure {
        let basis: DisclosureBasis
        switch row["basis"] as String {
        case "consent": basis = .consent(ConsentID(rawValue: row["consentID"] ?? ""))
        case "legal": basis = .legal(row["legalBasis"] ?? "")
        default: basis = .deidentified
        }
        return Disclosure(
            id: DisclosureID(rawValue: row["id"]), userID: UserID(rawValue: row["userID"]), recipientID: row["recipientID"],
            recipient: row["recipient"], purpose: row["purpose"], categories: SQLiteConsentStore.categories(row["categories"]), basis: basis,
            recordCount: row["recordCount"], requestedBy: (row["requestedBy"] as String?).map(UserID.init(rawValue:)),
            disclosedAt: row["disclosedAt"])
    }
}
