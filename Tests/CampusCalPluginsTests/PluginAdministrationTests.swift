import CampusCalCore
import CampusCalTestSupport
import Foundation
import Synchronization
import Testing

@testable import CampusCalPlugins

/// Administrators install, disable, enable and remove plugins while students use the server —
/// over the API (at once) and from the shell (`campuscal plugin …`, picked up by the running
/// server) — and not one student request fails meanwhile. An unfit plugin is refused with the
/// exact reason and never lands in the plugins directory.
@Suite("Plugins installed, disabled, enabled and removed while the server runs")
struct PluginAdministrationTests {
    static let holidays = "org.campuscal.us-holidays"

    /// Students' requests, over and over until `stop`: every status is counted.
    final class LoadGenerator: Sendable {
        let statuses = Mutex<[Int: Int]>([:])
        let running = Atomic<Bool>(true)

        func run(_ api: APIClient, token: String) async throws {
            while running.load(ordering: .relaxed) {
                for path in ["/api/v1/day-labels?from=2026-07-01&to=2026-07-31", "/api/v1/tasks", "/api/v1/plugins"] {
                    let status = Int(try await api.request(.get, path, token: token).status.code)
                    statuses.withLock { $0[status, default: 0] += 1 }
                }
            }
        }

        var failures: [Int: Int] { statuses.withLock { $0.filter { $0.key != 200 } } }
        var total: Int { statuses.withLock { $0.values.reduce(0, +) } }
    }

    static func labels(_ api: APIClient, _ token: String) async throws -> [String] {
        let reply = try await api.request(.get, "/api/v1/day-labels?from=2026-07-01&to=2026-07-31", token: token)
        return ((reply.json["items"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }
    }

    @Test func installDisableEnableAndRemoveUnderLoadWithoutOneFailedRequest() async throws {
        let directory = TemporaryDirectory()
        let incoming = directory.file("incoming")
        let holidays = try PluginFixture.installShipped("us-holidays", into: incoming)
        let future = try PluginFixture.installShipped("us-holidays", into: "\(incoming)/future") {
            $0.replacingOccurrences(of: "abi = \"1.0\"", with: "abi = \"2.0\"").replacingOccurrences(of: Self.holidays, with: "org.example.future")
        }
        let plugins = directory.file("plugins")
        let server = try TestServer(
            directory: directory,
            configure: {
                $0.pluginsDirectory = plugins
                $0.pluginStagingDirectory = incoming
                $0.pluginRescanSeconds = 3600
            })
        await server.services.plugins.loadAll()
        try await server.createUser("avery")
        try await server.createUser("root", role: .admin)
        try await server.run { api in
            let avery = try await api.token("avery")
            let root = try await api.token("root")
            let load = LoadGenerator()
            async let first: Void = load.run(api, token: avery)
            async let second: Void = load.run(api, token: avery)
            #expect(try await Self.labels(api, avery).isEmpty)

            // Only administrators manage plugins.
            let forbidden = try await api.request(.post, "/api/v1/admin/plugins", token: avery, json: ["path": holidays])
            #expect(forbidden.status == .forbidden)

            // Installed: verified, copied, started — labels at once.
            let installed = try await api.request(.post, "/api/v1/admin/plugins", token: root, json: ["path": holidays])
            #expect(installed.status == .created && installed.string("status") == "active", "\(installed.json)")
            #expect(FileManager.default.fileExists(atPath: "\(plugins)/\(Self.holidays)/plugin.toml"))
            #expect(try await Self.labels(api, avery) == ["Independence Day (observed)", "Independence Day"])
            let again = try await api.request(.post, "/api/v1/admin/plugins", token: root, json: ["path": holidays])
            #expect(again.status == .conflict && again.string("code") == "plugin-conflict")

            // An incompatible plugin: refused with the reason, and not installed.
            let refused = try await api.request(.post, "/api/v1/admin/plugins", token: root, json: ["path": future])
            #expect(refused.status == .unprocessableContent && refused.string("code") == "plugin-refused")
            #expect(refused.string("detail") == "org.example.future was not installed: built for plugin ABI 2, this server speaks 1.")
            #expect(!FileManager.default.fileExists(atPath: "\(plugins)/org.example.future"))
            let relative = try await api.request(.post, "/api/v1/admin/plugins", token: root, json: ["path": "incoming/us-holidays"])
            #expect(relative.status == .badRequest)

            for _ in 0..<3 {
                let disabled = try await api.request(.post, "/api/v1/admin/plugins/\(Self.holidays)/disable", token: root)
                #expect(disabled.status == .ok && disabled.string("status") == "disabled")
                #expect(try await Self.labels(api, avery).isEmpty)
                let enabled = try await api.request(.post, "/api/v1/admin/plugins/\(Self.holidays)/enable", token: root)
                #expect(enabled.status == .ok && enabled.string("status") == "active")
                #expect(try await Self.labels(api, avery).count == 2)
            }
            let missing = try await api.request(.post, "/api/v1/admin/plugins/org.example.none/enable", token: root)
            #expect(missing.status == .notFound && missing.string("code") == "plugin-not-found")

            let removed = try await api.request(.delete, "/api/v1/admin/plugins/\(Self.holidays)", token: root)
            #expect(removed.status == .noContent)
            #expect(!FileManager.default.fileExists(atPath: "\(plugins)/\(Self.holidays)"))
            #expect(try await Self.labels(api, avery).isEmpty)
            // And back: the same library, loaded again in this process.
            #expect(try await api.request(.post, "/api/v1/admin/plugins", token: root, json: ["path": holidays]).status == .created)
            #expect(try await Self.labels(api, avery).count == 2)

            // Long enough for the students' requests to have overlapped every step above.
            while load.total < 300 { try await Task.sleep(for: .milliseconds(20)) }
            load.running.store(false, ordering: .relaxed)
            try await first
            try await second
            #expect(load.failures.isEmpty, "requests that failed: \(load.failures) of \(load.total)")
        }
        await server.services.plugins.stopAll()
    }

    @Test func theShellCommandsInstallAndDisableAndTheRunningServerFollows() async throws {
        let directory = TemporaryDirectory()
        let incoming = try PluginFixture.installShipped("us-holidays", into: directory.file("incoming"))
        let future = try PluginFixture.installShipped("us-holidays", into: directory.file("incoming/future")) {
            $0.replacingOccurrences(of: "abi = \"1.0\"", with: "abi = \"2.0\"").replacingOccurrences(of: Self.holidays, with: "org.example.future")
        }
        let plugins = directory.file("plugins")
        let database = directory.file("campuscal.sqlite")
        let server = try TestServer(
            directory: directory,
            configure: {
                $0.pluginsDirectory = plugins
                $0.pluginRescanSeconds = 1
            })
        @Sendable func campuscal(_ arguments: String...) throws -> CommandRunner.Result {
            try CommandRunner.run(
                ["plugin"] + arguments + [
                    "--database", database, "--set", "plugins.directory=\(plugins)", "--set", "plugins.rescan_seconds=1", "--set",
                    "privacy.agreements_directory=\(TestServer.repositoryRoot.appendingPathComponent("config/agreements").path)",
                ],
                in: directory.path)
        }
        try await server.createUser("avery")
        try await server.run { api in
            let avery = try await api.token("avery")

            // Copied in as `scripts/package-plugins` does, a plugin waits for an administrator; the
            // shipped plugins' installers enable it with `--unless-disabled`, as nobody decided on it yet.
            _ = try PluginFixture.installShipped("us-holidays", into: plugins)
            let waiting = try campuscal("list")
            #expect(waiting.output.contains("1.0.0     waiting"), "\(waiting.output)")
            let shipped = try campuscal("enable", "--unless-disabled", Self.holidays)
            #expect(shipped.status == 0 && shipped.output.contains("Enabled \(Self.holidays)"), "\(shipped.output)")
            #expect(try await eventually { try await Self.labels(api, avery).count == 2 })
            #expect(try campuscal("remove", Self.holidays).status == 0)
            #expect(try await eventually { try await Self.labels(api, avery).isEmpty })

            let refused = try campuscal("install", future)
            #expect(
                refused.status != 0 && refused.output.contains("org.example.future was not installed: built for plugin ABI 2, this server speaks 1"))
            let installed = try campuscal("install", incoming)
            #expect(installed.status == 0 && installed.output.contains("Installed \(Self.holidays) 1.0.0"), "\(installed.output)")
            #expect(try await eventually { try await Self.labels(api, avery).count == 2 })

            let listed = try campuscal("list")
            #expect(listed.output.contains(Self.holidays) && listed.output.contains("enabled"), "\(listed.output)")
            let info = try campuscal("info", Self.holidays)
            #expect(info.output.contains("identities:  never (de-identified)") && info.output.contains("isolation:   in-process"), "\(info.output)")

            #expect(try campuscal("disable", Self.holidays).status == 0)
            #expect(try await eventually { try await Self.labels(api, avery).isEmpty })
            #expect(try campuscal("enable", Self.holidays).status == 0)
            #expect(try await eventually { try await Self.labels(api, avery).count == 2 })
            #expect(try campuscal("remove", Self.holidays).status == 0)
            #expect(try await eventually { try await Self.labels(api, avery).isEmpty })
            #expect(try campuscal("info", Self.holidays).status != 0)

            // Copied in again after a removal, it stays off: the removal is recorded as a disable …
            _ = try PluginFixture.installShipped("us-holidays", into: plugins)
            let relisted = try campuscal("list")
            #expect(relisted.output.contains("disabled"), "\(relisted.output)")
            // … which `--unless-disabled` (the shipped plugins' installers) leaves as it is …
            let left = try campuscal("enable", "--unless-disabled", Self.holidays)
            #expect(left.status == 0 && left.output.contains("Left \(Self.holidays) disabled"), "\(left.output)")
            try await Task.sleep(for: .seconds(2))
            #expect(try await Self.labels(api, avery).isEmpty)
            // … while an administrator's enable turns it on.
            #expect(try campuscal("enable", Self.holidays).status == 0)
            #expect(try await eventually { try await Self.labels(api, avery).count == 2 })
        }
        await server.services.plugins.stopAll()
    }
}
