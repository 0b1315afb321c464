import CampusCalApp
import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real binary and the real clock: reminders fire exactly once across a SIGKILL in the middle
/// of firing, and SIGTERM stops the server promptly even with an event stream open.
@Suite("Reminders across crashes (the campuscal process)", .serialized)
struct ReminderCrashTests {
    @Test func aServerKilledWhileRemindersFallDueDeliversEachExactlyOnceAfterRestart() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.file("campuscal.sqlite")
        let first = try ServerProcess(database: database, workingDirectory: directory.path)
        try await first.waitUntilReady()
        _ = try await first.request("POST", "/api/v1/auth/register", json: ["username": "kit", "password": "Passw0rd!"])
        let (login, _) = try await first.request("POST", "/api/v1/auth/login", json: ["username": "kit", "password": "Passw0rd!"])
        let token = try #require((try JSONSerialization.jsonObject(with: login) as? [String: Any])?["token"] as? String)

        // Tasks are created for at least 3 s, each with a reminder due 3 s after it was created,
        // and the kill comes 1.5 s after the last: the early ones have fired by then, the late
        // ones not yet — however fast or slow this machine creates them.
        let formatter = ISO8601DateFormatter()
        let began = Date()
        var count = 0
        var lastDue = began
        while count < 50 || (Date().timeIntervalSince(began) < 3 && count < 400) {
            lastDue = Date().addingTimeInterval(3)
            let (body, status) = try await first.request(
                "POST", "/api/v1/tasks",
                json: [
                    "title": "R\(count)", "priority": "low", "due": ["date": "2030-01-01"],
                    "reminders": [["at": formatter.string(from: lastDue.addingTimeInterval(1))]],
                ], token: token)
            #expect(status == 201, "\(String(decoding: body, as: UTF8.self))")
            count += 1
        }
        try await Task.sleep(for: .seconds(1.5))
        try await first.stop(signal: SIGKILL)
        // What had fired when the kill came, read from the file itself: some, not all.
        let firedBeforeKill = try await Self.titles(in: database).count
        #expect(firedBeforeKill < count, "all \(count) had fired before the kill: the test did not kill mid-firing")

        let second = try ServerProcess(database: database, workingDirectory: directory.path)
        try await second.waitUntilReady()
        // The restarted scheduler catches up on what is overdue; on a busy machine that can take a
        // while after /healthz answers, so wait for the count (duplicates show in the titles below).
        var unreadCount: Int?
        let caughtUp = try await eventually {
            let (inbox, _) = try await second.request("GET", "/api/v1/notifications", token: token)
            unreadCount = (try JSONSerialization.jsonObject(with: inbox) as? [String: Any])?["unreadCount"] as? Int
            return unreadCount == count && lastDue.timeIntervalSinceNow < -1
        }
        #expect(caughtUp, "unread \(String(describing: unreadCount)) of \(count)")
        try await second.stop(signal: SIGTERM)

        // Every title once: none lost, none twice.
        let titles = try await Self.titles(in: database)
        #expect(titles.count == count)
        #expect(Set(titles) == Set((0..<count).map { "R\($0)" }))
    }

    /// The titles in kit's inbox, read from the database file in this process (no server running).
    static func titles(in database: String) async throws -> [String] {
        var configuration = CampusCalConfiguration()
        configuration.databasePath = database
        let services = try CampusCalServices(configuration: configuration)
        let user = try #require(try await services.accounts.users.credentials(username: "kit")?.user)
        return try await services.notifications.unread(for: user, limit: 1000).map(\.title)
    }

    @Test func sigtermStopsTheServerPromptlyWithAnEventStreamOpen() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try ServerProcess(database: directory.file("campuscal.sqlite"), workingDirectory: directory.path)
        try await server.waitUntilReady()
        _ = try await server.request("POST", "/api/v1/auth/register", json: ["username": "liv", "password": "Passw0rd!"])
        let (login, _) = try await server.request("POST", "/api/v1/auth/login", json: ["username": "liv", "password": "Passw0rd!"])
        let token = try #require((try JSONSerialization.jsonObject(with: login) as? [String: Any])?["token"] as? String)
        let stream = EventStreamReader()
        try await stream.open(port: server.port, path: "/api/v1/notifications/stream", token: token)
        #expect(await stream.read(until: ": connected") != nil)
        let began = Date()
        #expect(try await server.stop(signal: SIGTERM, timeout: 10) == 0)
        #expect(Date().timeIntervalSince(began) < TestTime.budget(8))
    }
}
