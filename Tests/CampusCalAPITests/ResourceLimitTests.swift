import CampusCalTestSupport
import Foundation
import Testing

/// Limits on what one request or one calendar may make the server hold (issue #24): each refusal
/// is a problem+json naming the setting, and a refused write changes nothing.
@Suite("Resource limits: imports, calendars, windows")
struct ResourceLimitTests {
    func setUp(_ api: APIClient, _ name: String) async throws -> (token: String, calendar: String) {
        _ = try await api.register(name, extra: ["timeZone": "America/Denver"])
        let token = try await api.token(name)
        let calendar = try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Term"])
        return (token, try #require(calendar.string("id")))
    }

    static func calendarFile(events count: Int, rule: String? = nil) -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        for index in 0..<count {
            text += "BEGIN:VEVENT\r\nUID:e\(index)@test\r\nDTSTART:20261201T\(String(format: "%02d", index % 24))0000Z\r\nSUMMARY:E\(index)\r\n"
            if let rule { text += "RRULE:\(rule)\r\n" }
            text += "END:VEVENT\r\n"
        }
        return text + "END:VCALENDAR\r\n"
    }

    func importFile(_ api: APIClient, _ token: String, _ calendar: String, _ text: String) async throws -> APIClient.Reply {
        try await api.request(.post, "/api/v1/calendars/\(calendar)/import", token: token, rawBody: text, headers: [.contentType: "text/calendar"])
    }

    @Test func anImportOfMoreEventsThanTheLimitIsRefusedWholeAndNamesTheSetting() async throws {
        let server = try TestServer { $0.limits.maximumEventsPerImport = 5 }
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "ada")
            let refused = try await importFile(api, token, calendar, Self.calendarFile(events: 6))
            #expect(refused.status == .contentTooLarge)
            #expect(refused.headers[.contentType] == "application/problem+json")
            #expect(refused.string("code") == "too-many-events")
            #expect(refused.string("detail")?.contains("limits.max_events_per_import") == true)
            let list = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?from=2026-12-01&to=2026-12-02", token: token)
            #expect((list.json["items"] as? [Any])?.isEmpty == true)
            #expect(try await importFile(api, token, calendar, Self.calendarFile(events: 5)).status == .ok)
        }
    }

    @Test func aFullCalendarRefusesTheNextEventAndTheNextImport() async throws {
        let server = try TestServer { $0.limits.maximumEventsPerCalendar = 3 }
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "bea")
            #expect(try await importFile(api, token, calendar, Self.calendarFile(events: 3)).status == .ok)
            let event: [String: Any] = ["title": "One more", "start": ["dateTime": "2026-12-05T10:00:00", "timeZone": "America/Denver"]]
            let refused = try await api.request(.post, "/api/v1/calendars/\(calendar)/events", token: token, json: event)
            #expect(refused.status == .conflict)
            #expect(refused.string("code") == "quota-exceeded")
            #expect(refused.string("detail")?.contains("limits.max_events_per_calendar") == true)
            // Re-importing the same file changes nothing and is fine; a bigger one is refused whole.
            #expect(try await importFile(api, token, calendar, Self.calendarFile(events: 3)).status == .ok)
            #expect(try await importFile(api, token, calendar, Self.calendarFile(events: 4)).status == .conflict)
        }
    }

    @Test func aRuleRepeatingEverySecondIsRefusedWhenWrittenAndSkippedWhenImported() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "cyd")
            let event: [String: Any] = [
                "title": "Ping", "start": ["dateTime": "2026-12-05T10:00:00", "timeZone": "America/Denver"], "recurrenceRule": "FREQ=SECONDLY",
            ]
            let refused = try await api.request(.post, "/api/v1/calendars/\(calendar)/events", token: token, json: event)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.issueCodes == ["recurrenceRule.too-frequent"])
            let report = try await importFile(api, token, calendar, Self.calendarFile(events: 2, rule: "FREQ=MINUTELY"))
            #expect(report.status == .ok)
            #expect(report.json["created"] as? Int == 0)
            let problems = (report.json["problems"] as? [[String: Any]]) ?? []
            #expect(problems.count == 2)
            #expect(problems.allSatisfy { ($0["message"] as? String)?.contains("at most hourly") == true })
        }
    }

    @Test func aWindowOverTheRequestsBudgetAsksForANarrowerOne() async throws {
        let server = try TestServer { $0.limits.maximumOccurrencesPerRequest = 100 }
        try await server.run { api in
            let (token, calendar) = try await setUp(api, "dee")
            #expect(try await importFile(api, token, calendar, Self.calendarFile(events: 1, rule: "FREQ=DAILY")).status == .ok)
            let month = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?from=2026-12-01&to=2027-01-01", token: token)
            #expect(month.status == .ok)
            for path in ["/api/v1/calendars/\(calendar)/events", "/api/v1/agenda"] {
                let year = try await api.request(.get, "\(path)?from=2026-12-01&to=2027-12-01", token: token)
                #expect(year.status == .unprocessableContent, "\(path)")
                #expect(year.headers[.contentType] == "application/problem+json")
                #expect(year.string("code") == "too-many-occurrences")
                #expect(year.string("detail")?.contains("limits.max_occurrences_per_request") == true)
            }
        }
    }

    @Test func reviewH1AnUploadToACalendarTheCallerCannotWriteIsRefusedBeforeItIsRead() async throws {
        let server = try TestServer()
        try await server.run { api in
            let (_, calendar) = try await setUp(api, "eve")
            _ = try await api.register("mal")
            let mallory = try await api.token("mal")
            for target in ["nope", calendar] {
                let reply = try await importFile(api, mallory, target, "not even a calendar")
                #expect(reply.status == .notFound)
                #expect(reply.headers[.contentType] == "application/problem+json")
            }
        }
    }
}
