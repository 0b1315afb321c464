import CampusCalTestSupport
import Foundation
import Testing

/// Each per-person and per-request limit of issue #24, set small with `--set` and run into on the
/// real binary: the refusal is a problem+json that names its setting, it comes at once, the server
/// stays small, and another student is served meanwhile. (The in-process suites test each limit's
/// edge cases; this proves the shipped binary reads the settings and enforces them.)
@Suite("Abuse: every limit on the real binary", .serialized)
struct LimitAbuseTests {
    static func json(_ object: [String: Any]) throws -> Data { try JSONSerialization.data(withJSONObject: object) }

    @Test func everyLimitAnswersAProblemNamingItsSetting() async throws {
        let settings = [
            "limits.max_calendars_per_user": "3", "limits.max_groups_per_user": "2", "limits.max_feeds_per_user": "1",
            "limits.max_events_per_calendar": "4", "limits.max_occurrences_per_request": "100", "limits.max_events_per_import": "3",
        ]
        try await AbuseProbe.with(settings: settings, seededUsers: 2) { probe in
            let token = probe.tokens[0]
            func post(_ path: String, _ body: [String: Any]) async throws -> RawHTTP.Response {
                try await probe.server.send("POST", path, body: try Self.json(body), token: token)
            }
            var calendars: [String] = []
            for index in 0..<3 {
                let made = try await post("/api/v1/calendars", ["name": "C\(index)"])
                #expect(made.status == 201, "\(made.text.prefix(300))")
                calendars.append(made.json["id"] as? String ?? "")
            }
            let importBody = AbuseProbe.calendarFile(events: 4, uidPrefix: "limit")
            let daily = AbuseProbe.calendarFile(events: 1, uidPrefix: "daily", rule: "FREQ=DAILY")
            #expect(
                try await probe.server.send(
                    "POST", "/api/v1/calendars/\(calendars[1])/import", body: daily, contentType: "text/calendar", token: token
                ).status == 200)
            let cases: [(setting: String, attack: () async throws -> RawHTTP.Response)] = [
                ("limits.max_calendars_per_user", { try await post("/api/v1/calendars", ["name": "One too many"]) }),
                (
                    "limits.max_events_per_import",
                    {
                        try await probe.server.send(
                            "POST", "/api/v1/calendars/\(calendars[0])/import", body: importBody, contentType: "text/calendar", token: token)
                    }
                ),
                (
                    "limits.max_occurrences_per_request",
                    {
                        try await probe.server.send("GET", "/api/v1/calendars/\(calendars[1])/events?from=2027-01-01&to=2027-12-31", token: token)
                    }
                ),
                (
                    "limits.max_feeds_per_user",
                    {
                        _ = try await post("/api/v1/calendars/\(calendars[0])/feed", [:])
                        return try await post("/api/v1/calendars/\(calendars[1])/feed", [:])
                    }
                ),
                (
                    "limits.max_groups_per_user",
                    {
                        _ = try await post("/api/v1/groups", ["name": "G1"])
                        _ = try await post("/api/v1/groups", ["name": "G2"])
                        return try await post("/api/v1/groups", ["name": "G3"])
                    }
                ),
            ]
            for (setting, attack) in cases {
                let responses = try await AbuseTests.assertBoundedAbuse(
                    setting, probe: probe, bystanderToken: probe.tokens[1], rssCeilingMiB: AbuseTests.idle + 100, within: 10
                ) { [try await attack()] }
                #expect(responses.first?.text.contains(setting) == true, "\(setting): \(responses.first?.text.prefix(300) ?? "")")
            }
            // Events per calendar: three fit (the import limit is 3), the fifth event is refused.
            let three = AbuseProbe.calendarFile(events: 3, uidPrefix: "fill")
            #expect(
                try await probe.server.send(
                    "POST", "/api/v1/calendars/\(calendars[2])/import", body: three, contentType: "text/calendar", token: token
                )
                .status == 200)
            let event: [String: Any] = ["title": "Fourth", "start": ["dateTime": "2027-02-01T10:00:00Z"]]
            #expect(try await post("/api/v1/calendars/\(calendars[2])/events", event).status == 201)
            let responses = try await AbuseTests.assertBoundedAbuse(
                "limits.max_events_per_calendar", probe: probe, bystanderToken: probe.tokens[1], rssCeilingMiB: AbuseTests.idle + 100, within: 10
            ) { [try await post("/api/v1/calendars/\(calendars[2])/events", event)] }
            #expect(responses.first?.text.contains("limits.max_events_per_calendar") == true)
        }
    }
}
