import CampusCalTestSupport
import Foundation
import GRDB
import Testing

/// Review H6 against the real binary, as the review ran it: a calendar that already holds 2,000
/// `FREQ=SECONDLY` events. New ones are refused when written (at most hourly), but a database from
/// before that rule may hold them, so the stored rules are rewritten behind the server's back here.
/// Every window over them — an hour to a year — must be refused within seconds by the request's
/// expansion budget (`limits.max_occurrences_per_request`), in bounded memory, while another
/// student is served. Before: a year view ran for over 120 s and `/healthz` stopped answering.
@Suite("Abuse: stored sub-hourly rules", .serialized)
struct LegacyRuleAbuseTests {
    @Test func reviewH6TwoThousandStoredSecondlyEventsAreRefusedAtEveryWindow() async throws {
        try await AbuseProbe.with(seededUsers: 2) { probe in
            let calendar = try await probe.createCalendar(token: probe.tokens[0])
            let file = AbuseProbe.calendarFile(events: 2_000, uidPrefix: "legacy", rule: "FREQ=HOURLY")
            let imported = try await probe.server.send(
                "POST", "/api/v1/calendars/\(calendar)/import", body: file, contentType: "text/calendar", token: probe.tokens[0])
            #expect(imported.status == 200, "\(imported.text.prefix(300))")
            // What an older server stored: the same rows with a rule that repeats every second.
            let database = try DatabaseQueue(path: probe.directory.file("campuscal.sqlite"))
            try await database.write { db in
                try db.execute(sql: "UPDATE event SET recurrenceRule = 'FREQ=SECONDLY' WHERE calendarID = ?", arguments: [calendar])
                #expect(db.changesCount == 2_000)
            }
            try await database.close()
            let windows = [
                ("an hour", "2027-01-01T01:00:00Z"), ("a day", "2027-01-02T00:00:00Z"), ("a month", "2027-02-01T00:00:00Z"),
                ("a year", "2028-01-01T00:00:00Z"),
            ]
            for (name, end) in windows {
                let responses = try await AbuseTests.assertBoundedAbuse(
                    "stored SECONDLY, window of \(name)", probe: probe, bystanderToken: probe.tokens[1], rssCeilingMiB: AbuseTests.idle + 200,
                    within: 10
                ) {
                    [
                        try await probe.server.send(
                            "GET", "/api/v1/calendars/\(calendar)/events?from=2027-01-01T00:00:00Z&to=\(end)", token: probe.tokens[0])
                    ]
                }
                #expect(responses.first?.status == 422, "\(responses.first?.text.prefix(300) ?? "")")
                #expect(responses.first?.text.contains("limits.max_occurrences_per_request") == true)
            }
        }
    }
}
