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
        try await database.write { db in
            try db.execute(sql: "INSERT INTO loginFailure (username, failedAt) VALUES (?, ?)", arguments: [username, date])
            try db.execute(sql: "DELETE FROM loginFailure WHERE username = ? AND failedAt <= ?", arguments: [username, windowStart])
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM loginFailure WHERE username = ?", arguments: [username]) ?? 0
        }
    }

    public func lock(username: String, until: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql:
                    "INSERT INTO loginLock (username, lockedUntil) VALUES (?, ?) ON CONFLICT(username) DO UPDATE SET lockedUntil = excluded.lockedUntil",
                arguments: [username, until])
            try db.execute(sql: "DELETE FROM loginFailure WHERE username = ?", arguments: [username])
        }
    }

    public func clear(username: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM loginFailure WHERE username = ?", arguments: [username])
            try db.execute(sql: "DELETE FROM loginLock WHERE username = ?", arguments: [username])
        }
    }

    public func deleteStale(windowStart: Date, now: Date) async throws -> Int {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM loginFailure WHERE failedAt <= ?", arguments: [windowStart])
            var count = db.changesCount
            try db.execute(sql: "DELETE FROM loginLock WHERE lockedUntil <= ?", arguments: [now])
            count += db.changesCount
            return count
        }
    }
}

/// `LoginAttemptStore` on SQLite (migration `2026-11-30-login-attempts-by-source`): failures and
/// locks per (account, source), failures and blocks per source.
extension SQLiteLoginThrottleStore: LoginAttemptStore {
    public func blocks(account: String, source: String, at now: Date) async throws -> LoginBlocks {
        // On every login and every DAV request: one statement, `now` converted once and without
        // GRDB's DateFormatter (`StoredDate`), which cost more than the three index look-ups.
        try database.readNow { db in
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT
                          -- A lock from before failures were counted per source (loginLock) binds every source until it ends.
                          (SELECT lockedUntil FROM loginLock WHERE username = ?1 AND lockedUntil > ?3),
                          (SELECT lockedUntil FROM accountSourceLock WHERE account = ?1 AND source = ?2 AND lockedUntil > ?3),
                          (SELECT blockedUntil FROM sourceBlock WHERE source = ?2 AND blockedUntil > ?3)
                        """),
                arguments: [account, source, StoredDate.text(now)])
            guard let row else { return LoginBlocks(accountLockedUntil: nil, sourceBlockedUntil: nil) }
            let legacy: Date? = row[0]
            let fromSource: Date? = row[1]
            return LoginBlocks(accountLockedUntil: [legacy, fromSource].compactMap { $0 }.max(), sourceBlockedUntil: row[2])
        }
    }

    public func recordFailure(account: String, source: String, at date: Date, accountWindowStart: Date, sourceWindowStart: Date) async throws
        -> LoginFailureCounts
    {
        // Insert and count in one transaction, so concurrent failures cannot both see "9".
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO accountSourceFailure (account, source, failedAt) VALUES (?, ?, ?)", arguments: [account, source, date])
            try db.execute(
                sql: "DELETE FROM accountSourceFailure WHERE account = ? AND source = ? AND failedAt <= ?",
                arguments: [account, source, accountWindowStart])
            try db.execute(sql: "INSERT INTO sourceFailure (source, failedAt) VALUES (?, ?)", arguments: [source, date])
            try db.execute(sql: "DELETE FROM sourceFailure WHERE source = ? AND failedAt <= ?", arguments: [source, sourceWindowStart])
            let forAccount =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM accountSourceFailure WHERE account = ? AND source = ?", arguments: [account, source]) ?? 0
            let fromSource = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sourceFailure WHERE source = ?", arguments: [source]) ?? 0
            return LoginFailureCounts(accountFromSource: forAccount, fromSource: fromSource)
        }
    }

    public func lock(account: String, source: String, until: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO accountSourceLock (account, source, lockedUntil) VALUES (?, ?, ?)
                    ON CONFLICT(account, source) DO UPDATE SET lockedUntil = excluded.lockedUntil
                    """, arguments: [account, source, until])
            try db.execute(sql: "DELETE FROM accountSourceFailure WHERE account = ? AND source = ?", arguments: [account, source])
        }
    }

    public func block(source: String, until: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sourceBlock (source, blockedUntil) VALUES (?, ?)
                    ON CONFLICT(source) DO UPDATE SET blockedUntil = MAX(blockedUntil, excluded.blockedUntil)
                    """, arguments: [source, until])
        }
    }

    public func clear(account: String, source: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM accountSourceFailure WHERE account = ? AND source = ?", arguments: [account, source])
            try db.execute(sql: "DELETE FROM accountSourceLock WHERE account = ? AND source = ?", arguments: [account, source])
        }
    }

    public func clearAll(account: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM accountSourceFailure WHERE account = ?", arguments: [account])
            try db.execute(sql: "DELETE FROM accountSourceLock WHERE account = ?", arguments: [account])
            // Locks made before failures were counted per source (migration 2026-11-30) go too.
            try db.execute(sql: "DELETE FROM loginFailure WHERE username = ?", arguments: [account])
            try db.execute(sql: "DELETE FROM loginLock WHERE username = ?", arguments: [account])
        }
    }

    public func deleteStale(accountWindowStart: Date, sourceWindowStart: Date, now: Date) async throws -> Int {
        try await database.write { db in
            var count = 0
            for (sql, argument) in [
                ("DELETE FROM accountSourceFailure WHERE failedAt <= ?", accountWindowStart),
                ("DELETE FROM sourceFailure WHERE failedAt <= ?", sourceWindowStart),
                ("DELETE FROM accountSourceLock WHERE lockedUntil <= ?", now), ("DELETE FROM sourceBlock WHERE blockedUntil <= ?", now),
                ("DELETE FROM loginFailure WHERE failedAt <= ?", accountWindowStart), ("DELETE FROM loginLock WHERE lockedUntil <= ?", now),
            ] {
                try db.execute(sql: sql, arguments: [argument])
                count += db.changesCount
            }
            return count
        }
    }
}
