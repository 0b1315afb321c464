import CampusCalCore
import CampusCalStorage
import CampusCalTestSupport
import Foundation
import Testing

@Suite("Session activity is kept in memory and written in batches")
struct BufferedSessionActivityTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    func store(in directory: TemporaryDirectory) async throws -> (BufferedSessionActivity, SQLiteSessionStore) {
        let database = try SQLiteDatabase(path: directory.file("db.sqlite"))
        let erin = UserCredentials(
            user: User(
                id: .generate(), username: "erin", displayName: "Erin", email: nil, phone: nil, timeZone: "UTC", role: .student,
                createdAt: start, updatedAt: start, version: 1),
            passwordHash: "$2b$04$abcdefghijklmnopqrstuuOzkQWLkWbRLJ9g3GygNVmhYyJzfeW4u")
        try await SQLiteUserStore(database: database).insert(erin)
        let sessions = SQLiteSessionStore(database: database)
        for index in 0..<3 {
            try await sessions.insert(
                Session(id: "s\(index)", userID: erin.user.id, createdAt: start, lastSeenAt: start, expiresAt: start.addingTimeInterval(12 * 3600)),
                tokenHash: "h\(index)")
        }
        return (BufferedSessionActivity(base: sessions), sessions)
    }

    @Test func activityIsSeenAtOnceAndWrittenInOneFlush() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (buffer, sqlite) = try await store(in: directory)
        try await buffer.touch(sessionID: "s0", at: start.addingTimeInterval(600))
        try await buffer.touch(sessionID: "s1", at: start.addingTimeInterval(900))
        try await buffer.touch(sessionID: "s1", at: start.addingTimeInterval(700))  // an older time never wins
        #expect(buffer.pendingCount == 2)
        // Not written yet, but every reader through the buffer sees it: the idle deadline moved.
        #expect(try await sqlite.session(tokenHash: "h1")?.0.lastSeenAt == start)
        #expect(try await buffer.session(tokenHash: "h1")?.0.lastSeenAt == start.addingTimeInterval(900))
        try await buffer.flush()
        #expect(buffer.pendingCount == 0)
        #expect(try await sqlite.session(tokenHash: "h0")?.0.lastSeenAt == start.addingTimeInterval(600))
        #expect(try await sqlite.session(tokenHash: "h1")?.0.lastSeenAt == start.addingTimeInterval(900))
        #expect(try await sqlite.session(tokenHash: "h2")?.0.lastSeenAt == start)
    }

    @Test func cleanupNeverDeletesASessionJustUsedAndRevokedOnesStayGone() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (buffer, sqlite) = try await store(in: directory)
        let now = start.addingTimeInterval(3600 + 30)
        // s0 was used 30 s ago (only in memory); s1 and s2 are idle for an hour.
        try await buffer.touch(sessionID: "s0", at: now.addingTimeInterval(-30))
        try await buffer.touch(sessionID: "s2", at: now.addingTimeInterval(-20))
        try await buffer.revoke(sessionID: "s2")
        #expect(try await buffer.deleteExpired(before: now, idleSince: now.addingTimeInterval(-3600)) == 1)
        #expect(try await sqlite.session(tokenHash: "h0") != nil)
        #expect(try await sqlite.session(tokenHash: "h1") == nil)
        #expect(try await buffer.session(tokenHash: "h2") == nil)
        try await buffer.flush()
        #expect(try await sqlite.session(tokenHash: "h2") == nil)
    }
}
