import CSQLiteShim
import CampusCalCore
import CampusCalStorage
import CampusCalTestSupport
import Foundation
import GRDB
import Testing

@testable import CampusCalStorage

/// Re-planning an item's reminders replaces exactly its pending notices, found through the key's
/// index: the old `LIKE` could not use it and scanned every pending notice of the server on every
/// event and task write.
@Suite("Reminder plans replace their own pending notices, by index")
struct ScheduledNoticeRowsTests {
    static func user() -> UserCredentials {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        return UserCredentials(
            user: User(
                id: .generate(), username: "ada", displayName: "Ada", email: nil, phone: nil, timeZone: "UTC", role: .student,
                createdAt: now, updatedAt: now, version: 1),
            passwordHash: "$2b$04$abcdefghijklmnopqrstuuOzkQWLkWbRLJ9g3GygNVmhYyJzfeW4u")
    }

    @Test func replacingAPlanDoesNotScanEveryPendingNotice() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabase(path: directory.file("db.sqlite"))
        let plan = try await database.pool.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + ScheduledNoticeRows.deletePendingSQL, arguments: ["event:e1:"])
                .map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.hasPrefix("SEARCH scheduledNotice USING INDEX sqlite_autoindex_scheduledNotice") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(plan)")
    }

    /// `key LIKE ?` made SQLite compile the delete (and its triggers) anew for every new prefix,
    /// since a LIKE pattern may change the plan: every event and task write paid for it.
    @Test func replanningAnotherItemDoesNotRecompileTheDelete() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabase(path: directory.file("db.sqlite"))
        let recompilations = try await database.write { db in
            for item in 1...5 { try ScheduledNoticeRows.schedule([], replacingPendingWithPrefix: "event:e\(item):", in: db) }
            return csqlite_statement_recompilations(try db.cachedStatement(sql: ScheduledNoticeRows.deletePendingSQL).sqliteStatement)
        }
        #expect(recompilations == 0)
    }

    @Test func onlyTheItemsOwnPendingNoticesAreReplaced() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabase(path: directory.file("db.sqlite"))
        let owner = Self.user()
        try await SQLiteUserStore(database: database).insert(owner)
        let soon = Date(timeIntervalSince1970: 1_790_000_600)
        let userID = owner.user.id
        @Sendable func notice(_ key: String) -> ScheduledNotice {
            ScheduledNotice(key: key, userID: userID, fireAt: soon, kind: .reminder, title: key, body: "")
        }
        // Keys that share a beginning with the prefix, differ only in case, or hold LIKE's wildcards.
        let keys = ["event:e1:a", "event:e1:b", "event:e10:a", "event:E1:a", "event:e1", "event:e%:a", "event:e_:a", "task:e1:a"]
        try await database.write { db in
            try ScheduledNoticeRows.schedule(keys.map(notice), replacingPendingWithPrefix: nil, in: db)
            // A fired notice stays: re-planning must never fire it twice.
            try db.execute(sql: "UPDATE scheduledNotice SET firedAt = 1 WHERE key = 'event:e1:b'")
        }
        try await database.write { db in
            try ScheduledNoticeRows.schedule([notice("event:e1:c")], replacingPendingWithPrefix: "event:e1:", in: db)
            try ScheduledNoticeRows.schedule([], replacingPendingWithPrefix: "event:e%:", in: db)
        }
        let left = try database.readNow { db in try String.fetchAll(db, sql: "SELECT key FROM scheduledNotice ORDER BY key") }
        #expect(left == ["event:E1:a", "event:e1", "event:e1:b", "event:e1:c", "event:e10:a", "event:e_:a", "task:e1:a"].sorted())
    }
}
