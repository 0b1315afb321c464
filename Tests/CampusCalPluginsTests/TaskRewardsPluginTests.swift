import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

@testable import CampusCalPlugins

#if canImport(Glibc)
    import Glibc
#endif

/// The shipped Swift plugin, `task-rewards`, as students meet it: run in a plugin runner process
/// (it may receive task data, never identities), told of completions after they are committed,
/// and showing each student their own points — kept while an administrator has it disabled, and
/// after its process is killed.
@Suite("task-rewards (Swift, isolated): points for completed tasks on each student's own panel")
struct TaskRewardsPluginTests {
    static let id = "org.campuscal.task-rewards"
    static let panel = "/api/v1/plugins/\(id)/panel"

    /// The panel's fields by name, once `points` equals `expected` (event hooks run after the
    /// request that made the change has been answered, so the test waits a little for them).
    static func points(_ api: APIClient, _ token: String, reaching expected: String) async throws -> [String: String] {
        var fields: [String: String] = [:]
        _ = try await eventually {
            let reply = try await api.request(.get, panel, token: token)
            guard reply.status == .ok else { return false }
            fields = Dictionary(
                ((reply.json["fields"] as? [[String: Any]]) ?? []).map { ($0["name"] as? String ?? "", $0["value"] as? String ?? "") },
                uniquingKeysWith: { first, _ in first })
            return fields["points"] == expected
        }
        return fields
    }

    static func completeTask(_ api: APIClient, _ token: String, _ json: [String: Any]) async throws {
        let created = try await api.request(.post, "/api/v1/tasks", token: token, json: json)
        #expect(created.status == .created, "\(created.json)")
        let id = created.string("id") ?? ""
        let done = try await api.request(.patch, "/api/v1/tasks/\(id)", token: token, json: ["status": "completed"])
        #expect(done.status == .ok, "\(done.json)")
    }

    @Test func pointsForCompletedTasksReachOnlyTheirOwnerAndSurviveDisablingAndACrash() async throws {
        let directory = TemporaryDirectory()
        let plugins = directory.file("plugins")
        try PluginFixture.installShipped("task-rewards", into: plugins)
        let server = try await PluginFixture.server(plugins: plugins, directory: directory)
        let listed = await server.services.plugins.plugins()
        #expect(listed.map(\.status) == [.active], "\(listed)")
        // It runs in a process of its own.
        let runner = await server.services.plugins.runnerProcessIdentifier(of: Self.id)
        #expect(runner != nil && runner != getpid())

        try await server.createUser("avery")
        try await server.createUser("blake")
        try await server.createUser("root", role: .admin)
        try await server.run { api in
            let avery = try await api.token("avery")
            let blake = try await api.token("blake")
            let root = try await api.token("root")

            // On time and high priority: 10 × 1.5 + 5.
            try await Self.completeTask(
                api, avery, ["title": "Essay draft", "priority": "high", "due": ["dateTime": "2026-09-30T12:00:00Z"]])
            var fields = try await Self.points(api, avery, reaching: "20")
            #expect(fields["points"] == "20" && fields["completed"] == "1" && fields["on_time"] == "1" && fields["level"] == "1", "\(fields)")
            // Each student sees only their own panel: Blake has done nothing.
            #expect(try await Self.points(api, blake, reaching: "0")["points"] == "0")

            // Disabled: no panel, and completions meanwhile earn nothing; enabled again: the points are still there.
            let disabled = try await api.request(.post, "/api/v1/admin/plugins/\(Self.id)/disable", token: root)
            #expect(disabled.status == .ok && disabled.string("status") == "disabled")
            let closed = try await api.request(.get, Self.panel, token: avery)
            #expect(closed.status == .conflict && closed.string("code") == "plugin-not-active")
            try await Self.completeTask(api, avery, ["title": "Reading", "priority": "low"])
            let enabled = try await api.request(.post, "/api/v1/admin/plugins/\(Self.id)/enable", token: root)
            #expect(enabled.status == .ok && enabled.string("status") == "active")
            #expect(try await Self.points(api, avery, reaching: "20")["points"] == "20")

            // Late: due in an hour, done two hours later — the base 10.
            let created = try await api.request(
                .post, "/api/v1/tasks", token: avery,
                json: ["title": "Lab report", "priority": "medium", "due": ["dateTime": "2026-09-21T15:00:00Z"]])
            #expect(created.status == .created, "\(created.json)")
            server.clock.advance(by: 3 * 3600)
            let averyAgain = try await api.token("avery")  // Three idle hours ended the session.
            let late = try await api.request(
                .patch, "/api/v1/tasks/\(created.string("id") ?? "")", token: averyAgain, json: ["status": "completed"])
            #expect(late.status == .ok)
            fields = try await Self.points(api, averyAgain, reaching: "30")
            #expect(fields["points"] == "30" && fields["completed"] == "2" && fields["on_time"] == "1", "\(fields)")

            // Level 2 (100 points) brings a notification through the host's notify: to Avery's own
            // inbox, in the plugin's name, though the plugin knows Avery only by a record code.
            for n in 1...4 {
                try await Self.completeTask(
                    api, averyAgain, ["title": "Problem set \(n)", "priority": "high", "due": ["dateTime": "2026-09-30T12:00:00Z"]])
            }
            fields = try await Self.points(api, averyAgain, reaching: "110")
            #expect(fields["points"] == "110" && fields["level"] == "2", "\(fields)")
            // Plugin → runner → host notify → inbox: wait for it.
            var levelUp: [[String: Any]] = []
            _ = try await eventually {
                let inbox = try await api.request(.get, "/api/v1/notifications", token: averyAgain)
                levelUp = ((inbox.json["items"] as? [[String: Any]]) ?? []).filter { $0["kind"] as? String == "plugin" }
                return !levelUp.isEmpty
            }
            #expect(levelUp.count == 1, "\(levelUp)")
            #expect(levelUp.first?["title"] as? String == "Task rewards: Level 2 reached", "\(levelUp)")
            #expect((levelUp.first?["body"] as? String)?.contains("110 experience points") == true, "\(levelUp)")
            let blakeInbox = try await api.request(.get, "/api/v1/notifications", token: blake)
            #expect(((blakeInbox.json["items"] as? [[String: Any]]) ?? []).allSatisfy { $0["kind"] as? String != "plugin" })

            // A crash of the plugin's process (killed here) is not a crash of the server: it serves
            // on, starts a new runner, and the plugin's state is where it was.
            let before = await server.services.plugins.runnerProcessIdentifier(of: Self.id)
            if let before { kill(before, SIGKILL) }
            #expect(try await api.request(.get, "/api/v1/tasks", token: averyAgain).status == .ok)
            // The process killed here is the runner's sandbox (bubblewrap); the runner inside goes down
            // with its namespace a moment later, so a panel asked at once may still come from it. Asked
            // until a new runner answers.
            var after: pid_t?
            var points: String?
            let replaced = try await eventually {
                points = try await Self.points(api, averyAgain, reaching: "110")["points"]
                after = await server.services.plugins.runnerProcessIdentifier(of: Self.id)
                return after != nil && after != before
            }
            #expect(replaced && points == "110")
            #expect(after != nil && after != before)
        }
        await server.services.plugins.stopAll()
    }
}
