import CampusCalCore
import CampusCalStorage
import CampusCalTestSupport
import Foundation
import Testing

/// A sync that never finished (review H1: a hostile feed killed the process while it was read) is
/// not due again at once: the attempt is written before the LMS is asked (issue #24).
@Suite("LMS sync attempts")
struct LMSSyncAttemptTests {
    @Test func aSyncThatNeverFinishedIsNotDueAgainWithinItsInterval() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabase(path: directory.file("db.sqlite"))
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let owner = User(
            id: .generate(), username: "hal", displayName: "hal", email: nil, phone: nil, timeZone: "UTC", role: .student, createdAt: now,
            updatedAt: now, version: 1)
        try await SQLiteUserStore(database: database).insert(
            UserCredentials(user: owner, passwordHash: "$2b$04$abcdefghijklmnopqrstuuOzkQWLkWbRLJ9g3GygNVmhYyJzfeW4u"))
        let calendar = CalendarCollection(
            id: .generate(), ownerID: owner.id, name: "Feed", description: nil, color: "#3366cc", timeZone: "UTC", createdAt: now, updatedAt: now,
            version: 1)
        try await SQLiteCalendarStore(database: database).insert(calendar)
        let store = SQLiteLMSConnectionStore(database: database)
        let connection = LMSConnection(
            id: LMSConnectionID(rawValue: "c1"), ownerID: owner.id, kind: .ics, baseURL: "https://lms.example.edu", calendarID: calendar.id,
            createdAt: now, updatedAt: now)
        try await store.insert(connection, sealedCredentials: [1, 2, 3])
        // Never synced: due at once.
        #expect(try await store.activeConnections(notSyncedSince: now, limit: 10).map(\.id) == [connection.id])
        // The attempt starts, and the process dies before it records an outcome.
        try await store.recordSyncAttempt(of: connection.id, at: now)
        #expect(try await store.activeConnections(notSyncedSince: now.addingTimeInterval(-60), limit: 10).isEmpty)
        // A whole interval later it is tried once more.
        #expect(try await store.activeConnections(notSyncedSince: now.addingTimeInterval(3600), limit: 10).map(\.id) == [connection.id])
    }
}
