import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// The test clock starts at 2026-09-21T14:13:20Z; DST ends in Denver on 1 November 2026.
@Suite("Reminders and the notification engine: exactly once, on time across DST, quiet when off")
struct NotificationTests {
    /// The unread list of `username`, logging in afresh: the tests move the clock by weeks, past any session's life.
    func unread(_ api: APIClient, _ username: String) async throws -> [[String: Any]] {
        let token = try await api.token(username)
        return (try await api.request(.get, "/api/v1/notifications", token: token).json["items"] as? [[String: Any]]) ?? []
    }

    /// Moves the clock to `instant` (ISO 8601, UTC) and fires what is due.
    func moveTo(_ server: TestServer, _ instant: String) async throws {
        let target = ISO8601DateFormatter().date(from: instant)!
        server.clock.advance(by: target.timeIntervalSince(server.clock.now()))
        try await server.services.notifications.fireDue()
    }

    @Test func remindersFireOnceAtTheRightInstantAcrossDST() async throws {
        let server = try TestServer()
        try await server.run { api in
            let name = "ria"
            _ = try await api.register(name, extra: ["timeZone": "America/Denver"])
            var token = try await api.token(name)
            let created = try await api.request(
                .post, "/api/v1/tasks", token: token,
                json: [
                    "title": "Problem set 9", "course": "MATH 112", "priority": "high",
                    "due": ["dateTime": "2026-11-02T09:00:00", "timeZone": "America/Denver"],
                    "reminders": [["minutesBefore": 2880], ["minutesBefore": 90]],
                ])
            #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
            #expect((created.json["reminders"] as? [[String: Any]])?.count == 2)
            // Two days before on the wall clock: 31 October 09:00 MDT = 15:00Z (not 16:00Z, 48 exact hours).
            try await moveTo(server, "2026-10-31T14:59:59Z")
            #expect(try await unread(api, name).isEmpty)
            try await moveTo(server, "2026-10-31T15:00:00Z")
            let first = try await unread(api, name)
            #expect(first.count == 1)
            #expect(first.first?["kind"] as? String == "reminder")
            #expect(first.first?["body"] as? String == "Problem set 9 (MATH 112) is due Monday, November 2 at 9:00 AM.")
            // Firing again, or re-planning by changing the task's title, never repeats a fired reminder.
            try await server.services.notifications.fireDue()
            let id = try #require(created.string("id"))
            token = try await api.token(name)
            _ = try await api.request(.patch, "/api/v1/tasks/\(id)", token: token, json: ["description": "chapters 5-6"])
            try await moveTo(server, "2026-11-02T14:29:59Z")
            #expect(try await unread(api, name).count == 1)
            // 90 minutes exactly: 07:30 MST = 14:30Z.
            try await moveTo(server, "2026-11-02T14:30:00Z")
            let both = try await unread(api, name)
            #expect(both.count == 2)
            // Read = gone from the unread list.
            let noticeID = try #require(both.first?["id"] as? String)
            token = try await api.token(name)
            #expect(try await api.request(.post, "/api/v1/notifications/\(noticeID)/read", token: token).status == .noContent)
            #expect(try await unread(api, name).count == 1)
            // Someone else cannot read (or even find) it.
            _ = try await api.register("sol")
            let other = try await api.token("sol")
            #expect(try await api.request(.post, "/api/v1/notifications/\(noticeID)/read", token: other).status == .notFound)
        }
    }

    @Test func aCompletedOrDeletedTaskRemindsNoMoreAndPastReminderTimesAreRefused() async throws {
        let server = try TestServer()
        try await server.run { api in
            let name = "tom"
            _ = try await api.register(name, extra: ["timeZone": "America/Denver"])
            let token = try await api.token(name)
            let past = try await api.request(
                .post, "/api/v1/tasks", token: token,
                json: ["title": "Essay", "priority": "low", "due": ["date": "2026-10-10"], "reminders": [["at": "2026-09-20T10:00:00Z"]]])
            #expect(past.issueCodes == ["reminders.past"])
            #expect(
                (past.json["errors"] as? [[String: Any]])?.first?["message"] as? String
                    == "Invalid date: the reminder time is in the past; choose a time from now on.")
            let created = try await api.request(
                .post, "/api/v1/tasks", token: token,
                json: ["title": "Essay", "priority": "low", "due": ["date": "2026-10-10"], "reminders": [["at": "2026-10-01T10:00:00-06:00"]]])
            let id = try #require(created.string("id"))
            _ = try await api.request(.patch, "/api/v1/tasks/\(id)", token: token, json: ["status": "completed"])
            try await moveTo(server, "2026-10-02T00:00:00Z")
            #expect(try await unread(api, name).isEmpty)
        }
    }

    @Test func notificationsOffMeansQuietButTheInboxStillFills() async throws {
        let server = try TestServer()
        try await server.run { api in
            let name = "uma"
            _ = try await api.register(name, extra: ["timeZone": "America/Denver"])
            let token = try await api.token(name)
            let port = try #require(api.port)
            let settings = try await api.request(.patch, "/api/v1/me/notification-settings", token: token, json: ["enabled": false])
            #expect(settings.json["enabled"] as? Bool == false)
            #expect(
                try await api.request(.patch, "/api/v1/me/notification-settings", token: token, json: ["enabled": NSNull()]).status == .badRequest)
            let stream = EventStreamReader()
            try await stream.open(port: port, path: "/api/v1/notifications/stream", token: token)
            #expect(await stream.read(until: ": connected") != nil)
            _ = try await api.request(
                .post, "/api/v1/tasks", token: token,
                json: ["title": "Quiet one", "priority": "low", "due": ["date": "2026-10-10"], "reminders": [["at": "2026-09-22T00:00:00Z"]]])
            try await moveTo(server, "2026-09-22T00:00:01Z")
            #expect(try await unread(api, name).count == 1)
            #expect(await stream.read(until: "event: notice", timeout: 1) == nil)
        }
    }

    @Test func aLiveStreamReceivesTheReminderWhenItFires() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("vic", extra: ["timeZone": "America/Denver"])
            let token = try await api.token("vic")
            let stream = EventStreamReader()
            try await stream.open(port: try #require(api.port), path: "/api/v1/notifications/stream", token: token)
            #expect(await stream.read(until: ": connected") != nil)
            _ = try await api.request(
                .post, "/api/v1/tasks", token: token,
                json: ["title": "Lab 3", "priority": "medium", "due": ["date": "2026-10-10"], "reminders": [["at": "2026-09-22T00:00:00Z"]]])
            try await moveTo(server, "2026-09-22T00:00:00Z")
            let received = await stream.read(until: "event: notice")
            #expect(received?.contains("\"title\":\"Lab 3\"") == true)
            #expect(try await api.request(.get, "/api/v1/notifications/stream", token: nil).status == .unauthorized)
        }
    }

    @Test func twoSchedulersRacingOverOneDatabaseFireEachReminderOnce() async throws {
        let server = try TestServer()
        let owner = try await server.createUser("wyn")
        let planned = (0..<500).map { index in
            ScheduledNotice(
                key: "test:\(index)", userID: owner.id, fireAt: server.clock.now().addingTimeInterval(Double(index % 7)), kind: .reminder,
                title: "R\(index)", body: "")
        }
        try await server.services.notifications.notices.schedule(planned, replacingPendingWithPrefix: nil)
        server.clock.advance(by: 10)
        let second = NotificationService(notices: server.services.notifications.notices, clock: server.clock)
        async let a = server.services.notifications.fireDue()
        async let b = second.fireDue()
        let fired = try await a.count + b.count
        #expect(fired == 500)
        #expect(try await server.services.notifications.unread(for: owner, limit: 1000).count == 500)
        try await server.services.notifications.notices.schedule(planned, replacingPendingWithPrefix: nil)
        #expect(try await second.fireDue().isEmpty)
    }
}
