import CampusCalCore
import CampusCalTestSupport
import Foundation
import GRDB
import Testing

@testable import CampusCalStorage

/// Tasks' VTODO UIDs in SQLite (migration `2026-12-06-task-uids`): found by either name, unique per
/// owner, and named in the change log — deletions too, so a CalDAV sync can say which resource went.
@Suite("Task UIDs in SQLite: lookups, uniqueness, and the change log naming them")
struct TaskUIDStoreTests {
    static let now = ChangeLogStoreTests.now

    static func task(_ id: String, owner: UserID, uid: String? = nil) -> TaskItem {
        TaskItem(id: TaskID(rawValue: id), ownerID: owner, title: id, priority: .medium, createdAt: now, updatedAt: now, uid: uid)
    }

    @Test func aTaskIsFoundByItsOwnUIDOrItsGeneratedOneAndADeletionRecordNamesIt() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let world = try await ChangeLogStoreTests.world(directory, calendars: 0)
        let store = SQLiteTaskStore(database: world.database)
        try await store.insert(Self.task("t1", owner: world.owner, uid: "phone-uid"))
        try await store.insert(Self.task("t2", owner: world.owner))
        #expect(try await store.tasks(ownedBy: world.owner, .uid("phone-uid")).map(\.id.rawValue) == ["t1"])
        #expect(try await store.tasks(ownedBy: world.owner, .uid("t2@campuscal")).map(\.id.rawValue) == ["t2"])
        // A task with a UID of its own does not also answer to the generated one; nor another owner's.
        #expect(try await store.tasks(ownedBy: world.owner, .uid("t1@campuscal")).isEmpty)
        #expect(try await store.tasks(ownedBy: UserID(rawValue: "someone"), .uid("phone-uid")).isEmpty)
        await #expect(throws: TaskError.duplicateUID("phone-uid")) {
            try await store.insert(Self.task("t3", owner: world.owner, uid: "phone-uid"))
        }
        try await store.delete(id: TaskID(rawValue: "t1"), expectedVersion: 1)
        try await store.delete(id: TaskID(rawValue: "t2"), expectedVersion: 1)
        let gone = try await world.log.changes(in: [.tasks(of: world.owner)], after: .origin, limit: 10).records
        #expect(gone.map { "\($0.itemID) \($0.deleted) \($0.uid ?? "-")" } == ["t1 true phone-uid", "t2 true t2@campuscal"])
    }

    /// Tasks logged before the migration are named in the log as CalDAV names them after it.
    @Test func theMigrationNamesTasksAlreadyInTheLog() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let old = try SQLiteDatabase(path: directory.file("old.sqlite"), migrate: false)
        try CampusCalMigrations.migrator.migrate(old.pool, upTo: "2026-12-05-app-passwords")
        let world = try await ChangeLogStoreTests.world(directory, calendars: 0, database: old)
        try await old.pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO task (id, ownerID, title, status, sourceSystem, createdAt, updatedAt, version)
                    VALUES ('t1', ?, 'Essay', 'open', 'manual', ?, ?, 1)
                    """, arguments: [world.owner.rawValue, Self.now, Self.now])
        }
        #expect(
            try old.migrate() == [
                "2026-12-06-calendar-dav-addresses", "2026-12-06-task-uids", "2026-12-07-calendar-counts", "2026-12-08-push-subscriptions",
            ])
        let page = try await world.log.changes(in: [.tasks(of: world.owner)], after: nil, limit: 10)
        #expect(page.records.map(\.uid) == ["t1@campuscal"])
    }
}
