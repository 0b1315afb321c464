import CampusCalTestSupport
import Foundation
import Testing

/// The test clock starts at 2026-09-21T14:13:20Z (a Monday); students here live in Denver.
@Suite("Tasks: the SRS rules, ranked lists, the day view — only one's own")
struct TaskTests {
    func setUp(_ api: APIClient, _ name: String) async throws -> String {
        _ = try await api.register(name, extra: ["timeZone": "America/Denver"])
        return try await api.token(name)
    }

    func create(_ api: APIClient, _ token: String, _ body: [String: Any]) async throws -> APIClient.Reply {
        try await api.request(.post, "/api/v1/tasks", token: token, json: body)
    }

    func titles(_ reply: APIClient.Reply) -> [String] {
        ((reply.json["items"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }
    }

    @Test func aTaskNeedsATitleAPriorityAndAFutureDueDate() async throws {
        let server = try TestServer()
        try await server.run { api in
            let token = try await setUp(api, "tara")
            let missing = try await create(api, token, ["course": "CS 235"])
            #expect(missing.status == .unprocessableContent)
            #expect(missing.issueCodes == ["title.required"])
            let noPriority = try await create(api, token, ["title": "Read chapter 3"])
            #expect(noPriority.issueCodes == ["priority.required"])
            #expect(
                (noPriority.json["errors"] as? [[String: Any]])?.first?["message"] as? String
                    == "Choose a priority for this task: high, medium or low.")
            let past = try await create(api, token, ["title": "Lab 1", "priority": "high", "due": ["dateTime": "2026-09-20T23:59:00Z"]])
            #expect(past.issueCodes == ["due.past"])
            // A due *date* of today is still open until the end of the day.
            let today = try await create(api, token, ["title": "Quiz", "priority": "low", "due": ["date": "2026-09-21"]])
            #expect(today.status == .created)
            #expect(today.string("dueAt") == "2026-09-22T06:00:00Z")
            let badPriority = try await create(api, token, ["title": "x", "priority": "urgent"])
            #expect(badPriority.status == .badRequest)
            let created = try await create(
                api, token,
                [
                    "title": "Project 2", "course": "CS 235", "priority": "HIGH",
                    "due": ["dateTime": "2026-10-02T23:59:00", "timeZone": "America/Denver"],
                    "estimatedMinutes": 240, "pointsPossible": 100,
                ])
            #expect(created.status == .created)
            #expect(created.string("priority") == "high")
            #expect(created.string("kind") == "task")
            #expect((created.json["source"] as? [String: Any])?["system"] as? String == "manual")
            #expect(created.json["grade"] is NSNull)
            // Removing the priority of a task is refused, and changes nothing.
            let id = try #require(created.string("id"))
            let cleared = try await api.request(.patch, "/api/v1/tasks/\(id)", token: token, json: ["priority": NSNull(), "title": "Changed"])
            #expect(cleared.issueCodes == ["priority.required"])
            #expect(try await api.request(.get, "/api/v1/tasks/\(id)", token: token).string("title") == "Project 2")
        }
    }

    @Test func completingRecordsWhenAndReopeningClearsIt() async throws {
        let server = try TestServer()
        try await server.run { api in
            let token = try await setUp(api, "uri")
            let id = try #require(try await create(api, token, ["title": "Essay", "priority": "medium"]).string("id"))
            let done = try await api.request(
                .patch, "/api/v1/tasks/\(id)", token: token, json: ["status": "completed"], headers: [.ifMatch: "\"v1\""])
            #expect(done.string("status") == "completed")
            #expect(done.string("completedAt") == "2026-09-21T14:13:20Z")
            let stale = try await api.request(.patch, "/api/v1/tasks/\(id)", token: token, json: ["status": "open"], headers: [.ifMatch: "\"v1\""])
            #expect(stale.status == .preconditionFailed)
            let reopened = try await api.request(.patch, "/api/v1/tasks/\(id)", token: token, json: ["status": "open"])
            #expect(reopened.string("status") == "open")
            #expect(reopened.json["completedAt"] is NSNull)
        }
    }

    @Test func listsRankByDueThenPriorityAndPutMissingKeysLast() async throws {
        let server = try TestServer()
        try await server.run { api in
            let token = try await setUp(api, "vera")
            let items: [[String: Any]] = [
                ["title": "A", "priority": "low", "course": "CS 235", "due": ["date": "2026-10-01"], "estimatedMinutes": 30],
                ["title": "B", "priority": "high", "course": "CS 235", "due": ["date": "2026-10-01"]],
                ["title": "C", "priority": "medium", "course": "MATH 112", "due": ["dateTime": "2026-09-25T12:00:00Z"], "estimatedMinutes": 90],
                ["title": "D", "priority": "high", "course": "HIST 201", "estimatedMinutes": 10],
                ["title": "E", "priority": "low", "grade": ["percentage": 91.5, "letter": "A-"]],
            ]
            for item in items { #expect(try await create(api, token, item).status == .created) }
            #expect(titles(try await api.request(.get, "/api/v1/tasks", token: token)) == ["C", "B", "A", "D", "E"])
            #expect(titles(try await api.request(.get, "/api/v1/tasks?sort=due&order=desc", token: token)) == ["B", "A", "C", "D", "E"])
            #expect(titles(try await api.request(.get, "/api/v1/tasks?sort=estimatedTime", token: token)) == ["D", "A", "C", "B", "E"])
            #expect(titles(try await api.request(.get, "/api/v1/tasks?sort=estimatedTime&order=desc", token: token)) == ["C", "A", "D", "B", "E"])
            #expect(titles(try await api.request(.get, "/api/v1/tasks?sort=grade", token: token)).first == "E")
            #expect(titles(try await api.request(.get, "/api/v1/tasks?sort=course", token: token)) == ["B", "A", "D", "C", "E"])
            #expect(titles(try await api.request(.get, "/api/v1/tasks?course=cs%20235&course=HIST%20201", token: token)) == ["B", "A", "D"])
            #expect(titles(try await api.request(.get, "/api/v1/tasks?priority=high,none", token: token)) == ["B", "D"])
            #expect(titles(try await api.request(.get, "/api/v1/tasks?dueFrom=2026-09-26&dueBefore=2026-10-05", token: token)) == ["B", "A"])
            #expect(titles(try await api.request(.get, "/api/v1/tasks?source=manual&status=open", token: token)).count == 5)
            #expect(titles(try await api.request(.get, "/api/v1/tasks?source=canvas", token: token)).isEmpty)
            for bad in ["sort=colour", "order=up", "priority=urgent", "status=done", "dueFrom=yesterday"] {
                let reply = try await api.request(.get, "/api/v1/tasks?\(bad)", token: token)
                #expect(reply.status == .badRequest, "\(bad)")
            }
        }
    }

    @Test func theDayViewRanksWhatIsDueOrSaysNothingIs() async throws {
        let server = try TestServer()
        try await server.run { api in
            let token = try await setUp(api, "wim")
            _ = try await create(
                api, token, ["title": "Reading quiz", "priority": "low", "due": ["dateTime": "2026-10-01T09:00:00", "timeZone": "America/Denver"]])
            _ = try await create(
                api, token, ["title": "Problem set", "priority": "high", "due": ["dateTime": "2026-10-01T09:00:00", "timeZone": "America/Denver"]])
            _ = try await create(api, token, ["title": "Lab report", "priority": "medium", "due": ["date": "2026-10-01"]])
            _ = try await create(
                api, token,
                [
                    "title": "Weekly reflection", "priority": "medium", "due": ["dateTime": "2026-09-24T17:00:00", "timeZone": "America/Denver"],
                    "recurrenceRule": "FREQ=WEEKLY;COUNT=10",
                ])
            let day = try await api.request(.get, "/api/v1/tasks/day/2026-10-01", token: token)
            #expect(day.status == .ok)
            let ranked = ((day.json["items"] as? [[String: Any]]) ?? []).compactMap { ($0["task"] as? [String: Any])?["title"] as? String }
            #expect(ranked == ["Problem set", "Reading quiz", "Weekly reflection", "Lab report"])
            #expect(day.json["nothingDue"] as? Bool == false)
            let empty = try await api.request(.get, "/api/v1/tasks/day/2026-10-02", token: token)
            #expect(empty.json["nothingDue"] as? Bool == true)
            #expect(empty.string("message") == "Nothing is due on 2026-10-02.")
            #expect(try await api.request(.get, "/api/v1/tasks/day/2026-02-30", token: token).status == .badRequest)
        }
    }

    @Test func anotherUsersTasksAreNotFoundForEveryVerb() async throws {
        let server = try TestServer()
        try await server.run { api in
            let owner = try await setUp(api, "xan")
            let id = try #require(try await create(api, owner, ["title": "Mine", "priority": "low"]).string("id"))
            let other = try await setUp(api, "yul")
            #expect(try await api.request(.get, "/api/v1/tasks/\(id)", token: other).status == .notFound)
            #expect(try await api.request(.patch, "/api/v1/tasks/\(id)", token: other, json: ["title": "Stolen"]).status == .notFound)
            #expect(try await api.request(.delete, "/api/v1/tasks/\(id)", token: other).status == .notFound)
            #expect(titles(try await api.request(.get, "/api/v1/tasks", token: other)).isEmpty)
            #expect(try await api.request(.get, "/api/v1/tasks", token: nil).status == .unauthorized)
            #expect(try await api.request(.get, "/api/v1/tasks/\(id)", token: owner).string("title") == "Mine")
            #expect(try await api.request(.delete, "/api/v1/tasks/\(id)", token: owner).status == .noContent)
            #expect(try await api.request(.get, "/api/v1/tasks/\(id)", token: owner).status == .notFound)
        }
    }
}
