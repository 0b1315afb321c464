import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// The test clock starts at 2026-09-21T14:13:20Z (a Monday); DST ends in Denver on 1 November 2026.
@Suite("Event reminders: each occurrence, on time across DST, none for cancelled ones, topped up as they fire")
struct EventReminderTests {
    /// The unread list of `username`, logging in afresh: the tests move the clock by weeks, past any session's life.
    func unread(_ api: APIClient, _ username: String) async throws -> [[String: Any]] {
        let token = try await api.token(username)
        return (try await api.request(.get, "/api/v1/notifications", token: token).json["items"] as? [[String: Any]]) ?? []
    }

    /// Moves the clock to `instant` (ISO 8601, UTC), fires what is due and tops up the series that fired.
    func moveTo(_ server: TestServer, _ instant: String) async throws {
        let target = ISO8601DateFormatter().date(from: instant)!
        server.clock.advance(by: target.timeIntervalSince(server.clock.now()))
        let fired = try await server.services.notifications.fireDue()
        try await server.services.reminderReplanner.replan(after: fired)
    }

    /// A user in Denver with a calendar: (token, calendar id).
    func setUp(_ api: APIClient, _ name: String) async throws -> (String, String) {
        _ = try await api.register(name, extra: ["timeZone": "America/Denver"])
        let token = try await api.token(name)
        let calendar = try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Classes"])
        return (token, try #require(calendar.string("id")))
    }

    func denver(_ local: String) -> [String: Any] { ["dateTime": local, "timeZone": "America/Denver"] }

    @Test func aWeeklyEventRemindsBeforeEachOccurrenceAcrossDST() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "ada")
            let created = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token,
                json: [
                    "title": "Study group", "location": "Library 3rd floor", "start": denver("2026-10-18T09:00:00"),
                    "recurrenceRule": "FREQ=WEEKLY", "reminders": [["minutesBefore": 15], ["minutesBefore": 1440]],
                ])
            #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
            #expect(created.json["reminders"] as? [[String: Int]] == [["minutesBefore": 15], ["minutesBefore": 1440]])
            let id = try #require(created.string("id"))
            #expect(try await api.request(.get, "/api/v1/events/\(id)", token: token).json["reminders"] as? [[String: Int]] != nil)

            // 18 October 09:00 MDT = 15:00Z: a day before (17th, 15:00Z), then 15 minutes before.
            try await moveTo(server, "2026-10-17T14:59:59Z")
            #expect(try await unread(api, "ada").isEmpty)
            try await moveTo(server, "2026-10-17T15:00:00Z")
            #expect(try await unread(api, "ada").count == 1)
            try await moveTo(server, "2026-10-18T14:44:59Z")
            #expect(try await unread(api, "ada").count == 1)
            try await moveTo(server, "2026-10-18T14:45:00Z")
            #expect(try await unread(api, "ada").count == 2)
            try await moveTo(server, "2026-10-25T14:45:00Z")
            #expect(try await unread(api, "ada").count == 4)

            // 1 November 09:00 is MST (16:00Z): the day before is 09:00 MDT on the wall clock (15:00Z), not 24 hours.
            try await moveTo(server, "2026-10-31T14:59:59Z")
            #expect(try await unread(api, "ada").count == 4)
            try await moveTo(server, "2026-10-31T15:00:00Z")
            let dayBefore = try await unread(api, "ada")
            #expect(dayBefore.count == 5)
            #expect(dayBefore.contains { $0["body"] as? String == "Study group (Library 3rd floor) starts Sunday, November 1 at 9:00 AM." })
            #expect(dayBefore.allSatisfy { $0["link"] as? String == "/api/v1/events/\(id)" && $0["title"] as? String == "Study group" })
            // 15 minutes before is exact: 15:45Z.
            try await moveTo(server, "2026-11-01T15:44:59Z")
            #expect(try await unread(api, "ada").count == 5)
            try await moveTo(server, "2026-11-01T15:45:00Z")
            #expect(try await unread(api, "ada").count == 6)
            // Firing again never repeats a reminder.
            try await moveTo(server, "2026-11-01T15:46:00Z")
            #expect(try await unread(api, "ada").count == 6)
        }
    }

    @Test func excludedAndCancelledOccurrencesDoNotRemindAndAMovedOneRemindsAtItsNewTime() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "bob")
            // Mondays 10:00: 5 Oct, 12 Oct (EXDATE), 19 Oct (cancelled), 26 Oct (moved to 14:00), 2 Nov (status cancelled), 9 Nov.
            let created = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token,
                json: [
                    "title": "Chemistry lab", "location": "Room 204", "start": denver("2026-10-05T10:00:00"),
                    "recurrenceRule": "FREQ=WEEKLY;COUNT=6", "exceptionDates": [denver("2026-10-12T10:00:00")],
                    "reminders": [["minutesBefore": 15]],
                ])
            let id = try #require(created.string("id"))
            let occurrences = "/api/v1/events/\(id)/occurrences/"
            #expect(try await api.request(.delete, occurrences + "2026-10-19T16:00:00Z", token: token).status == .noContent)
            let moved = try await api.request(
                .patch, occurrences + "2026-10-26T16:00:00Z", token: token,
                json: ["start": denver("2026-10-26T14:00:00"), "end": denver("2026-10-26T15:00:00")])
            #expect(moved.status == .ok, "\(String(decoding: moved.body, as: UTF8.self))")
            let cancelled = try await api.request(.patch, occurrences + "2026-11-02T17:00:00Z", token: token, json: ["status": "cancelled"])
            #expect(cancelled.status == .ok)
            // Reminders are the series': an occurrence cannot have its own.
            let own = try await api.request(.patch, occurrences + "2026-11-09T17:00:00Z", token: token, json: ["reminders": []])
            #expect(own.issueCodes == ["reminders.series-only"])

            try await moveTo(server, "2026-10-05T15:45:00Z")
            #expect(try await unread(api, "bob").count == 1)
            try await moveTo(server, "2026-10-26T19:44:59Z")
            #expect(try await unread(api, "bob").count == 1)
            try await moveTo(server, "2026-10-26T19:45:00Z")
            let afterMove = try await unread(api, "bob")
            #expect(afterMove.count == 2)
            #expect(afterMove.contains { $0["body"] as? String == "Chemistry lab (Room 204) starts Monday, October 26 at 2:00 PM." })
            try await moveTo(server, "2026-11-09T16:44:59Z")
            #expect(try await unread(api, "bob").count == 2)
            try await moveTo(server, "2026-11-09T16:45:00Z")
            let last = try await unread(api, "bob")
            #expect(last.count == 3)
            #expect(last.contains { $0["body"] as? String == "Chemistry lab (Room 204) starts Monday, November 9 at 10:00 AM." })
        }
    }

    @Test func deletingOrCancellingAnEventWithdrawsItsPendingReminders() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "cyd")
            var ids: [String] = []
            for title in ["Seminar", "Office hours", "Advising"] {
                let created = try await api.request(
                    .post, "/api/v1/calendars/\(calendar)/events", token: token,
                    json: [
                        "title": title, "start": denver("2026-10-01T13:00:00"), "reminders": [["minutesBefore": 60], ["at": "2026-09-30T12:00:00Z"]],
                    ])
                ids.append(try #require(created.string("id")))
            }
            #expect(try await api.request(.delete, "/api/v1/events/\(ids[0])", token: token).status == .noContent)
            #expect(try await api.request(.patch, "/api/v1/events/\(ids[1])", token: token, json: ["status": "cancelled"]).status == .ok)
            // Deleting a calendar withdraws the reminders of its events too.
            let clubs = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Clubs"]).string("id"))
            _ = try await api.request(
                .post, "/api/v1/calendars/\(clubs)/events", token: token,
                json: ["title": "Chess club", "start": denver("2026-10-01T18:00:00"), "reminders": [["minutesBefore": 60]]])
            #expect(try await api.request(.delete, "/api/v1/calendars/\(clubs)", token: token).status == .noContent)
            try await moveTo(server, "2026-10-02T00:00:00Z")
            let left = try await unread(api, "cyd")
            #expect(left.count == 2)
            #expect(left.allSatisfy { $0["title"] as? String == "Advising" })
        }
    }

    @Test func anAbsoluteReminderOfASeriesFiresOnceNotOncePerOccurrence() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "ike")
            let created = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token,
                json: [
                    "title": "Tutoring", "start": denver("2026-10-06T16:00:00"), "recurrenceRule": "FREQ=WEEKLY",
                    "reminders": [["at": "2026-10-01T15:00:00Z"]],
                ])
            #expect(created.status == .created)
            try await moveTo(server, "2026-10-01T15:00:00Z")
            let fired = try await unread(api, "ike")
            #expect(fired.count == 1)
            #expect(fired.first?["body"] as? String == "Tutoring starts Tuesday, October 6 at 4:00 PM.")
        }
    }

    @Test func aPastReminderTimeIsRefusedAsAnInvalidDate() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "dia")
            let refused = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token,
                json: ["title": "Midterm", "start": denver("2026-10-14T08:00:00"), "reminders": [["at": "2026-09-20T10:00:00Z"]]])
            #expect(refused.issueCodes == ["reminders.past"])
            #expect(
                (refused.json["errors"] as? [[String: Any]])?.first?["message"] as? String
                    == "Invalid date: the reminder time is in the past; choose a time from now on.")
            let created = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token, json: ["title": "Midterm", "start": denver("2026-10-14T08:00:00")])
            let id = try #require(created.string("id"))
            #expect(created.json["reminders"] as? [Any] != nil)
            let patch = try await api.request(.patch, "/api/v1/events/\(id)", token: token, json: ["reminders": [["at": "2026-09-21T14:13:20Z"]]])
            #expect(patch.issueCodes == ["reminders.past"])
            let unknown = try await api.request(
                .patch, "/api/v1/events/\(id)", token: token, json: ["reminders": [["minutesBefore": 5, "sound": "bell"]]])
            #expect(unknown.status == .badRequest)
        }
    }

    @Test func aDailySeriesIsToppedUpAsItFiresAndEachDayRemindsOnce() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "eli")
            let created = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token,
                json: [
                    "title": "Standup", "start": denver("2026-09-22T08:00:00"), "recurrenceRule": "FREQ=DAILY", "reminders": [["minutesBefore": 30]],
                ])
            #expect(created.status == .created)
            // Only `plannedOccurrences` (20) are planned at first; the replanner adds the rest as they fire.
            var bodies: [String] = []
            for day in 0..<25 {
                try await moveTo(server, ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 1_790_083_800 + Double(day) * 86_400)))
                let items = try await unread(api, "eli")
                #expect(items.count == day + 1, "day \(day)")
                bodies = items.compactMap { $0["body"] as? String }
            }
            #expect(Set(bodies).count == 25)
            #expect(bodies.contains("Standup starts Friday, October 16 at 8:00 AM."))
        }
    }

    @Test func anotherUserCannotSeeOrSetRemindersOnSomeoneElsesEvent() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "fay")
            let created = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token,
                json: ["title": "Recital", "start": denver("2026-10-10T19:00:00"), "reminders": [["minutesBefore": 120]]])
            let id = try #require(created.string("id"))
            _ = try await api.register("gus", extra: ["timeZone": "America/Denver"])
            let other = try await api.token("gus")
            #expect(try await api.request(.get, "/api/v1/events/\(id)", token: other).status == .notFound)
            let patch = try await api.request(.patch, "/api/v1/events/\(id)", token: other, json: ["reminders": [["minutesBefore": 5]]])
            #expect(patch.status == .notFound)
            try await moveTo(server, "2026-10-11T00:00:00Z")
            #expect(try await unread(api, "gus").isEmpty)
            let own = try await unread(api, "fay")
            #expect(own.count == 1)
            #expect(own.first?["body"] as? String == "Recital starts Saturday, October 10 at 7:00 PM.")
        }
    }

    @Test func importedAlarmsBecomeRemindersAndExportAsAlarms() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "hal")
            let ics = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN",
                "BEGIN:VEVENT", "UID:lab-1@example.edu", "DTSTAMP:20260901T000000Z", "SUMMARY:Physics lab",
                "DTSTART:20261005T150000Z", "DTEND:20261005T170000Z",
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT30M", "END:VALARM",
                // Skipped: after the end, and a time already past.
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER;RELATED=END:PT0M", "END:VALARM",
                "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER;VALUE=DATE-TIME:20260901T000000Z", "END:VALARM",
                "END:VEVENT", "END:VCALENDAR", "",
            ].joined(separator: "\r\n")
            let imported = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/import", token: token, rawBody: ics, headers: [.contentType: "text/calendar"])
            #expect(imported.json["created"] as? Int == 1)
            #expect((imported.json["problems"] as? [Any])?.isEmpty == true)
            let window = try await api.request(
                .get, "/api/v1/calendars/\(calendar)/events?from=2026-10-01&to=2026-10-10", token: token)
            let id = try #require((window.json["items"] as? [[String: Any]])?.first?["eventId"] as? String)
            let event = try await api.request(.get, "/api/v1/events/\(id)", token: token)
            #expect(event.json["reminders"] as? [[String: Int]] == [["minutesBefore": 30]])

            let export = try await api.request(.get, "/api/v1/calendars/\(calendar)/export.ics", token: token)
            let text = String(decoding: export.body, as: UTF8.self)
            #expect(text.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT30M\r\nDESCRIPTION:Physics lab\r\nEND:VALARM"))
            // The export imports back unchanged.
            let again = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/import", token: token, rawBody: text, headers: [.contentType: "text/calendar"])
            #expect(again.json["unchanged"] as? Int == 1)

            try await moveTo(server, "2026-10-05T14:30:00Z")
            #expect(try await unread(api, "hal").first?["body"] as? String == "Physics lab starts Monday, October 5 at 9:00 AM.")
        }
    }
}
