import CampusCalCore
import CampusCalICalendar
import CampusCalTestSupport
import Foundation
import Testing

/// Where notices go besides the inbox (the email/text outbox), grade notices, settings, and the
/// top-up of repeating reminders. The test clock starts at 2026-09-21T14:13:20Z.
@Suite("Notice delivery: the outbox follows each user's settings; grade notices only when asked")
struct NotificationDeliveryTests {
    @Test func settingsHaveQuietDefaultsAndTheTextAddressMustBeAnAddress() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("ada")
            let token = try await api.token("ada")
            let defaults = try await api.request(.get, "/api/v1/me/notification-settings", token: token)
            #expect(defaults.json["enabled"] as? Bool == true)
            #expect(defaults.json["email"] as? Bool == false)
            #expect(defaults.json["text"] as? Bool == false)
            #expect(defaults.json["device"] as? Bool == true)
            #expect(defaults.json["gradeUpdates"] as? Bool == false)
            #expect(defaults.json["includeFeedback"] as? Bool == false)
            #expect(defaults.json["textAddress"] is NSNull)
            let bad = try await api.request(
                .patch, "/api/v1/me/notification-settings", token: token, json: ["text": true, "textAddress": "208 555 1234"])
            #expect(bad.issueCodes == ["textAddress.invalid"])
            #expect(
                (bad.json["errors"] as? [[String: Any]])?.first?["message"] as? String
                    == "'208 555 1234' is not an email address; give your phone's email-to-SMS address, e.g. 2085551234@vtext.com.")
            // A failed change changes nothing.
            #expect(try await api.request(.get, "/api/v1/me/notification-settings", token: token).json["text"] as? Bool == false)
            let good = try await api.request(
                .patch, "/api/v1/me/notification-settings", token: token, json: ["text": true, "textAddress": " 2085551234@vtext.com "])
            #expect(good.json["textAddress"] as? String == "2085551234@vtext.com")
            #expect(good.json["text"] as? Bool == true)
            let cleared = try await api.request(.patch, "/api/v1/me/notification-settings", token: token, json: ["textAddress": NSNull()])
            #expect(cleared.json["textAddress"] is NSNull)
            #expect(cleared.json["text"] as? Bool == true)
        }
    }

    @Test func theOutboxQueuesEmailAndTextOnlyWhereTheUserAskedAndHasAnAddress() async throws {
        let server = try TestServer()
        try await server.run { api in
            // bea: email and text; cal: email on but no address in her profile; dan: everything off.
            _ = try await api.register("bea", extra: ["email": "bea@campus.edu"])
            _ = try await api.register("cal")
            _ = try await api.register("dan", extra: ["email": "dan@campus.edu"])
            for (name, settings) in [
                ("bea", ["email": true, "text": true, "textAddress": "2085550100@vtext.com"] as [String: Any]),
                ("cal", ["email": true]), ("dan", ["enabled": false, "email": true]),
            ] {
                let token = try await api.token(name)
                #expect(try await api.request(.patch, "/api/v1/me/notification-settings", token: token, json: settings).status == .ok)
                try await server.confirmAddresses(of: name)
                _ = try await api.request(
                    .post, "/api/v1/tasks", token: token,
                    json: ["title": "Quiz", "priority": "high", "due": ["date": "2026-10-10"], "reminders": [["at": "2026-09-22T00:00:00Z"]]])
            }
            server.clock.advance(by: 86_400)
            _ = try await server.services.notifications.fireDue()
            for name in ["bea", "cal", "dan"] {
                #expect(try await Self.inboxTitles(api, name) == ["Quiz"], "\(name)")
            }
            let notices = server.services.notifications.notices
            let queued = try await notices.claimDeliveries(at: server.clock.now(), limit: 10, lease: 600)
            #expect(Set(queued.map { "\($0.channel.rawValue) \($0.address)" }) == ["email bea@campus.edu", "text 2085550100@vtext.com"])
            #expect(try await notices.outboxDepth() == 2)
            // Claimed ones are not handed out again until the lease ends; a failed attempt waits for
            // its retry time; a sent one leaves the outbox.
            #expect(try await notices.claimDeliveries(at: server.clock.now(), limit: 10, lease: 600).isEmpty)
            let first = try #require(queued.first)
            try await notices.markDeliveryFailed(
                first.id, error: "421 try later", retryAt: server.clock.now().addingTimeInterval(60), at: server.clock.now())
            let later = try await notices.claimDeliveries(at: server.clock.now().addingTimeInterval(60), limit: 10, lease: 600)
            #expect(later.map(\.id) == [first.id])
            #expect(later.first?.attempts == 1)
            try await notices.markDelivered(first.id, at: server.clock.now())
            #expect(try await notices.outboxDepth() == 1)
            #expect(try await notices.claimDeliveries(at: server.clock.now().addingTimeInterval(601), limit: 10, lease: 600).count == 1)
        }
    }

    @Test func gradeNoticesComeOnlyWhenAskedAndCarryFeedbackOnlyWhenIncluded() async throws {
        let server = try TestServer()
        let student = try await server.createUser("eve")
        let now = server.clock.now()
        let assignment = TaskItem(
            id: .generate(), ownerID: student.id, title: "Lab report 2", course: "CHEM 105", source: .lms(system: "canvas", nativeID: "77"),
            pointsPossible: 50, createdAt: now, updatedAt: now)
        try await server.services.tasks.tasks.insert(assignment)
        let service = server.services.tasks
        let notifications = server.services.notifications

        // Not asked for: nothing.
        _ = try await service.update(
            assignment.id, for: student, changes: TaskChanges(grade: .set(TaskGrade(score: 40))), expectedVersion: nil)
        #expect(try await notifications.unread(for: student).isEmpty)

        var preferences = try await notifications.preferences(for: student)
        preferences.gradeUpdates = true
        try await notifications.setPreferences(preferences, for: student)
        _ = try await service.update(
            assignment.id, for: student,
            changes: TaskChanges(grade: .set(TaskGrade(score: 45, percentage: 90, letter: "A-")), feedback: .set("Clear method; cite sources.")),
            expectedVersion: nil)
        let graded = try #require(try await notifications.unread(for: student).first)
        #expect(graded.kind == .grade)
        #expect(graded.title == "Grade posted: Lab report 2")
        #expect(graded.body == "Lab report 2 (CHEM 105): 45 of 50 points, 90%, A-. Open the assignment to read the feedback.")

        preferences.includeFeedback = true
        try await notifications.setPreferences(preferences, for: student)
        server.clock.advance(by: 60)
        _ = try await service.update(
            assignment.id, for: student, changes: TaskChanges(feedback: .set("Resubmit with units.")), expectedVersion: nil)
        let feedback = try #require(try await notifications.unread(for: student).first)
        #expect(feedback.kind == .feedback)
        #expect(feedback.body == "Lab report 2 (CHEM 105): new feedback from your instructor.\nFeedback: Resubmit with units.")

        // The student's own manual task: their own edit is not news.
        let own = try await service.create(for: student, TaskChanges(title: "Own", priority: .set(.low)))
        _ = try await service.update(own.id, for: student, changes: TaskChanges(grade: .set(TaskGrade(score: 1))), expectedVersion: nil)
        #expect(try await notifications.unread(for: student).count == 2)
    }

    @Test func aRepeatingTaskKeepsRemindingAfterItsPlannedOccurrencesFire() async throws {
        let server = try TestServer()
        let student = try await server.createUser("fay")
        let task = try await server.services.tasks.create(
            for: student,
            TaskChanges(
                title: "Reading log", due: .set(.utc(LocalDateTime(year: 2026, month: 9, day: 22, hour: 12))), priority: .set(.medium),
                recurrenceRule: .set("FREQ=DAILY"), reminders: [.before(minutes: 60)]))
        #expect(task.recurrence != nil)
        // 30 days, more than the 20 occurrences planned ahead: each day's reminder arrives once.
        var received = 0
        for _ in 0..<30 {
            server.clock.advance(by: 86_400)
            let fired = try await server.services.notifications.fireDue()
            received += fired.count
            try await server.services.reminderReplanner.replan(after: fired)
        }
        #expect(received == 30)
        #expect(try await server.services.notifications.unread(for: student, limit: 1000).count == 30)
    }

    @Test func turningOnRemindersForEveryAssignmentPlansThemForTasksAlreadyThere() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("gus", extra: ["timeZone": "America/Denver"])
            let token = try await api.token("gus")
            // Due 23 September 09:00 MDT = 15:00Z; no reminders of its own.
            _ = try await api.request(
                .post, "/api/v1/tasks", token: token,
                json: ["title": "Worksheet", "priority": "low", "due": ["dateTime": "2026-09-23T09:00:00", "timeZone": "America/Denver"]])
            let settings = try await api.request(
                .patch, "/api/v1/me/notification-settings", token: token,
                json: ["remindAllAssignments": true, "defaultReminders": [["minutesBefore": 120]]])
            #expect(settings.status == .ok)
            server.clock.advance(by: ISO8601DateFormatter().date(from: "2026-09-23T12:59:59Z")!.timeIntervalSince(server.clock.now()))
            _ = try await server.services.notifications.fireDue()
            #expect(try await Self.inboxTitles(api, "gus").isEmpty)
            server.clock.advance(by: 1)
            _ = try await server.services.notifications.fireDue()
            #expect(try await Self.inboxTitles(api, "gus") == ["Worksheet"])
        }
    }

    @Test func housekeepingForgetsOldReadNoticesAndFinishedDeliveriesButNeverUnreadOnes() async throws {
        let server = try TestServer()
        let user = try await server.createUser("hal")
        var profile = user
        profile.email = "hal@campus.example"
        _ = try await server.services.accounts.users.update(profile, expectedVersion: user.version)
        try await server.confirmAddresses(of: "hal")
        let notifications = server.services.notifications
        try await notifications.setPreferences(NotificationPreferences(email: true), for: user)
        let read = try await notifications.notify(user.id, kind: .announcement, title: "Old news", body: "")
        try await notifications.markRead(read.id, for: user)
        _ = try await notifications.notify(user.id, kind: .announcement, title: "Still unread", body: "")
        for delivery in try await notifications.notices.claimDeliveries(at: server.clock.now(), limit: 10, lease: 60) {
            try await notifications.notices.markDelivered(delivery.id, at: server.clock.now())
        }
        #expect(try await notifications.purgeStale() == 0)
        server.clock.advance(by: NotificationService.readRetention + 1)
        // The read notice (its delivery goes with it) and the unread one's sent delivery.
        #expect(try await notifications.purgeStale() == 2)
        #expect(try await notifications.unread(for: user).map(\.title) == ["Still unread"])
    }

    @Test func movingToAnotherTimeZoneMovesWholeDayRemindersWithIt() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("ivy", extra: ["timeZone": "America/Denver"])
            var token = try await api.token("ivy")
            // Due 1 October (all day, so by its end: midnight into 2 October): "1 day before" is
            // midnight into 1 October in the user's zone.
            _ = try await api.request(
                .post, "/api/v1/tasks", token: token,
                json: ["title": "Reading response", "priority": "medium", "due": ["date": "2026-10-01"], "reminders": [["minutesBefore": 1440]]])
            // She moves to New York: the reminder comes two hours earlier in absolute time.
            let moved = try await api.request(.patch, "/api/v1/me", token: token, json: ["timeZone": "America/New_York"])
            #expect(moved.status == .ok, "\(String(decoding: moved.body, as: UTF8.self))")
            // Midnight EDT = 1 October 04:00Z (in Denver it would have been 06:00Z).
            server.clock.advance(by: ISO8601DateFormatter().date(from: "2026-10-01T03:59:59Z")!.timeIntervalSince(server.clock.now()))
            _ = try await server.services.notifications.fireDue()
            #expect(try await Self.inboxTitles(api, "ivy").isEmpty)
            server.clock.advance(by: 1)
            _ = try await server.services.notifications.fireDue()
            #expect(try await Self.inboxTitles(api, "ivy") == ["Reading response"])
            token = try await api.token("ivy")
            #expect(try await api.request(.get, "/api/v1/notifications", token: token).json["unreadCount"] as? Int == 1)
        }
    }

    /// The titles in the user's inbox, after logging in afresh (the tests move the clock by days).
    /// These tests run inside `server.run`, whose own scheduler may fire a reminder before the
    /// test's `fireDue()` does (that call then returns nothing), so the inbox, not what the call
    /// returns, shows that a reminder came once and on time. A firing is one transaction with its
    /// deliveries, and the test's call waits behind the scheduler's, so the inbox is settled here.
    static func inboxTitles(_ api: APIClient, _ username: String) async throws -> [String] {
        let inbox = try await api.request(.get, "/api/v1/notifications", token: try await api.token(username))
        return ((inbox.json["items"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }
    }
}
