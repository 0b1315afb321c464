import CampusCalCore
import CampusCalICalendar
import CampusCalTestSupport
import Foundation
import GRDB
import Testing

@testable import CampusCalStorage

/// The change log as SQLite keeps it (`ChangeLogSchema`): written by triggers whatever path writes,
/// one row per item, deletions pruned by age, tokens expired by a restore.
@Suite("The change log in SQLite")
struct ChangeLogStoreTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    struct World {
        var database: SQLiteDatabase
        var owner: UserID
        var calendars: [CalendarID]
        var events: SQLiteEventStore { SQLiteEventStore(database: database) }
        var log: SQLiteChangeLogStore { SQLiteChangeLogStore(database: database) }
        /// The first calendar's events.
        var first: Set<ChangeCollection> { [.calendar(calendars[0])] }
    }

    static func world(_ directory: TemporaryDirectory, calendars count: Int = 2, database: SQLiteDatabase? = nil) async throws -> World {
        let database = try database ?? SQLiteDatabase(path: directory.file("db.sqlite"))
        let owner = User(
            id: .generate(), username: "olga", displayName: "Olga", email: nil, phone: nil, timeZone: "UTC", role: .student, createdAt: now,
            updatedAt: now, version: 1)
        try await SQLiteUserStore(database: database).insert(
            UserCredentials(user: owner, passwordHash: "$2b$04$abcdefghijklmnopqrstuuOzkQWLkWbRLJ9g3GygNVmhYyJzfeW4u"))
        var ids: [CalendarID] = []
        for number in 0..<count {
            // Raw SQL of the columns calendars always had: the upgrade test builds this world on
            // the schema from before the change log, which later migrations add columns to.
            let id = CalendarID.generate()
            try await database.pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO calendar (id, ownerID, name, color, timeZone, createdAt, updatedAt, version)
                        VALUES (?, ?, ?, '#112233', 'UTC', ?, ?, 1)
                        """, arguments: [id.rawValue, owner.id.rawValue, "C\(number)", now, now])
            }
            ids.append(id)
        }
        return World(database: database, owner: owner.id, calendars: ids)
    }

    static func event(_ id: String, in calendar: CalendarID) -> CalendarEvent {
        CalendarEvent(
            id: EventID(rawValue: id), calendarID: calendar, uid: id, title: "T", start: .utc(LocalDateTime(year: 2026, month: 12, day: 1, hour: 9)),
            end: .utc(LocalDateTime(year: 2026, month: 12, day: 1, hour: 10)), createdAt: now, updatedAt: now)
    }

    /// A campus upgrading has events and tasks already: the first sync after the migration lists them.
    @Test func itemsWrittenBeforeTheChangeLogAreInItsFirstSync() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("old.sqlite")
        let old = try SQLiteDatabase(path: path, migrate: false)
        try CampusCalMigrations.migrator.migrate(old.pool, upTo: "2026-12-05-items-name-their-course")
        let world = try await Self.world(directory, calendars: 1, database: old)
        try await world.events.insert(Self.event("before", in: world.calendars[0]))
        try await old.pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO task (id, ownerID, title, status, sourceSystem, createdAt, updatedAt, version)
                    VALUES ('t1', ?, 'Essay', 'open', 'manual', ?, ?, 1)
                    """, arguments: [world.owner.rawValue, Self.now, Self.now])
        }
        #expect(
            try old.migrate() == [
                "2026-12-05-change-log", "2026-12-05-app-passwords", "2026-12-06-calendar-dav-addresses", "2026-12-06-task-uids",
                "2026-12-07-calendar-counts", "2026-12-08-push-subscriptions",
            ])
        let page = try await world.log.changes(in: [.calendar(world.calendars[0]), .tasks(of: world.owner)], after: nil, limit: 10)
        #expect(page.records.map(\.itemID) == ["before", "t1"] && page.records.allSatisfy { !$0.deleted })
        try await world.events.insert(Self.event("after", in: world.calendars[0]))
        #expect(try await world.log.changes(in: world.first, after: page.latest, limit: 10).records.map(\.itemID) == ["after"])
    }

    @Test func aMoveToAnotherCalendarLeavesADeletionInTheOldOne() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let world = try await Self.world(directory)
        let (events, log) = (world.events, world.log)
        var event = Self.event("ev1", in: world.calendars[0])
        try await events.insert(event)
        let start = try await log.changes(in: [.calendar(world.calendars[0])], after: nil, limit: 10)
        #expect(start.records.map(\.itemID) == ["ev1"] && !start.hasMore)
        event.calendarID = world.calendars[1]
        _ = try await events.update(event, expectedVersion: event.version)
        let both: Set<ChangeCollection> = [.calendar(world.calendars[0]), .calendar(world.calendars[1])]
        let moved = try await log.changes(in: both, after: start.latest, limit: 10)
        #expect(
            moved.records.map { "\($0.collection.id == world.calendars[0].rawValue ? "old" : "new") \($0.deleted)" } == ["old true", "new false"])
        // Bounded: one row per item and collection, however often it changes.
        for _ in 0..<5 {
            let current = try #require(try await events.event(id: event.id))
            _ = try await events.update(current, expectedVersion: current.version)
        }
        let rows = try await world.database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM changeLog") }
        #expect(rows == 2)
    }

    /// A later migration that rebuilds `event` or `task` (SQLite's way to change a column) drops
    /// their triggers with the table, and the log would silently stop; it must create them again.
    @Test func theTriggersThatKeepTheLogSurviveEveryMigration() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabase(path: directory.file("db.sqlite"))
        let triggers = try await database.pool.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%changeLog%' ORDER BY name")
        }
        #expect(
            triggers == [
                "calendar_delete_drops_change_log", "event_delete_logs_change", "event_insert_logs_change", "event_update_logs_change",
                "task_delete_logs_change", "task_insert_logs_change", "task_update_logs_change", "user_delete_drops_change_log",
            ])
    }

    /// Nobody can sync a deleted calendar, so the deletions its cascade writes go with it, and the
    /// other calendar's rows stay.
    @Test func aDeletedCalendarLeavesNoRowsBehind() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let world = try await Self.world(directory)
        for (id, calendar) in [("a", world.calendars[0]), ("b", world.calendars[0]), ("c", world.calendars[1])] {
            try await world.events.insert(Self.event(id, in: calendar))
        }
        try await world.database.pool.write { db in try db.execute(sql: "DELETE FROM calendar WHERE id = ?", arguments: [world.calendars[0].rawValue])
        }
        let rows = try await world.database.pool.read { db in try String.fetchAll(db, sql: "SELECT itemID FROM changeLog ORDER BY seq") }
        #expect(rows == ["c"])
    }

    @Test func onlyTombstonesOlderThanTheCutoffArePrunedAndTheHorizonMovesPastThem() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let world = try await Self.world(directory, calendars: 1)
        let (events, log, collections) = (world.events, world.log, world.first)
        for id in ["a", "b", "c"] { try await events.insert(Self.event(id, in: world.calendars[0])) }
        try await events.delete(id: EventID(rawValue: "a"), expectedVersion: 1)
        let day = 86_400.0
        #expect(try await log.pruneTombstones(olderThan: Self.now.addingTimeInterval(-60 * day), now: Self.now) == 0)
        try await events.delete(id: EventID(rawValue: "b"), expectedVersion: 1)
        let beforeB = try await log.changes(in: collections, after: .origin, limit: 10)
        // 61 days on: "a" was deleted before the first mark, "b" after it.
        let later = Self.now.addingTimeInterval(61 * day)
        #expect(try await log.pruneTombstones(olderThan: later.addingTimeInterval(-60 * day), now: later) == 1)
        let page = try await log.changes(in: collections, after: .origin, limit: 10)
        #expect(page.records.map(\.itemID) == ["c", "b"] && page.records.last?.deleted == true)
        #expect(page.prunedThrough == beforeB.records.first { $0.itemID == "a" }?.token)
        // Items that exist are never pruned, however old.
        let muchLater = later.addingTimeInterval(365 * day)
        _ = try await log.pruneTombstones(olderThan: muchLater, now: muchLater)
        #expect(try await log.changes(in: collections, after: nil, limit: 10).records.map(\.itemID) == ["c"])
    }

    @Test func aRestoreExpiresEveryTokenTheReplacedDatabaseHandedOut() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let world = try await Self.world(directory, calendars: 1)
        let (events, log, collections) = (world.events, world.log, world.first)
        try await events.insert(Self.event("a", in: world.calendars[0]))
        try SQLiteBackup.backup(world.database, to: directory.file("backup.sqlite"))
        try await events.insert(Self.event("b", in: world.calendars[0]))
        try await events.delete(id: EventID(rawValue: "a"), expectedVersion: 1)
        let handedOut = try await log.changes(in: collections, after: nil, limit: 10).latest
        try world.database.pool.close()
        try SQLiteBackup.restore(from: directory.file("backup.sqlite"), to: directory.file("db.sqlite"))
        let restored = SQLiteChangeLogStore(database: try SQLiteDatabase(path: directory.file("db.sqlite")))
        let page = try await restored.changes(in: collections, after: nil, limit: 10)
        #expect(page.records.map(\.itemID) == ["a"])
        // Every token up to the newest the old database gave is behind the horizon: start over.
        #expect(page.prunedThrough > handedOut && page.latest >= page.prunedThrough)
    }
}
