import CampusCalCore
import CampusCalICalendar
import CampusCalStorage
import CampusCalTestSupport
import Foundation
import GRDB
import Testing

@Suite("SQLite store")
struct SQLiteDatabaseTests {
    func user(_ name: String, version: Int = 1) -> UserCredentials {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        return UserCredentials(
            user: User(
                id: .generate(), username: name, displayName: name, email: nil, phone: nil, timeZone: "UTC", role: .student,
                createdAt: now, updatedAt: now, version: version),
            passwordHash: "$2b$04$abcdefghijklmnopqrstuuOzkQWLkWbRLJ9g3GygNVmhYyJzfeW4u")
    }

    @Test func openedDatabaseIsDurableWALWithForeignKeys() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabase(path: directory.file("db.sqlite"))
        let (journal, foreignKeys, readerSync) = try await database.pool.read { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA foreign_keys"),
                try Int.fetchOne(db, sql: "PRAGMA synchronous")
            )
        }
        let writerSync = try await database.pool.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(journal == "wal")
        #expect(foreignKeys == 1)
        #expect(readerSync == 2)  // 2 = FULL
        #expect(writerSync == 2)
    }

    /// An older CampusCal never opens a database a newer one migrated: it says so, and changes nothing.
    @Test func aDatabaseFromANewerVersionIsRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("db.sqlite")
        let database = try SQLiteDatabase(path: path)
        try database.pool.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('2099-01-01-from-the-future')") }
        #expect(throws: SQLiteDatabase.NewerSchema.self) { _ = try SQLiteDatabase(path: path) }
        #expect(throws: SQLiteDatabase.NewerSchema.self) { _ = try database.pendingMigrations() }
        do {
            _ = try SQLiteDatabase(path: path)
        } catch let error as SQLiteDatabase.NewerSchema {
            #expect(error.description.contains("2099-01-01-from-the-future") && error.description.contains("campuscal restore"))
        }
    }

    @Test func migrationsApplyOnceAndAreRecorded() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let fresh = try SQLiteDatabase(path: directory.file("db.sqlite"), migrate: false)
        let all = [
            "2026-11-22-accounts", "2026-11-22-calendars", "2026-11-22-events", "2026-11-22-calendar-feeds", "2026-11-23-event-overrides",
            "2026-11-23-calendar-events-version", "2026-11-23-tasks", "2026-11-23-todo", "2026-11-23-notices",
            "2026-11-23-event-reminders", "2026-11-23-maintenance-notices", "2026-11-23-groups",
            "2026-11-23-invitations", "2026-11-23-calendar-shares", "2026-11-23-courses", "2026-11-24-privacy", "2026-11-24-lms",
            "2026-11-25-plugin-state",
            "2026-11-26-plugin-settings", "2026-11-27-plugin-calendars", "2026-11-28-todo-entry-task-index", "2026-11-29-lms-sync-attempts",
            "2026-11-30-login-attempts-by-source", "2026-12-01-address-confirmation-and-recovery", "2026-12-02-release-ledger",
            "2026-12-03-lms-class-lists", "2026-12-04-assignment-submission-window",
            "2026-12-05-items-name-their-course", "2026-12-05-change-log", "2026-12-05-app-passwords",
            "2026-12-06-calendar-dav-addresses", "2026-12-06-task-uids", "2026-12-07-calendar-counts", "2026-12-08-push-subscriptions",
        ]
        #expect(try fresh.pendingMigrations() == all)
        #expect(try fresh.migrate() == all)
        #expect(try fresh.migrate().isEmpty)
        #expect(try fresh.pendingMigrations().isEmpty)
    }

    @Test func dataSurvivesReopening() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let alice = user("alice")
        do {
            let database = try SQLiteDatabase(path: directory.file("db.sqlite"))
            try await SQLiteUserStore(database: database).insert(alice)
        }
        let reopened = try SQLiteDatabase(path: directory.file("db.sqlite"))
        let stored = try await SQLiteUserStore(database: reopened).credentials(username: "alice")
        #expect(stored?.user == alice.user)
    }

    @Test func duplicateUsernameIsTakenAndChangesNothing() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = SQLiteUserStore(database: try SQLiteDatabase(path: directory.file("db.sqlite")))
        try await store.insert(user("bob"))
        await #expect(throws: AccountError.usernameTaken("bob")) { try await store.insert(user("bob")) }
        #expect(try await store.users(after: nil, limit: 10).count == 1)
    }

    @Test func updateWithAStaleVersionChangesNothing() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = SQLiteUserStore(database: try SQLiteDatabase(path: directory.file("db.sqlite")))
        let carol = user("carol")
        try await store.insert(carol)
        var changed = carol.user
        changed.displayName = "Carol"
        let updated = try await store.update(changed, expectedVersion: 1)
        #expect(updated.version == 2)
        changed.displayName = "Lost update"
        await #expect(throws: AccountError.versionMismatch(current: 2)) { try await store.update(changed, expectedVersion: 1) }
        #expect(try await store.credentials(id: carol.user.id)?.user.displayName == "Carol")
    }

    @Test func sessionsDisappearWithTheirUserAndOnRevoke() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabase(path: directory.file("db.sqlite"))
        let users = SQLiteUserStore(database: database)
        let sessions = SQLiteSessionStore(database: database)
        let dave = user("dave")
        try await users.insert(dave)
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        for index in 0..<3 {
            try await sessions.insert(
                Session(id: "s\(index)", userID: dave.user.id, createdAt: now, lastSeenAt: now, expiresAt: now.addingTimeInterval(60)),
                tokenHash: "h\(index)")
        }
        #expect(try await sessions.session(tokenHash: "h1")?.1 == dave.user)
        try await sessions.revoke(sessionID: "s1")
        #expect(try await sessions.session(tokenHash: "h1") == nil)
        try await sessions.revokeAll(of: dave.user.id, keeping: "s2")
        #expect(try await sessions.session(tokenHash: "h0") == nil)
        #expect(try await sessions.session(tokenHash: "h2") != nil)
        #expect(try await sessions.deleteExpired(before: now.addingTimeInterval(61), idleSince: now.addingTimeInterval(-3600)) == 1)
    }

    @Test func failuresOutsideTheWindowAreNotCounted() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let throttle = SQLiteLoginThrottleStore(database: try SQLiteDatabase(path: directory.file("db.sqlite")))
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        for minute in 0..<10 {
            let at = start.addingTimeInterval(TimeInterval(minute * 60))
            let count = try await throttle.recordFailure(username: "eve", at: at, windowStart: at.addingTimeInterval(-300))
            #expect(count == min(minute + 1, 5))
        }
        try await throttle.lock(username: "eve", until: start.addingTimeInterval(3600))
        #expect(try await throttle.lockedUntil(username: "eve", at: start) == start.addingTimeInterval(3600))
        #expect(try await throttle.lockedUntil(username: "eve", at: start.addingTimeInterval(3600)) == nil)
        try await throttle.clear(username: "eve")
        #expect(try await throttle.lockedUntil(username: "eve", at: start) == nil)
    }
}

extension SQLiteDatabaseTests {
    @Test func everyEventWriteBumpsItsCalendarsEventsVersion() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabase(path: directory.file("db.sqlite"))
        let owner = user("olga")
        try await SQLiteUserStore(database: database).insert(owner)
        let calendars = SQLiteCalendarStore(database: database)
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let calendar = CalendarCollection(
            id: CalendarID(rawValue: "cal1"), ownerID: owner.user.id, name: "C", description: nil, color: "#112233", timeZone: "UTC",
            createdAt: now, updatedAt: now, version: 1)
        try await calendars.insert(calendar)
        let events = SQLiteEventStore(database: database)
        func eventsVersion() async throws -> Int { try #require(try await calendars.calendar(id: calendar.id)).eventsVersion }
        #expect(try await eventsVersion() == 0)
        let start = EventTime.utc(LocalDateTime(year: 2026, month: 11, day: 23, hour: 9))
        var event = CalendarEvent(
            id: EventID(rawValue: "ev1"), calendarID: calendar.id, uid: "u1", title: "T", start: start,
            end: .utc(LocalDateTime(year: 2026, month: 11, day: 23, hour: 10)), createdAt: now, updatedAt: now)
        try await events.insert(event)
        #expect(try await eventsVersion() == 1)
        event.title = "T2"
        event = try await events.update(event, expectedVersion: 1)
        #expect(try await eventsVersion() == 2)
        // A calendar's own change (its name) is not an events change, and does not reset the count.
        var renamed = try #require(try await calendars.calendar(id: calendar.id))
        renamed.name = "Renamed"
        _ = try await calendars.update(renamed, expectedVersion: 1)
        #expect(try await eventsVersion() == 2)
        try await events.delete(id: event.id, expectedVersion: event.version)
        #expect(try await eventsVersion() == 3)
    }
}
