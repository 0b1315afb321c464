import Foundation
import GRDB

/// What the database holds of the server's secrets.
///
/// Until issue #25 the server's keys (record codes, LMS credential sealing) lived in the table
/// `serverSecret` of this very database, so a copy of the database, or a backup, carried the key
/// to what it sealed (review M8). The keys now live in a key file; this reads what an older
/// installation left in the table, so that start-up can move it there, and then deletes it. It
/// also re-seals every sealed value when the sealing key is rotated.
public struct SQLiteServerSecrets: Sendable {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    /// The keys an older installation kept in `serverSecret` (name → bytes); empty when none are
    /// left or the table does not exist (a database not migrated yet).
    public func legacySecrets() throws -> [String: [UInt8]] {
        try database.pool.read { db in
            guard try db.tableExists("serverSecret") else { return [:] }
            var secrets: [String: [UInt8]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, value FROM serverSecret") {
                let value: Data = row["value"]
                secrets[row["name"]] = [UInt8](value)
            }
            return secrets
        }
    }

    /// Deletes the rows of `serverSecret` whose value is still `secrets[name]` (a row changed
    /// since it was read is left for the next start to look at).
    public func deleteLegacySecrets(_ secrets: [String: [UInt8]]) throws {
        try database.writeWaiting { db in
            guard try db.tableExists("serverSecret") else { return }
            for (name, value) in secrets {
                try db.execute(sql: "DELETE FROM serverSecret WHERE name = ? AND value = ?", arguments: [name, Data(value)])
            }
        }
    }

    /// Replaces every sealed value in the database (each LMS connection's credentials) with
    /// `reseal(value)`, in one transaction: a failure on any value changes none. `reseal` returns
    /// nil to leave a value as it is. Returns how many values changed and how many were looked at.
    public func resealAll(_ reseal: ([UInt8]) throws -> [UInt8]?) throws -> (changed: Int, total: Int) {
        try database.writeWaiting { db in
            var changed = 0
            let rows = try Row.fetchAll(db, sql: "SELECT id, sealedCredentials FROM lmsConnection")
            for row in rows {
                let sealed: Data = row["sealedCredentials"]
                guard let resealed = try reseal([UInt8](sealed)) else { continue }
                let id: String = row["id"]
                try db.execute(sql: "UPDATE lmsConnection SET sealedCredentials = ? WHERE id = ?", arguments: [Data(resealed), id])
                changed += 1
            }
            return (changed, rows.count)
        }
    }
}
