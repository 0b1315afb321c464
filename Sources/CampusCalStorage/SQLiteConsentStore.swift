import CampusCalCore
import Foundation
import GRDB

/// `ConsentStore` on SQLite.
public struct SQLiteConsentStore: ConsentStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func insert(_ consent: Consent) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO consent (id, userID, agreementID, agreementVersion, recipient, purpose, categories, agreedAt, withdrawnAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    consent.id.rawValue, consent.userID.rawValue, consent.agreementID, consent.agreementVersion, consent.recipient,
                    consent.purpose, Self.text(consent.categories), consent.agreedAt, consent.withdrawnAt,
                ])
        }
    }

    public func consents(of user: UserID) async throws -> [Consent] {
        try await database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM consent WHERE userID = ? ORDER BY agreedAt DESC, id", arguments: [user.rawValue])
                .map(Self.consent(from:))
        }
    }

    public func withdraw(_ id: ConsentID, of user: UserID, at date: Date) async throws -> Consent? {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE consent SET withdrawnAt = ? WHERE id = ? AND userID = ? AND withdrawnAt IS NULL",
                arguments: [date, id.rawValue, user.rawValue])
            return try Row.fetchOne(db, sql: "SELECT * FROM consent WHERE id = ? AND userID = ?", arguments: [id.rawValue, user.rawValue])
                .map(Self.consent(from:))
        }
    }

    public func standingConsents(to agreementID: String, version: Int) async throws -> [UserID: Consent] {
        try await database.pool.read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM consent WHERE agreementID = ? AND agreementVersion = ? AND withdrawnAt IS NULL",
                arguments: [agreementID, version])
            return Dictionary(rows.map(Self.consent(from:)).map { ($0.userID, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    public func consentChanges(to agreementID: String) async throws -> [UserID: Int] {
        try await database.pool.read { db in
            var changes: [UserID: Int] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT userID, COUNT(*) + COUNT(withdrawnAt) FROM consent WHERE agreementID = ? GROUP BY userID", arguments: [agreementID])
            {
                changes[UserID(rawValue: row[0])] = row[1]
            }
            return changes
        }
    }

    static func text(_ categories: Set<DataCategory>) -> String { categories.sorted().map(\.rawValue).joined(separator: ",") }

    static func categories(_ text: String) -> Set<DataCategory> {
        Set(text.split(separator: ",").compactMap { DataCategory(rawValue: String($0)) })
    }

    static func consent(from row: Row) -> Consent {
        Consent(
            id: ConsentID(rawValue: row["id"]), userID: UserID(rawValue: row["userID"]), agreementID: row["agreementID"],
            agreementVersion: row["agreementVersion"], recipient: row["recipient"], purpose: row["purpose"],
            categories: categories(row["categories"]), agreedAt: row["agreedAt"], withdrawnAt: row["withdrawnAt"])
    }
}
