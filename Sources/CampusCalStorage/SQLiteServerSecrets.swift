import Foundation
import GRDB

/// Secrets the server keeps for itself (the key of de-identified record codes): made once from the
/// system's random source, stored in the database so they survive restarts and move with backups,
/// and never sent anywhere.
public struct SQLiteServerSecrets: Sendable {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    /// The secret called `name`, created (`byteCount` random bytes) the first time it is asked for.
    public func secret(named name: String, byteCount: Int = 32) throws -> [UInt8] {
        try database.pool.write { db in
            if let existing = try Data.fetchOne(db, sql: "SELECT value FROM serverSecret WHERE name = ?", arguments: [name]) {
                return [UInt8](existing)
            }
            var generator = SystemRandomNumberGenerator()
            let bytes = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            try db.execute(sql: "INSERT INTO serverSecret (name, value) VALUES (?, ?)", arguments: [name, Data(bytes)])
            return bytes
        }
    }
}
