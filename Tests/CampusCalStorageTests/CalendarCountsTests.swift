import CampusCalCore
import CampusCalTestSupport
import Foundation
import GRDB
import Testing

@testable import CampusCalStorage

/// The event and share counts the triggers keep on each calendar row (`CalendarCountsSchema`):
/// right after the migration, after every kind of write, and the bound on a calendar's events
/// checked inside the insert so that racing writers cannot pass it together.
@Suite("Calendar rows count their events and shares, whatever path writes")
struct CalendarCountsTests {
    static let now = ChangeLogStoreTests.now

    /// What the row says and what the tables hold, for each calendar.
    static func counts(_ world: ChangeLogStoreTests.World) async throws -> [(kept: [Int], actual: [Int])] {
        var result: [(kept: [Int], actual: [Int])] = []
        for id in world.calendars {
            let calendar = try #require(try await SQLiteCalendarStore(database: world.database).calendar(id: id))
            let actual = try world.database.readNow { db in
                [
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event WHERE calendarID = ?", arguments: [id.rawValue]) ?? -1,
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM calendarShare WHERE calendarID = ?", arguments: [id.rawValue]) ?? -1,
                ]
            }
            result.append((kept: [calendar.eventCount, calendar.shareCount], actual: actual))
        }
        return result
    }

    static func share(_ calendar: CalendarID, with user: UserID, by owner: UserID) -> CalendarShare {
        CalendarShare(
            id: .generate(), calendarID: calendar, recipient: .user(user), level: .read, sharedByID: owner, createdAt: now, updatedAt: now)
    }

    static func addUser(_ name: String, to database: SQLiteDatabase) async throws -> UserID {
        let user = User(
            id: .generate(), username: name, displayName: name, email: nil, phone: nil, timeZone: "UTC", role: .student, createdAt: now,
            updatedAt: now, version: 1)
        try await SQLiteUserStore(database: database).insert(
            UserCredentials(user: user, passwordHash: "$2b$04$abcdefghijklmnopqrstuuOzkQWLkWbRLJ9g3GygNVmhYyJzfeW4u"))
        return user.id
    }

    /// A campus upgrading has calendars full of events and shares: the migration counts them.
    @Test func countsFromBeforeTheMigrationAreFilledIn() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let old = try SQLiteDatabase(path: directory.file("old.sqlite"), migrate: false)
        try CampusCalMigrations.migrator.migrate(old.pool, upTo: "2026-12-06-task-uids")
        let world = try await ChangeLogStoreTests.world(directory, calendars: 2, database: old)
        for number in 0..<3 { try await world.events.insert(ChangeLogStoreTests.event("e\(number)", in: world.calendars[0])) }
        let reader = try await Self.addUser("rita", to: old)
        _ = try await SQLiteCalendarShareStore(database: old).upsert(Self.share(world.calendars[0], with: reader, by: world.owner))
        #expect(try old.migrate() == ["2026-12-07-calendar-counts", "2026-12-08-push-subscriptions"])
        let counts = try await Self.counts(world)
        #expect(counts.map(\.kept) == [[3, 1], [0, 0]])
        #expect(counts.allSatisfy { $0.kept == $0.actual })
    }

    @Test func everyEventAndShareWriteKeepsTheCounts() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let world = try await ChangeLogStoreTests.world(directory, calendars: 2)
        let first = world.calendars[0]
        let second = world.calendars[1]
        try await world.events.insert(ChangeLogStoreTests.event("a", in: first))
        try await world.events.save(
            inserting: [ChangeLogStoreTests.event("b", in: first), ChangeLogStoreTests.event("c", in: second)], replacing: [])
        // Moved to the other calendar: one count down, the other up.
        var moved = ChangeLogStoreTests.event("a", in: second)
        moved.title = "Moved"
        _ = try await world.events.update(moved, expectedVersion: 1)
        // Changed in place: no count moves.
        var renamed = ChangeLogStoreTests.event("b", in: first)
        renamed.title = "Renamed"
        _ = try await world.events.update(renamed, expectedVersion: 1)
        #expect(try await Self.counts(world).map(\.kept) == [[1, 0], [2, 0]])
        try await world.events.delete(id: EventID(rawValue: "c"), expectedVersion: 1)

        let shares = SQLiteCalendarShareStore(database: world.database)
        let reader = try await Self.addUser("rita", to: world.database)
        let other = try await Self.addUser("omar", to: world.database)
        let kept = try await shares.upsert(Self.share(first, with: reader, by: world.owner)).share
        _ = try await shares.upsert(Self.share(first, with: other, by: world.owner))
        // The same recipient again changes the level of the share it has: no second share.
        var again = Self.share(first, with: reader, by: world.owner)
        again.level = .write
        _ = try await shares.upsert(again)
        #expect(try await shares.delete(id: kept.id))
        // A deleted user's shares go by cascade, and are counted out too.
        try await world.database.write { db in try db.execute(sql: "DELETE FROM user WHERE id = ?", arguments: [other.rawValue]) }

        let counts = try await Self.counts(world)
        #expect(counts.map(\.kept) == [[1, 0], [1, 0]])
        #expect(counts.allSatisfy { $0.kept == $0.actual })
    }

    /// Twelve inserts racing into a calendar bounded at five: the check is the writer's, inside
    /// each insert, so exactly five are stored and the others are told the calendar is full.
    @Test func racingInsertsCannotPassTheBoundTogether() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let world = try await ChangeLogStoreTests.world(directory, calendars: 1)
        let events = world.events
        let calendar = world.calendars[0]
        let refused = try await withThrowingTaskGroup(of: Bool.self) { group in
            for number in 0..<12 {
                group.addTask {
                    do {
                        try await events.insert(ChangeLogStoreTests.event("e\(number)", in: calendar), reminders: nil, maximumInCalendar: 5)
                        return false
                    } catch EventError.calendarFull(let maximum) {
                        #expect(maximum == 5)
                        return true
                    }
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(refused == 7)
        let counts = try await Self.counts(world)
        #expect(counts.map(\.kept) == [[5, 0]] && counts.allSatisfy { $0.kept == $0.actual })
    }
}
