import CampusCalTestSupport
import Foundation
import Testing

@Suite("One occurrence of a series: change it, move it, cancel it — alone or with every later one")
struct OccurrenceTests {
    func setUp(_ api: APIClient, _ name: String) async throws -> (token: String, calendar: String, event: String) {
        _ = try await api.register(name, extra: ["timeZone": "America/Denver"])
        let token = try await api.token(name)
        let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Classes"]).string("id"))
        // Mondays 09:00–09:50 Denver, 5 October – 7 December 2026 (ten meetings).
        let event = try await api.request(
            .post, "/api/v1/calendars/\(calendar)/events", token: token,
            json: [
                "title": "Seminar", "start": ["dateTime": "2026-10-05T09:00:00", "timeZone": "America/Denver"],
                "end": ["dateTime": "2026-10-05T09:50:00", "timeZone": "America/Denver"], "recurrenceRule": "FREQ=WEEKLY;COUNT=10",
            ])
        return (token, calendar, try #require(event.string("id")))
    }

    func items(_ reply: APIClient.Reply) -> [[String: Any]] { (reply.json["items"] as? [[String: Any]]) ?? [] }

    func autumn(_ api: APIClient, _ s: (token: String, calendar: String, event: String)) async throws -> [[String: Any]] {
        items(try await api.request(.get, "/api/v1/calendars/\(s.calendar)/events?from=2026-10-01&to=2027-01-01", token: s.token))
    }

    @Test func occurrencesCarryIdsThatAddressThem() async throws {
        let server = try TestServer()
        try await server.run { api in
            let s = try await setUp(api, "oli")
            let all = try await autumn(api, s)
            #expect(all.count == 10)
            // 12 October 09:00 MDT = 15:00 UTC.
            #expect(all[1]["occurrenceId"] as? String == "2026-10-12T15:00:00Z")
            #expect(all[1]["overridden"] as? Bool == false)
            for id in ["2026-10-12T15:00:00Z", "20261012T150000Z", "2026-10-12T09:00:00-06:00"] {
                let one = try await api.request(.get, "/api/v1/events/\(s.event)/occurrences/\(id)", token: s.token)
                #expect(one.status == .ok, "\(id)")
                #expect(one.string("startsAt") == "2026-10-12T15:00:00Z")
                #expect(one.headers[.eTag] == "\"v1\"")
            }
            for missing in ["2026-10-13T15:00:00Z", "2026-10-12", "not-a-time", "2027-10-11T15:00:00Z"] {
                let reply = try await api.request(.get, "/api/v1/events/\(s.event)/occurrences/\(missing)", token: s.token)
                #expect(reply.status == .notFound, "\(missing)")
                #expect(reply.headers[.contentType] == "application/problem+json")
            }
        }
    }

    @Test func movingOneOccurrenceChangesOnlyIt() async throws {
        let server = try TestServer()
        try await server.run { api in
            let s = try await setUp(api, "pia")
            let path = "/api/v1/events/\(s.event)/occurrences/2026-10-19T15:00:00Z"
            let moved = try await api.request(
                .patch, path, token: s.token,
                json: [
                    "start": ["dateTime": "2026-10-21T14:00:00", "timeZone": "America/Denver"],
                    "end": ["dateTime": "2026-10-21T15:00:00", "timeZone": "America/Denver"], "location": "Room 2",
                ], headers: [.ifMatch: "\"v1\""])
            #expect(moved.status == .ok, "\(String(decoding: moved.body, as: UTF8.self))")
            #expect(moved.string("startsAt") == "2026-10-21T20:00:00Z")
            #expect(moved.json["overridden"] as? Bool == true)
            #expect(moved.headers[.eTag] == "\"v2\"")

            let all = try await autumn(api, s)
            #expect(all.count == 10)
            #expect(!all.contains { ($0["startsAt"] as? String) == "2026-10-19T15:00:00Z" })
            let wednesday = try #require(all.first { ($0["startsAt"] as? String) == "2026-10-21T20:00:00Z" })
            #expect(wednesday["location"] as? String == "Room 2")
            #expect(wednesday["occurrenceId"] as? String == "2026-10-19T15:00:00Z")

            let event = try await api.request(.get, "/api/v1/events/\(s.event)", token: s.token)
            let overrides = try #require(event.json["overrides"] as? [[String: Any]])
            #expect(overrides.count == 1)
            #expect(overrides.first?["range"] as? String == "thisOccurrence")

            // A stale ETag, and fields that belong to the series, are refused and change nothing.
            let stale = try await api.request(.patch, path, token: s.token, json: ["title": "x"], headers: [.ifMatch: "\"v1\""])
            #expect(stale.status == .preconditionFailed)
            let seriesField = try await api.request(.patch, path, token: s.token, json: ["recurrenceRule": "FREQ=DAILY"])
            #expect(seriesField.status == .unprocessableContent)
            #expect(seriesField.issueCodes == ["recurrenceRule.series-only"])
            let badRange = try await api.request(.patch, path + "?range=forever", token: s.token, json: ["title": "x"])
            #expect(badRange.status == .badRequest)
            #expect(try await api.request(.get, "/api/v1/events/\(s.event)", token: s.token).headers[.eTag] == "\"v2\"")
        }
    }

    @Test func thisAndFutureChangesEveryLaterOccurrence() async throws {
        let server = try TestServer()
        try await server.run { api in
            let s = try await setUp(api, "quin")
            let changed = try await api.request(
                .patch, "/api/v1/events/\(s.event)/occurrences/2026-10-26T15:00:00Z?range=thisAndFuture", token: s.token,
                json: [
                    "title": "Seminar (new time)", "start": ["dateTime": "2026-10-26T10:00:00", "timeZone": "America/Denver"],
                    "end": ["dateTime": "2026-10-26T11:00:00", "timeZone": "America/Denver"],
                ])
            #expect(changed.status == .ok, "\(String(decoding: changed.body, as: UTF8.self))")
            let all = try await autumn(api, s)
            #expect(all.count == 10)
            #expect(all.prefix(3).allSatisfy { $0["title"] as? String == "Seminar" })
            #expect(all.dropFirst(3).allSatisfy { $0["title"] as? String == "Seminar (new time)" })
            // 10:00 on the wall clock before and after the end of DST (1 November).
            #expect(all[3]["startsAt"] as? String == "2026-10-26T16:00:00Z")
            #expect(all[4]["startsAt"] as? String == "2026-11-02T17:00:00Z")
            #expect(all[4]["occurrenceId"] as? String == "2026-11-02T16:00:00Z")

            // The export carries it as RANGE=THISANDFUTURE, and importing that file elsewhere gives the same occurrences.
            let ics = try await api.request(.get, "/api/v1/calendars/\(s.calendar)/export.ics", token: s.token)
            let text = String(decoding: ics.body, as: UTF8.self)
            #expect(text.contains("RANGE=THISANDFUTURE"))
            let copy = try #require(try await api.request(.post, "/api/v1/calendars", token: s.token, json: ["name": "Copy"]).string("id"))
            let imported = try await api.request(
                .post, "/api/v1/calendars/\(copy)/import", token: s.token, rawBody: text, headers: [.contentType: "text/calendar"])
            #expect(imported.json["created"] as? Int == 1)
            let copied = items(try await api.request(.get, "/api/v1/calendars/\(copy)/events?from=2026-10-01&to=2027-01-01", token: s.token))
            #expect(copied.map { $0["startsAt"] as? String } == all.map { $0["startsAt"] as? String })
            #expect(copied.map { $0["title"] as? String } == all.map { $0["title"] as? String })
        }
    }

    @Test func cancellingOneOccurrenceOrTheRestOfTheSeries() async throws {
        let server = try TestServer()
        try await server.run { api in
            let s = try await setUp(api, "rae")
            let base = "/api/v1/events/\(s.event)/occurrences/"
            #expect(try await api.request(.delete, base + "2026-10-12T15:00:00Z", token: s.token).status == .noContent)
            #expect(try await api.request(.get, base + "2026-10-12T15:00:00Z", token: s.token).status == .notFound)
            #expect(try await autumn(api, s).count == 9)
            let event = try await api.request(.get, "/api/v1/events/\(s.event)", token: s.token)
            #expect((event.json["exceptionDates"] as? [[String: Any]])?.first?["dateTime"] as? String == "2026-10-12T09:00:00")

            // From 16 November on: the series now ends on 9 November.
            #expect(try await api.request(.delete, base + "2026-11-16T16:00:00Z?range=thisAndFuture", token: s.token).status == .noContent)
            let left = try await autumn(api, s)
            #expect(left.count == 5)
            #expect(left.last?["startsAt"] as? String == "2026-11-09T16:00:00Z")

            // From the first occurrence on: the whole event goes.
            #expect(try await api.request(.delete, base + "2026-10-05T15:00:00Z?range=thisAndFuture", token: s.token).status == .noContent)
            #expect(try await api.request(.get, "/api/v1/events/\(s.event)", token: s.token).status == .notFound)
        }
    }

    @Test func anotherUsersOccurrencesAreNotFoundForEveryVerb() async throws {
        let server = try TestServer()
        try await server.run { api in
            let owner = try await setUp(api, "sam")
            _ = try await api.register("tia")
            let other = try await api.token("tia")
            let path = "/api/v1/events/\(owner.event)/occurrences/2026-10-12T15:00:00Z"
            #expect(try await api.request(.get, path, token: other).status == .notFound)
            #expect(try await api.request(.patch, path, token: other, json: ["title": "mine now"]).status == .notFound)
            #expect(try await api.request(.delete, path, token: other).status == .notFound)
            #expect(try await api.request(.delete, path + "?range=thisAndFuture", token: other).status == .notFound)
            #expect(try await autumn(api, owner).count == 10)
            #expect(try await api.request(.get, path, token: nil).status == .unauthorized)
        }
    }

    @Test func recurrenceDatesAddOccurrences() async throws {
        let server = try TestServer()
        try await server.run { api in
            let s = try await setUp(api, "uma")
            let patched = try await api.request(
                .patch, "/api/v1/events/\(s.event)", token: s.token,
                json: ["recurrenceDates": [["dateTime": "2026-12-16T09:00:00", "timeZone": "America/Denver"]]])
            #expect(patched.status == .ok)
            #expect((patched.json["recurrenceDates"] as? [[String: Any]])?.count == 1)
            let all = try await autumn(api, s)
            #expect(all.count == 11)
            #expect(all.last?["startsAt"] as? String == "2026-12-16T16:00:00Z")
            // Only RDATEs, no rule: a set of explicit dates.
            let dates = try await api.request(
                .post, "/api/v1/calendars/\(s.calendar)/events", token: s.token,
                json: [
                    "title": "Exam review", "start": ["date": "2026-12-01"],
                    "recurrenceDates": [["date": "2026-12-03"], ["date": "2026-12-08"]],
                ])
            #expect(dates.status == .created)
            let reviews = try await autumn(api, s).filter { $0["title"] as? String == "Exam review" }
            #expect(reviews.count == 3)
            let mixed = try await api.request(
                .post, "/api/v1/calendars/\(s.calendar)/events", token: s.token,
                json: ["title": "Bad", "start": ["date": "2026-12-01"], "recurrenceDates": [["dateTime": "2026-12-03T10:00:00Z"]]])
            #expect(mixed.issueCodes == ["recurrenceDates.kind"])
        }
    }
}

@Suite("Cached views: never stale, 304 when the client already has them")
struct CachedViewTests {
    @Test func aChangeIsSeenAtOnceAndAnUnchangedViewIsNotResent() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("vic", extra: ["timeZone": "America/Denver"])
            let token = try await api.token("vic")
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "C"]).string("id"))
            let event = try #require(
                try await api.request(
                    .post, "/api/v1/calendars/\(calendar)/events", token: token,
                    json: ["title": "Lab", "start": ["dateTime": "2026-11-02T13:00:00Z"], "recurrenceRule": "FREQ=WEEKLY;COUNT=4"]
                ).string("id"))
            for path in ["/api/v1/calendars/\(calendar)/events?from=2026-11-01&to=2026-12-01", "/api/v1/agenda?from=2026-11-01&to=2026-12-01"] {
                let first = try await api.request(.get, path, token: token)
                let tag = try #require(first.headers[.eTag])
                #expect(tag.hasPrefix("W/\""))
                let again = try await api.request(.get, path, token: token)
                #expect(again.body == first.body)
                let notModified = try await api.request(.get, path, token: token, headers: [.ifNoneMatch: tag])
                #expect(notModified.status == .notModified)
                #expect(notModified.body.isEmpty)
                // Another user's view of the same window is not this one.
                _ = try await api.register("wes-\(path.count)")
                let other = try await api.token("wes-\(path.count)")
                #expect(
                    try await api.request(.get, "/api/v1/agenda?from=2026-11-01&to=2026-12-01", token: other, headers: [.ifNoneMatch: tag]).status
                        == .ok)
            }
            let path = "/api/v1/calendars/\(calendar)/events?from=2026-11-01&to=2026-12-01"
            let before = try await api.request(.get, path, token: token)
            let tag = try #require(before.headers[.eTag])
            _ = try await api.request(.patch, "/api/v1/events/\(event)", token: token, json: ["title": "Lab (renamed)"])
            let after = try await api.request(.get, path, token: token, headers: [.ifNoneMatch: tag])
            #expect(after.status == .ok)
            #expect(after.headers[.eTag] != tag)
            let titles = ((after.json["items"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }
            #expect(titles == Array(repeating: "Lab (renamed)", count: 4))
            // Occurrence changes and imports count as changes too.
            _ = try await api.request(.delete, "/api/v1/events/\(event)/occurrences/2026-11-09T13:00:00Z", token: token)
            #expect(((try await api.request(.get, path, token: token).json["items"] as? [[String: Any]]) ?? []).count == 3)
        }
    }
}
