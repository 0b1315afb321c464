import CampusCalCore
import Foundation
import GRDB

/// `ReleaseLedgerStore` on SQLite (migration `2026-12-02-release-ledger`): one row per recipient and key.
public struct SQLiteReleaseLedgerStore: ReleaseLedgerStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func entries(recipient: String) async throws -> [String: String] {
        try await database.pool.read { db in
            var entries: [String: String] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT key, value FROM releaseLedger WHERE recipientID = ?", arguments: [recipient])
            while let row = try rows.next() { entries[row[0]] = row[1] }
            return entries
        }
    }

    public func entries(recipient: String, keys: [String]) async throws -> [String: String] {
        guard !keys.isEmpty else { return [:] }
        // The keys as one JSON array: one bound value however many keys (SQLite caps variables).
        let list = String(decoding: try JSONEncoder().encode(keys), as: UTF8.self)
        return try await database.pool.read { db in
            var entries: [String: String] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT key, value FROM releaseLedger WHERE recipientID = ? AND key IN (SELECT value FROM json_each(?))",
                arguments: [recipient, list])
            while let row = try rows.next() { entries[row[0]] = row[1] }
            return entries
        }
    }

    public func record(recipient: String, entries: [String: String], at date: Date) async throws {
        guard !entries.isEmpty else { return }
        try await database.write { db in
            let statement = try db.makeStatement(
                sql: """
                    INSERT INTO releaseLedger (recipientID, key, value, releasedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT(recipientID, key) DO UPDATE SET value = excluded.value, releasedAt = excluded.releasedAt
                    """)
            let when = date.timeIntervalSince1970
            for (key, value) in entries { try statement.execute(arguments: [recipient, key, value, when]) }
        }
    }
}
