import CampusCalTestSupport
import Foundation
import Testing

/// The test clock reads Monday 2026-09-21, 08:13 in Denver.
@Suite("Agenda summaries for screen readers and assistants; what to start next")
struct AgendaSummaryTests {
    @Test func summariesSayWhatIsDueOrThatNothingIs() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("cid", extra: ["timeZone": "America/Denver"])
            let token = try await api.token("cid")
            let empty = try await api.request(.get, "/api/v1/agenda/summary?range=today", token: token)
            #expect(empty.string("text") == "Nothing is due today.")
            #expect(empty.json["nothingDue"] as? Bool == true)

            _ = try await api.request(
                .post, "/api/v1/tasks", token: token,
                json: [
                    "title": "Problem set 4", "course": "MATH 112", "priority": "high",
                    "due": ["dateTime": "2026-09-21T23:59:00", "timeZone": "America/Denver"],
                ])
            _ = try await api.request(
                .post, "/api/v1/tasks", token: token, json: ["title": "Lab report", "priority": "low", "due": ["date": "2026-09-24"]])
            let today = try await api.request(.get, "/api/v1/agenda/summary", token: token)
            #expect(
                today.string("text")
                    == "You have one item due today: Problem set 4 for MATH 112, due Monday, September 21 at 11:59 PM, high priority.")
            let week = try await api.request(.get, "/api/v1/agenda/summary?range=week", token: token)
            #expect(
                week.string("text")
                    == "You have 2 items due in the next 7 days: Problem set 4 for MATH 112, due Monday, September 21 at 11:59 PM, high priority; Lab report, due Thursday, September 24, low priority."
            )
            let plain = try await api.request(.get, "/api/v1/agenda/summary?range=week", token: token, headers: [.accept: "text/plain"])
            #expect(plain.headers[.contentType] == "text/plain; charset=utf-8")
            #expect(String(decoding: plain.body, as: UTF8.self).hasPrefix("You have 2 items due"))
            #expect(try await api.request(.get, "/api/v1/agenda/summary?range=year", token: token).status == .badRequest)
        }
    }

    @Test func nextSuggestsWhatMustStartFirst() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("dot", extra: ["timeZone": "America/Denver"])
            let token = try await api.token("dot")
            #expect(
                try await api.request(.get, "/api/v1/agenda/next", token: token).string("text")
                    == "Nothing is due yet: there is no assignment to start.")
            // Due later but takes ten hours: it must start before the short one due earlier.
            _ = try await api.request(
                .post, "/api/v1/tasks", token: token,
                json: ["title": "Quiz prep", "priority": "low", "estimatedMinutes": 30, "due": ["dateTime": "2026-09-23T12:00:00Z"]])
            _ = try await api.request(
                .post, "/api/v1/tasks", token: token,
                json: ["title": "Term paper", "priority": "medium", "estimatedMinutes": 600, "due": ["dateTime": "2026-09-23T18:00:00Z"]])
            let next = try await api.request(.get, "/api/v1/agenda/next", token: token)
            #expect((next.json["task"] as? [String: Any])?["title"] as? String == "Term paper")
            #expect(next.string("text") == "Start \"Term paper\" next: it is due Wednesday, September 23 at 12:00 PM and takes about 10 h.")
        }
    }
}
