import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

@Suite("The to-do list: add, reorder, tick off, step through — only one's own")
struct TodoTests {
    func texts(_ reply: APIClient.Reply) -> [String] {
        ((reply.json["items"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String }
    }

    @Test func curateTickAndStepThroughTheList() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("zed", extra: ["timeZone": "America/Denver"])
            let token = try await api.token("zed")
            let task = try await api.request(
                .post, "/api/v1/tasks", token: token, json: ["title": "Essay 2", "priority": "high", "displayText": "Write essay 2 draft"])
            let taskID = try #require(task.string("id"))
            let fromTask = try await api.request(.post, "/api/v1/todo", token: token, json: ["taskId": taskID])
            #expect(fromTask.status == .created)
            #expect(fromTask.string("text") == "Write essay 2 draft")
            #expect((fromTask.json["task"] as? [String: Any])?["title"] as? String == "Essay 2")
            let buy = try #require(try await api.request(.post, "/api/v1/todo", token: token, json: ["text": "Buy lab goggles"]).string("id"))
            let call = try #require(
                try await api.request(.post, "/api/v1/todo", token: token, json: ["text": "Call advisor", "position": 0]).string("id"))
            #expect(texts(try await api.request(.get, "/api/v1/todo", token: token)) == ["Call advisor", "Write essay 2 draft", "Buy lab goggles"])

            // Reorder: move "Buy lab goggles" to the top.
            let moved = try await api.request(.patch, "/api/v1/todo/\(buy)", token: token, json: ["position": 0])
            #expect(moved.json["position"] as? Int == 0)
            #expect(texts(try await api.request(.get, "/api/v1/todo", token: token)) == ["Buy lab goggles", "Call advisor", "Write essay 2 draft"])

            // Tick off and untick.
            let done = try await api.request(.patch, "/api/v1/todo/\(call)", token: token, json: ["completed": true])
            #expect(done.json["completed"] as? Bool == true)
            #expect(done.string("completedAt") == "2026-09-21T14:13:20Z")
            let undone = try await api.request(.patch, "/api/v1/todo/\(call)", token: token, json: ["completed": false])
            #expect(undone.json["completedAt"] is NSNull)

            // Next and previous, and both ends.
            #expect(try await api.request(.get, "/api/v1/todo/\(buy)/next", token: token).string("text") == "Call advisor")
            #expect(try await api.request(.get, "/api/v1/todo/\(call)/previous", token: token).string("text") == "Buy lab goggles")
            let first = try await api.request(.get, "/api/v1/todo/\(buy)/previous", token: token)
            #expect(first.status == .notFound)
            #expect(first.string("code") == "end-of-list")
            #expect(first.string("detail")?.contains("first line") == true)
            let lastID = try #require(
                (try await api.request(.get, "/api/v1/todo", token: token).json["items"] as? [[String: Any]])?.last?["id"] as? String)
            let last = try await api.request(.get, "/api/v1/todo/\(lastID)/next", token: token)
            #expect(last.string("code") == "end-of-list")
            #expect(last.string("detail")?.contains("last line") == true)

            // An empty line is refused; deleting the task takes its line away.
            #expect(try await api.request(.post, "/api/v1/todo", token: token, json: ["text": "  "]).issueCodes == ["text.required"])
            #expect(try await api.request(.delete, "/api/v1/tasks/\(taskID)", token: token).status == .noContent)
            #expect(texts(try await api.request(.get, "/api/v1/todo", token: token)) == ["Buy lab goggles", "Call advisor"])
            #expect(try await api.request(.delete, "/api/v1/todo/\(buy)", token: token).status == .noContent)
            #expect(texts(try await api.request(.get, "/api/v1/todo", token: token)) == ["Call advisor"])
        }
    }

    @Test func anotherUsersLinesAndTasksAreOutOfReach() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("amy")
            let owner = try await api.token("amy")
            let line = try #require(try await api.request(.post, "/api/v1/todo", token: owner, json: ["text": "Mine"]).string("id"))
            let task = try #require(
                try await api.request(.post, "/api/v1/tasks", token: owner, json: ["title": "T", "priority": "low"]).string("id"))
            _ = try await api.register("bob")
            let other = try await api.token("bob")
            #expect(try await api.request(.patch, "/api/v1/todo/\(line)", token: other, json: ["completed": true]).status == .notFound)
            #expect(try await api.request(.delete, "/api/v1/todo/\(line)", token: other).status == .notFound)
            #expect(try await api.request(.get, "/api/v1/todo/\(line)/next", token: other).status == .notFound)
            #expect(try await api.request(.post, "/api/v1/todo", token: other, json: ["taskId": task]).status == .notFound)
            #expect(texts(try await api.request(.get, "/api/v1/todo", token: other)).isEmpty)
            #expect(texts(try await api.request(.get, "/api/v1/todo", token: owner)) == ["Mine"])
        }
    }

    /// Issue #28 (SRS 3.2.24.1): a line that stands for a task is that task. Ticking it completes
    /// the task — its reminders withdrawn, as when completed directly — and unticking reopens it;
    /// completing or reopening the task ticks or unticks the line.
    @Test func tickingATaskLineCompletesTheTaskAndCompletingTheTaskTicksTheLine() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("zoe")
            let token = try await api.token("zoe")
            let created = try await api.request(
                .post, "/api/v1/tasks", token: token,
                json: ["title": "Lab report", "priority": "high", "due": ["date": "2026-10-10"], "reminders": [["at": "2026-09-30T00:00:00Z"]]])
            let taskID = try #require(created.string("id"))
            let line = try #require(try await api.request(.post, "/api/v1/todo", token: token, json: ["taskId": taskID]).string("id"))
            func status() async throws -> String? { try await api.request(.get, "/api/v1/tasks/\(taskID)", token: token).string("status") }

            let tick = try await api.request(.patch, "/api/v1/todo/\(line)", token: token, json: ["completed": true])
            #expect(tick.status == .ok)
            #expect(tick.json["completed"] as? Bool == true)
            #expect(try await status() == "completed")
            // Completed means no reminder fires for it.
            server.clock.advance(by: 30 * 86_400)
            #expect(try await server.services.notifications.fireDue().isEmpty)
            let again = try await api.token("zoe")
            let untick = try await api.request(.patch, "/api/v1/todo/\(line)", token: again, json: ["completed": false])
            #expect(untick.json["completed"] as? Bool == false)
            #expect(try await api.request(.get, "/api/v1/tasks/\(taskID)", token: again).string("status") == "open")

            // The other way: the task completed directly ticks its line, and reopened unticks it.
            #expect(try await api.request(.patch, "/api/v1/tasks/\(taskID)", token: again, json: ["status": "completed"]).status == .ok)
            let listed = (try await api.request(.get, "/api/v1/todo", token: again).json["items"] as? [[String: Any]])?.first
            #expect(listed?["completed"] as? Bool == true)
            #expect(try await api.request(.patch, "/api/v1/tasks/\(taskID)", token: again, json: ["status": "open"]).status == .ok)
            let reopened = (try await api.request(.get, "/api/v1/todo", token: again).json["items"] as? [[String: Any]])?.first
            #expect(reopened?["completed"] as? Bool == false)
        }
    }

    /// Issue #28: `/` says what this server is (a static page, no personal data), instead of a JSON 404.
    @Test func theHomePageSaysWhatThisServerIs() async throws {
        let server = try TestServer()
        try await server.run { api in
            let home = try await api.request(.get, "/")
            #expect(home.status == .ok)
            #expect(home.headers[.contentType] == "text/html; charset=utf-8")
            #expect(home.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'none'") == true)
            let page = String(decoding: home.body, as: UTF8.self)
            #expect(page.contains("<h1>CampusCal</h1>") && page.contains("/api/v1/openapi.json"))
            #expect(page.contains("Version \(CampusCalVersion.current)"))
        }
    }
}
