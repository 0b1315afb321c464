import CampusCalCore
import CampusCalStorage
import CampusCalTestSupport
import Foundation
import Testing

/// The to-do list is read, changed and written back whole; what was deleted in between must not
/// turn the write into a foreign-key failure (a 500 the contract fuzzer found).
@Suite("To-do list writes race deletions without failing")
struct TodoStoreRaceTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func aLineWhoseTaskWasJustDeletedGoesAndALostAccountsListIsNotWritten() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabase(path: directory.file("db.sqlite"))
        let user = User(
            id: .generate(), username: "avery", displayName: "Avery", email: nil, phone: nil, timeZone: "UTC", role: .student, createdAt: Self.now,
            updatedAt: Self.now, version: 1)
        let users = SQLiteUserStore(database: database)
        try await users.insert(UserCredentials(user: user, passwordHash: "$2b$04$abcdefghijklmnopqrstuuOzkQWLkWbRLJ9g3GygNVmhYyJzfeW4u"))
        let store = SQLiteTodoStore(database: database)
        let kept = TodoEntry(
            id: TodoEntryID(rawValue: "line-1"), ownerID: user.id, position: 0, taskID: nil, text: "Buy a lab coat", completedAt: nil,
            createdAt: Self.now)
        let gone = TodoEntry(
            id: TodoEntryID(rawValue: "line-2"), ownerID: user.id, position: 1, taskID: TaskID(rawValue: "deleted-meanwhile"), text: nil,
            completedAt: nil, createdAt: Self.now)
        try await store.replaceEntries(of: user.id, with: [kept, gone])
        #expect(try await store.entries(ownedBy: user.id).map(\.id) == [kept.id])

        try await database.pool.write { try $0.execute(sql: "DELETE FROM user WHERE id = ?", arguments: [user.id.rawValue]) }
        try await store.replaceEntries(of: user.id, with: [kept])
        #expect(try await store.entries(ownedBy: user.id).isEmpty)
    }
}
