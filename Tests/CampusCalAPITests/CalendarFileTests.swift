import CampusCalTestSupport
import Foundation
import Testing

@Suite("iCalendar import and export of a calendar")
struct CalendarFileTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ics")

    func fixture(_ name: String) throws -> String { try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8) }

    func setUp(_ api: APIClient, _ name: String) async throws -> (String, String) {
        _ = try await api.register(name, extra: ["timeZone": "America/Denver"])
        let token = try await api.token(name)
        let calendar = try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Imported"])
        return (token, try #require(calendar.string("id")))
    }

    func importFile(_ api: APIClient, _ token: String, _ calendar: String, _ text: String) async throws -> APIClient.Reply {
        try await api.request(
            .post, "/api/v1/calendars/\(calendar)/import", token: token, rawBody: text, headers: [.contentType: "text/calendar"])
    }

    func startsAt(_ reply: APIClient.Reply, title: String) -> [String] {
        ((reply.json["items"] as? [[String: Any]]) ?? []).filter { ($0["title"] as? String) == title }.compactMap { $0["startsAt"] as? String }
    }

    @Test func googleFeedImportsOnceAndGivesTheRightOccurrences() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "ivy")
            let first = try await importFile(api, token, calendar, try fixture("google-style.ics"))
            #expect(first.status == .ok)
            #expect(first.json["created"] as? Int == 3)
            // The one-occurrence override (RECURRENCE-ID) joins its series instead of being an event of its own.
            #expect((first.json["problems"] as? [[String: Any]])?.isEmpty == true)

            let again = try await importFile(api, token, calendar, try fixture("google-style.ics"))
            #expect(again.json["created"] as? Int == 0)
            #expect(again.json["updated"] as? Int == 0)
            #expect(again.json["unchanged"] as? Int == 3)

            let fall = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?from=2026-09-01&to=2026-12-31", token: token)
            let study = startsAt(fall, title: "Study group: Algorithms")
            // Mondays 14 Sep – 7 Dec at 18:00 New York, without 12 Oct and 9 Nov: 11, EDT then EST;
            // the one of 21 Sep was moved an hour later and renamed.
            #expect(study.count == 10)
            #expect(startsAt(fall, title: "Study group: Algorithms (late)") == ["2026-09-21T23:00:00Z"])
            #expect(study.first == "2026-09-14T22:00:00Z")
            #expect(study.last == "2026-12-07T23:00:00Z")
            #expect(!study.contains("2026-10-12T22:00:00Z"))
        }
    }

    @Test func outlookWindowsZoneNamesAreUnderstood() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "jay")
            let reply = try await importFile(api, token, calendar, try fixture("outlook-style.ics"))
            #expect(reply.json["created"] as? Int == 2)
            let autumn = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?from=2026-10-01&to=2026-12-01", token: token)
            // "W. Europe Standard Time" is Europe/Berlin: 16:00 is 14:00Z in summer time, 15:00Z after 25 October.
            // COUNT=6 counts 27 October, which EXDATE then removes.
            #expect(
                startsAt(autumn, title: "Sprechstunde") == [
                    "2026-10-13T14:00:00Z", "2026-10-20T14:00:00Z", "2026-11-03T15:00:00Z", "2026-11-10T15:00:00Z",
                    "2026-11-17T15:00:00Z",
                ])
        }
    }

    @Test(arguments: ["lms/canvas.ics", "lms/moodle.ics", "lms/brightspace.ics", "apple-style.ics"])
    func lmsAndAppleFeedsImport(_ name: String) async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "kim")
            let text = try fixture(name)
            let reply = try await importFile(api, token, calendar, text)
            #expect(reply.status == .ok)
            // Every item, deadlines (DTEND = DTSTART) included, and nothing reported.
            let vevents = text.components(separatedBy: "BEGIN:VEVENT").count - 1
            #expect(reply.json["created"] as? Int == vevents, "\(String(decoding: reply.body, as: UTF8.self))")
            #expect((reply.json["problems"] as? [Any])?.isEmpty == true, "\(String(decoding: reply.body, as: UTF8.self))")
        }
    }

    @Test func exportReimportsIntoAnotherCalendarUnchanged() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "lee")
            _ = try await importFile(api, token, calendar, try fixture("google-style.ics"))
            let export = try await api.request(.get, "/api/v1/calendars/\(calendar)/export.ics", token: token)
            #expect(export.status == .ok)
            #expect(export.headers[.contentType] == "text/calendar; charset=utf-8")
            let text = String(decoding: export.body, as: UTF8.self)
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
            #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York"))

            let copy = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Copy"]).string("id"))
            let reimport = try await importFile(api, token, copy, text)
            #expect(reimport.json["created"] as? Int == 3)
            #expect((reimport.json["problems"] as? [Any])?.isEmpty == true)
            let window = "?from=2026-09-01&to=2026-12-31"
            let original = try await api.request(.get, "/api/v1/calendars/\(calendar)/events\(window)", token: token)
            let copied = try await api.request(.get, "/api/v1/calendars/\(copy)/events\(window)", token: token)
            #expect(startsAt(original, title: "Study group: Algorithms") == startsAt(copied, title: "Study group: Algorithms"))
        }
    }

    @Test func aPartlyBadFileImportsItsGoodEventsAndNamesTheBadLines() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "max")
            let text = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN",
                "BEGIN:VEVENT", "UID:good-1", "DTSTART:20261201T150000Z", "SUMMARY:Good", "END:VEVENT",
                "BEGIN:VEVENT", "UID:no-start", "SUMMARY:No start", "END:VEVENT",
                "BEGIN:VEVENT", "UID:bad-rule", "DTSTART:20261201T150000Z", "RRULE:FREQ=SOMETIMES", "SUMMARY:Bad rule", "END:VEVENT",
                "END:VCALENDAR",
            ].joined(separator: "\r\n")
            let reply = try await importFile(api, token, calendar, text)
            #expect(reply.json["created"] as? Int == 1)
            let problems = (reply.json["problems"] as? [[String: Any]]) ?? []
            #expect(problems.count >= 2)
            #expect(problems.allSatisfy { $0["line"] is Int })

            let notICS = try await importFile(api, token, calendar, "hello")
            #expect(notICS.problemCode == "not-icalendar")
            let json = try await api.request(.post, "/api/v1/calendars/\(calendar)/import", token: token, json: ["x": 1])
            #expect(json.status == .unsupportedMediaType)
        }
    }

    @Test func othersCannotExportOrImport() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (_, calendar) = try await setUp(api, "ned")
            let (intruder, _) = try await setUp(api, "ozzy")
            #expect(try await api.request(.get, "/api/v1/calendars/\(calendar)/export.ics", token: intruder).status == .notFound)
            #expect(try await importFile(api, intruder, calendar, try fixture("google-style.ics")).status == .notFound)
        }
    }
}

@Suite("Calendar subscription feeds")
struct CalendarFeedTests {
    @Test func secretFeedServesTheCalendarWithoutLoginUntilRevoked() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("pia")
            let token = try await api.token("pia")
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Exams"]).string("id"))
            _ = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token, json: ["title": "Final", "start": ["date": "2026-12-14"]])

            let feed = try await api.request(.post, "/api/v1/calendars/\(calendar)/feed", token: token)
            #expect(feed.status == .created)
            let path = try #require(feed.string("path"))
            #expect(feed.string("url")?.hasSuffix(path) == true)

            let fetched = try await api.request(.get, path)
            #expect(fetched.status == .ok)
            #expect(fetched.headers[.cacheControl] == "private, max-age=300")
            let text = String(decoding: fetched.body, as: UTF8.self)
            #expect(text.contains("SUMMARY:Final"))
            #expect(text.contains("DTSTART;VALUE=DATE:20261214"))

            // Polls that find nothing new get 304 and no body (RFC 9110 §13.1.2: weak comparison,
            // lists); a change to the calendar's events or to the calendar gives a new tag.
            let tag = try #require(fetched.headers[.eTag])
            #expect(tag.hasPrefix("W/\""))
            let unchanged = try await api.request(.get, path, headers: [.ifNoneMatch: tag])
            #expect(unchanged.status == .notModified)
            #expect(unchanged.body.isEmpty)
            #expect(unchanged.headers[.eTag] == tag)
            #expect(try await api.request(.get, path, headers: [.ifNoneMatch: "\"other\", \(tag.dropFirst(2))"]).status == .notModified)
            #expect(try await api.request(.get, path, headers: [.ifNoneMatch: "\"other\""]).status == .ok)
            _ = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token, json: ["title": "Resit", "start": ["date": "2027-01-11"]])
            let afterEvent = try await api.request(.get, path, headers: [.ifNoneMatch: tag])
            #expect(afterEvent.status == .ok)
            #expect(String(decoding: afterEvent.body, as: UTF8.self).contains("SUMMARY:Resit"))
            let eventTag = try #require(afterEvent.headers[.eTag])
            #expect(eventTag != tag)
            #expect(try await api.request(.patch, "/api/v1/calendars/\(calendar)", token: token, json: ["name": "Exams 2027"]).status == .ok)
            let renamed = try await api.request(.get, path, headers: [.ifNoneMatch: eventTag])
            #expect(renamed.status == .ok)
            #expect(String(decoding: renamed.body, as: UTF8.self).contains("X-WR-CALNAME:Exams 2027"))

            // A new URL revokes the old one; revoking ends the new one too.
            let rotated = try #require(try await api.request(.post, "/api/v1/calendars/\(calendar)/feed", token: token).string("path"))
            #expect(try await api.request(.get, path).status == .notFound)
            #expect(try await api.request(.get, rotated).status == .ok)
            #expect(try await api.request(.delete, "/api/v1/calendars/\(calendar)/feed", token: token).status == .noContent)
            #expect(try await api.request(.get, rotated).status == .notFound)
        }
    }

    @Test func onlyTheOwnerCanMakeAFeed() async throws {
        let server = try TestServer()
        try await server.createUser("quin")
        try await server.createUser("rex")
        try await server.run { api in
            let owner = try await api.token("quin")
            let other = try await api.token("rex")
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: owner, json: ["name": "Mine"]).string("id"))
            #expect(try await api.request(.post, "/api/v1/calendars/\(calendar)/feed", token: other).status == .notFound)
            #expect(try await api.request(.delete, "/api/v1/calendars/\(calendar)/feed", token: other).status == .notFound)
            #expect(try await api.request(.get, "/feeds/guess/calendar.ics").status == .notFound)
        }
    }
}
