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

        // 300 reminders due over 1.5 s, starting 4 s from now; the kill lands in the middle of them.
        let count = 300
        let start = Date().addingTimeInterval(4)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for index in 0..<count {
            let at = formatter.string(from: start.addingTimeInterval(1.5 * Double(index) / Double(count)))
            let (body, status) = try await first.request(
                "POST", "/api/v1/tasks",
                json: ["title": "R\(index)", "priority": "low", "due": ["date": "2030-01-01"], "reminders": [["at": at]]], token: token)
            #expect(status == 201, "\(String(decoding: body, as: UTF8.self))")
        }
        let created = Date()
        #expect(created < start, "creating the tasks took longer than the 4 s budget")
        try await Task.sleep(for: .seconds(max(0, start.timeIntervalSinceNow + 0.75)))
        let (partial, _) = try await first.request("GET", "/api/v1/notifications", token: token)
        try await first.stop(signal: SIGKILL)
        // Some had fired and some had not when the kill came (typically about half).
        let firedBeforeKill = (try JSONSerialization.jsonObject(with: partial) as? [String: Any])?["unreadCount"] as? Int ?? -1
        #expect((0..<count).contains(firedBeforeKill), "\(firedBeforeKill) had fired before the kill")

        let second = try ServerProcess(database: database, workingDirectory: directory.path)
        try await second.waitUntilReady()
        try await Task.sleep(for: .seconds(max(0, start.timeIntervalSinceNow + 2.5)))
        let (inbox, _) = try await second.request("GET", "/api/v1/notifications", token: token)
        let unreadCount = (try JSONSerialization.jsonObject(with: inbox) as? [String: Any])?["unreadCount"] as? Int
        #expect(unreadCount == count)
        try await second.stop(signal: SIGTERM)

        // Every title once: none lost, none twice.
        var configuration = CampusCalConfiguration()
        configuration.databasePath = database
        let services = try CampusCalServices(configuration: configuration)
        let user = try #require(try await services.accounts.users.credentials(username: "kit")?.user)
        let titles = try await services.notifications.unread(for: user, limit: 1000).map(\.title)
        #expect(titles.count == count)
        #expect(Set(titles) == Set((0..<count).map { "R\($0)" }))
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
        #expect(Date().timeIntervalSince(began) < 5)
    }
}
