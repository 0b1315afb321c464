import CampusCalCore
import Foundation
import GRDB

/// `AccountRecoveryStore` on SQLite (migration `2026-12-01-address-confirmation-and-recovery`):
/// codes by hash in `oneTimeCode`, confirmed addresses in `confirmedAddress`.
public struct SQLiteAccountRecoveryStore: AccountRecoveryStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func insert(_ code: OneTimeCode) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO oneTimeCode (hash, purpose, userID, channel, address, createdAt, expiresAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    code.hash, code.purpose.rawValue, code.userID.rawValue, code.channel.rawValue, code.address,
                    code.createdAt.timeIntervalSince1970, code.expiresAt.timeIntervalSince1970,
                ])
        }
    }

    public func codeCount(purpose: OneTimeCodePurpose, user: UserID, since: Date) async throws -> Int {
        try await database.pool.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM oneTimeCode WHERE userID = ? AND purpose = ? AND createdAt > ?",
                arguments: [user.rawValue, purpose.rawValue, since.timeIntervalSince1970]) ?? 0
        }
    }

    public func codeCount(purpose: OneTimeCodePurpose, address: String, since: Date) async throws -> Int {
        try await database.pool.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM oneTimeCode WHERE address = ? AND purpose = ? AND createdAt > ?",
                arguments: [address, purpose.rawValue, since.timeIntervalSince1970]) ?? 0
        }
    }

    public func consume(hash: String, purpose: OneTimeCodePurpose, at now: Date) async throws -> OneTimeCode? {
        try await database.write { db in
            // One statement marks it used only if it is still open: of two requests at once, one wins.
            try db.execute(
                sql: "UPDATE oneTimeCode SET usedAt = ? WHERE hash = ? AND purpose = ? AND usedAt IS NULL AND expiresAt > ?",
                arguments: [now.timeIntervalSince1970, hash, purpose.rawValue, now.timeIntervalSince1970])
            guard db.changesCount == 1,
                let row = try Row.fetchOne(
                    db, sql: "SELECT userID, channel, address, createdAt, expiresAt FROM oneTimeCode WHERE hash = ?", arguments: [hash])
            else { return nil }
            let code = OneTimeCode(
                hash: hash, purpose: purpose, userID: UserID(rawValue: row[0]), channel: DeliveryChannel(rawValue: row[1]) ?? .email,
                address: row[2], createdAt: Date(timeIntervalSince1970: row[3]), expiresAt: Date(timeIntervalSince1970: row[4]))
            if purpose == .passwordReset {
                // The other links sent before this one stop working: one reset per request of the person.
                try db.execute(
                    sql: "UPDATE oneTimeCode SET usedAt = ? WHERE userID = ? AND purpose = ? AND usedAt IS NULL",
                    arguments: [now.timeIntervalSince1970, code.userID.rawValue, purpose.rawValue])
            }
            return code
        }
    }

    public func confirmedAddresses(of user: UserID) async throws -> [DeliveryChannel: String] {
        try await database.pool.read { db in
            var found: [DeliveryChannel: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT channel, address FROM confirmedAddress WHERE userID = ?", arguments: [user.rawValue]) {
                if let channel = DeliveryChannel(rawValue: row[0]) { found[channel] = row[1] }
            }
            return found
        }
    }

    public func users(confirmed address: String, channel: DeliveryChannel) async throws -> [UserID] {
        try await database.pool.read { db in
            try String.fetchAll(
                db, sql: "SELECT userID FROM confirmedAddress WHERE channel = ? AND address = ? COLLATE NOCASE ORDER BY userID",
                arguments: [channel.rawValue, address]
            ).map(UserID.init(rawValue:))
        }
    }

    public func confirm(_ address: String, channel: DeliveryChannel, of user: UserID, at date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO confirmedAddress (userID, channel, address, confirmedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT(userID, channel) DO UPDATE SET address = excluded.address, confirmedAt = excluded.confirmedAt
                    """, arguments: [user.rawValue, channel.rawValue, address, date])
        }
    }

    public func deleteExpiredCodes(before date: Date) async throws -> Int {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM oneTimeCode WHERE expiresAt <= ?", arguments: [date.timeIntervalSince1970])
            return db.changesCount
        }
    }
}
