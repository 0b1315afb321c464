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
}
