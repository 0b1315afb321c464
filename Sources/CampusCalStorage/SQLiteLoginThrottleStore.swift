import CampusCalCore
import Foundation
import GRDB

/// `LoginThrottleStore` on SQLite: one row per failed login, one per lock.
public struct SQLiteLoginThrottleStore: LoginThrottleStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func lockedUntil(username: String, at now: Date) async throws -> Date? {
        try await database.pool.read { db in
            try Date.fetchOne(
                db, sql: "SELECT lockedUntil FROM loginLock WHERE username = ? AND lockedUntil > ?", arguments: [username, now])
        }
    }

    public func recordFailure(username: String, at date: Date, windowStart: Date) async throws -> Int {
        // Insert and count in one transaction, so concurrent failures cannot both see "9".
        try await database.pool.write { db in
            try db.execute(sql: "INSERT INTO loginFailure (username, failedAt) VALUES (?, ?)", arguments: [username, date])
            try db.execute(sql: "DELETE FROM loginFailure WHERE username = ? AND failedAt <= ?", arguments: [username, windowStart])
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM loginFailure WHERE username = ?", arguments: [username]) ?? 0
        }
    }

    public func lock(username: String, until: Date) async throws {
        try await database.pool.write { db in
            try db.execute(
                sql:
                    "INSERT INTO loginLock (username, lockedUntil) VALUES (?, ?) ON CONFLICT(username) DO UPDATE SET lockedUntil = excluded.lockedUntil",
                arguments: [username, until])
            try db.execute(sql: "DELETE FROM loginFailure WHERE username = ?", arguments: [username])
        }
    }

    public func clear(username: String) async throws {
        try await database.pool.write { db in
            try db.execute(sql: "DELETE FROM loginFailure WHERE username = ?", arguments: [username])
            try db.execute(sql: "DELETE FROM loginLock WHERE username = ?", arguments: [username])
        }
    }

    public func deleteStale(windowStart: Date, now: Date) async throws -> Int {
        try await database.pool.write { db in
            try db.execute(sql: "DELETE FROM loginFailure WHERE failedAt <= ?", arguments: [windowStart])
            var count = db.changesCount
            try db.execute(sql: "DELETE FROM loginLock WHERE lockedUntil <= ?", arguments: [now])
            count += db.changesCount
            return count
        }
    }
}
