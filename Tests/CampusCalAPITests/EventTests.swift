import CampusCalTestSupport
import Foundation
import Testing

@Suite("Events: create, expand in a window, change, delete — only in one's own calendars")
struct EventTests {
    /// Registers `name`, logs in, makes a calendar; returns the token and the calendar id.
    func setUp(_ api: APIClient, _ name: String, timeZone: String = "America/Denver") async throws -> (String, String) {
        _ = try await api.register(name, extra: ["timeZone": timeZone])
        let token = try await api.token(name)
        let calendar = try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Classes"])
        return (token, try #require(calendar.string("id")))
    }

    func items(_ reply: APIClient.Reply) -> [[String: Any]] { (reply.json["items"] as? [[String: Any]]) ?? [] }

    @Test func weeklyLectureExpandsInAMonthView() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "ann")
            let created = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token,
                json: [
                    "title": "CS 101", "location": "Romney 120",
                    "start": ["dateTime": "2026-09-02T09:00:00", "timeZone": "America/Denver"],
                    "end": ["dateTime": "2026-09-02T09:50:00", "timeZone": "America/Denver"],
                    "recurrenceRule": "FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20261211T235959Z",
                    "exceptionDates": [["dateTime": "2026-09-07T09:00:00", "timeZone": "America/Denver"]],
                ])
            #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
            #expect(created.string("mapUrl")?.contains("Romney%20120") == true)
            #expect(created.string("recurrenceRule") == "FREQ=WEEKLY;UNTIL=20261211T235959Z;BYDAY=MO,WE,FR")

            let september = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?from=2026-09-01&to=2026-10-01", token: token)
            #expect(september.status == .ok)
            let occurrences = items(september)
            // Sep 2026: M/W/F from Wed 2nd = 13 days, minus Labor Day (Mon 7th) as an exception.
            #expect(occurrences.count == 12)
            #expect((occurrences.first?["startsAt"] as? String) == "2026-09-02T15:00:00Z")
            #expect((occurrences.first?["recurrenceId"] as? [String: Any])?["dateTime"] as? String == "2026-09-02T09:00:00")
            #expect(!occurrences.contains { ($0["startsAt"] as? String)?.hasPrefix("2026-09-07") == true })
        }
    }

    @Test func dailyAt0230AcrossBothDSTChangesInDenver() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "bea")
            let created = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token,
                json: [
                    "title": "Night lab", "start": ["dateTime": "2026-03-07T02:30:00", "timeZone": "America/Denver"],
                    "recurrenceRule": "FREQ=DAILY;COUNT=3",
                ])
            #expect(created.status == .created)
            let spring = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?from=2026-03-06&to=2026-03-12", token: token)
            // 02:30 does not exist on 8 March: RFC 5545 reads it with the offset before the gap (= 03:30 MDT, 09:30Z).
            #expect(
                items(spring).compactMap { $0["startsAt"] as? String } == ["2026-03-07T09:30:00Z", "2026-03-08T09:30:00Z", "2026-03-09T08:30:00Z"])

            _ = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token,
                json: [
                    "title": "Fall lab", "start": ["dateTime": "2026-10-31T01:30:00", "timeZone": "America/Denver"],
                    "recurrenceRule": "FREQ=DAILY;COUNT=3",
                ])
            let fall = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?from=2026-10-30&to=2026-11-05", token: token)
            // 01:30 happens twice on 1 November: the first (MDT, 07:30Z) is meant.
            #expect(items(fall).compactMap { $0["startsAt"] as? String } == ["2026-10-31T07:30:00Z", "2026-11-01T07:30:00Z", "2026-11-02T08:30:00Z"])
        }
    }

    @Test func allDayEventStaysOnItsDateInEveryZone() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "cal")
            _ = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token,
                json: ["title": "Thanksgiving", "start": ["date": "2026-11-26"]])
            for zone in ["Pacific/Auckland", "America/Los_Angeles", "UTC"] {
                let reply = try await api.request(
                    .get, "/api/v1/calendars/\(calendar)/events?from=2026-11-20&to=2026-12-01&tz=\(zone)", token: token)
                let occurrence = try #require(items(reply).first)
                #expect((occurrence["start"] as? [String: Any])?["date"] as? String == "2026-11-26", "\(zone)")
                #expect((occurrence["end"] as? [String: Any])?["date"] as? String == "2026-11-27")
                #expect(occurrence["allDay"] as? Bool == true)
                #expect(reply.string("timeZone") == zone)
            }
        }
    }

    @Test func changeAndDeleteWithIfMatch() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "dee")
            let created = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token,
                json: ["title": "Study group", "start": ["dateTime": "2026-11-23T18:00:00Z"]])
            let id = try #require(created.string("id"))
            #expect((created.json["end"] as? [String: Any])?["dateTime"] as? String == "2026-11-23T19:00:00Z")

            let moved = try await api.request(
                .patch, "/api/v1/events/\(id)", token: token, json: ["start": ["dateTime": "2026-11-24T18:00:00Z"], "end": NSNull()],
                headers: [.ifMatch: "\"v1\""])
            #expect(moved.status == .ok)
            #expect(moved.json["sequence"] as? Int == 1)
            #expect(moved.headers[.eTag] == "\"v2\"")

            let stale = try await api.request(.delete, "/api/v1/events/\(id)", token: token, headers: [.ifMatch: "\"v1\""])
            #expect(stale.status == .preconditionFailed)
            #expect(try await api.request(.delete, "/api/v1/events/\(id)", token: token).status == .noContent)
            #expect(try await api.request(.get, "/api/v1/events/\(id)", token: token).status == .notFound)
        }
    }

    @Test func validationNamesTheField() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "eli")
            let path = "/api/v1/calendars/\(calendar)/events"
            let missing = try await api.request(.post, path, token: token, json: ["description": "no title, no time"])
            #expect(Set(missing.issueCodes) == ["title.required", "start.required"])

            let backwards = try await api.request(
                .post, path, token: token,
                json: ["title": "x", "start": ["dateTime": "2026-11-23T18:00:00Z"], "end": ["dateTime": "2026-11-23T17:00:00Z"]])
            #expect(backwards.issueCodes == ["end.before-start"])

            let zone = try await api.request(
                .post, path, token: token, json: ["title": "x", "start": ["dateTime": "2026-11-23T18:00:00", "timeZone": "Mars/Base"]])
            #expect(zone.issueCodes == ["start.time-zone"])

            let rule = try await api.request(
                .post, path, token: token, json: ["title": "x", "start": ["date": "2026-11-23"], "recurrenceRule": "FREQ=FORTNIGHTLY"])
            #expect(rule.issueCodes == ["recurrenceRule.invalid"])
            #expect(rule.string("detail")?.contains("FORTNIGHTLY") == true)

            let shape = try await api.request(.post, path, token: token, json: ["title": "x", "start": ["date": "2026-11-23", "dateTime": "x"]])
            #expect(shape.status == .badRequest)

            let window = try await api.request(.get, "\(path)?from=2026-01-01&to=2028-01-01", token: token)
            #expect(window.problemCode == "window-too-long")
            let noWindow = try await api.request(.get, path, token: token)
            #expect(noWindow.problemCode == "invalid-parameter")
        }
    }

    @Test func othersCannotSeeOrTouchEvents() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (owner, calendar) = try await setUp(api, "fay")
            let (intruder, _) = try await setUp(api, "gus")
            let created = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: owner, json: ["title": "Private", "start": ["date": "2026-11-23"]])
            let id = try #require(created.string("id"))

            #expect(try await api.request(.get, "/api/v1/events/\(id)", token: intruder).status == .notFound)
            #expect(try await api.request(.patch, "/api/v1/events/\(id)", token: intruder, json: ["title": "Mine"]).status == .notFound)
            #expect(try await api.request(.delete, "/api/v1/events/\(id)", token: intruder).status == .notFound)
            let list = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?from=2026-11-01&to=2026-12-01", token: intruder)
            #expect(list.status == .notFound)
            let post = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: intruder, json: ["title": "Spam", "start": ["date": "2026-11-24"]])
            #expect(post.status == .notFound)
            let agenda = try await api.request(.get, "/api/v1/agenda?from=2026-11-01&to=2026-12-01", token: intruder)
            #expect(items(agenda).isEmpty)
            #expect(try await api.request(.get, "/api/v1/events/\(id)", token: owner).string("title") == "Private")
        }
    }

    @Test func agendaMergesCalendarsInTimeOrder() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, classes) = try await setUp(api, "hal")
            let clubs = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Clubs"]).string("id"))
            _ = try await api.request(
                .post, "/api/v1/calendars/\(clubs)/events", token: token, json: ["title": "Chess", "start": ["dateTime": "2026-11-23T20:00:00Z"]])
            _ = try await api.request(
                .post, "/api/v1/calendars/\(classes)/events", token: token, json: ["title": "Math", "start": ["dateTime": "2026-11-23T15:00:00Z"]])
            let agenda = try await api.request(.get, "/api/v1/agenda?from=2026-11-23T00:00:00Z&to=2026-11-24T00:00:00Z", token: token)
            #expect(items(agenda).compactMap { $0["title"] as? String } == ["Math", "Chess"])
        }
    }
}
