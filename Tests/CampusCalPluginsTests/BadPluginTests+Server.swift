import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

@testable import CampusCalPlugins

/// Issue #26, finding 1 as it was seen: over HTTP, while an administrator installs a plugin whose
/// library constructor never returns.
extension BadPluginTests {
    /// `/healthz` and students' requests answer at once while the install waits out the 5 s
    /// deadline; the install is then refused with its reason and nothing is installed.
    @Test func constructorThatBlocksDoesNotStallHealthzDuringAnInstall() async throws {
        let directory = TemporaryDirectory()
        let library = try Self.compile("CASE_CONSTRUCTOR_BLOCKS", in: directory)
        try PluginFixture.install(library: library, manifest: Self.manifest, as: "bad", into: directory.file("staging"))
        let server = try TestServer(
            directory: directory,
            configure: {
                $0.pluginsDirectory = directory.file("plugins")
                $0.pluginStagingDirectory = directory.file("staging")
                $0.pluginRunner = Self.runner.executable
                $0.pluginRescanSeconds = 3600
            })
        try await server.createUser("avery")
        try await server.run { api in
            let avery = try await api.token("avery")
            // The install the admin API would make (the test client has one connection, so the
            // request itself would queue the probes behind it on the client's side).
            let install = Task { try await server.services.plugins.install(from: directory.file("staging/bad")) }
            try await Task.sleep(for: .milliseconds(700))
            for path in ["/healthz", "/api/v1/plugins", "/api/v1/day-labels?from=2026-07-01&to=2026-07-31"] {
                let started = Date()
                let reply = try await api.request(.get, path, token: avery)
                #expect(reply.status == .ok, "\(path): \(reply.status)")
                // Well under the 5 s the install waits out (loose: CI runs the whole suite on two cores).
                #expect(Date().timeIntervalSince(started) < 3, "\(path) waited \(Date().timeIntervalSince(started)) s during the install")
            }
            do {
                _ = try await install.value
                Issue.record("a library whose constructor never returns was installed")
            } catch {
                #expect("\(error)".contains("did not finish loading within 5 s"), "\(error)")
            }
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: directory.file("plugins"))) ?? [] == [])
    }
}
