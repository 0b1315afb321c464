import CampusCalCore
import CampusCalICalendar
import CampusCalTestSupport
import Foundation
import Logging
import Testing

@testable import CampusCalPlugins

/// Issue #26, findings 2 and 4: installs, removals and rescans of one plugin happen one after
/// another, and what a crash left behind goes with the plugin.
extension BadPluginTests {
    /// Finding 2: rescans while an install is loading the plugin (its `init` takes a second) do not
    /// load it a second time: it starts once, is listed once, and after its removal no runner of it is left.
    @Test(arguments: [false, true])
    func installRacingRescanLoadsOnce(isolated: Bool) async throws {
        let directory = TemporaryDirectory()
        let library = try Self.compile("CASE_SLOW_INIT_COUNTS", in: directory)
        try PluginFixture.install(library: library, manifest: Self.manifest(isolated: isolated), as: "bad", into: directory.file("staging"))
        try FileManager.default.createDirectory(atPath: directory.file("plugins"), withIntermediateDirectories: true)
        let state = MemoryPluginState()
        let manager = Self.manager(in: directory, state: state)
        let install = Task { try await manager.install(from: directory.file("staging/bad")) }
        // The server's rescan, far more often than every 10 s, while the install loads the plugin.
        for _ in 0..<30 {
            await manager.synchronise()
            try await Task.sleep(for: .milliseconds(50))
        }
        let installed = try await install.value
        #expect(installed.status == .active)
        for _ in 0..<5 { await manager.synchronise() }
        let listed = await manager.plugins()
        #expect(listed.count == 1 && listed.first?.status == .active, "\(listed.map { ($0.manifest.id, $0.status) })")
        let starts = try state.value(plugin: "", key: "starts")
        #expect(starts == "1", "started \(starts ?? "0") times")
        let runner = await manager.runnerProcessIdentifier(of: "org.example.bad")
        #expect((runner != nil) == isolated)
        try await manager.remove("org.example.bad")
        if let runner {
            // Ended and reaped: no runner of a removed plugin lives on.
            #expect(try await eventually { kill(runner, 0) != 0 }, "runner \(runner) outlived its plugin's removal")
        }
        #expect(await manager.plugins().isEmpty)
    }

    /// Finding 4: the "loading" marker of a plugin that took the server down goes with the plugin:
    /// removing it clears the marker, and so does installing a (fixed) build under the same id.
    @Test func crashMarkerClearedByRemoveAndReinstall() async throws {
        let directory = TemporaryDirectory()
        let library = try Self.compile("CASE_NONE", in: directory)
        try PluginFixture.install(library: library, manifest: Self.manifest, as: "bad", into: directory.file("plugins"))
        try PluginFixture.install(library: library, manifest: Self.manifest, as: "bad", into: directory.file("staging"))
        // As the server leaves it when it dies inside the plugin's load.
        let marker = directory.file("markers/org.example.bad.loading")
        func crashed() throws {
            try FileManager.default.createDirectory(atPath: directory.file("markers"), withIntermediateDirectories: true)
            try "loading since the crash\n".write(toFile: marker, atomically: true, encoding: .utf8)
        }
        try crashed()
        let manager = Self.manager(in: directory)
        await manager.loadAll()
        #expect(Self.reason(await manager.plugins().first?.status ?? .active).contains("the server stopped while loading it last time"))
        try await manager.remove("org.example.bad")
        #expect(!FileManager.default.fileExists(atPath: marker), "removing the plugin left its crash marker")
        // The marker is back (say the shell removed the folder): a new install clears it.
        try crashed()
        let installed = try await manager.install(from: directory.file("staging/bad"))
        #expect(installed.status == .active, "\(Self.reason(installed.status))")
        #expect(!FileManager.default.fileExists(atPath: marker))
        await manager.stopAll()
    }

    /// Review L6: the API installs only from the staging folder, and never through a symbolic link —
    /// a stolen admin token cannot install what an attacker left elsewhere (here, beside it).
    @Test func installsOnlyFromTheStagingFolderAndRefusesSymbolicLinks() async throws {
        let directory = TemporaryDirectory()
        let library = try Self.compile("CASE_NONE", in: directory)
        try PluginFixture.install(library: library, manifest: Self.manifest, as: "bad", into: directory.file("elsewhere"))
        try PluginFixture.install(library: library, manifest: Self.manifest, as: "linked", into: directory.file("staging"))
        try FileManager.default.createDirectory(atPath: directory.file("plugins"), withIntermediateDirectories: true)
        // A library in the staging folder that is a link to one outside it.
        try FileManager.default.removeItem(atPath: directory.file("staging/linked/libbad.so"))
        try FileManager.default.createSymbolicLink(atPath: directory.file("staging/linked/libbad.so"), withDestinationPath: library)
        // A folder in the staging folder that is a link to one outside it.
        try FileManager.default.createSymbolicLink(atPath: directory.file("staging/door"), withDestinationPath: directory.file("elsewhere/bad"))
        let manager = Self.manager(in: directory)
        for (path, expected) in [
            (directory.file("elsewhere/bad"), "is not a folder inside the staging folder"),
            (directory.file("staging/../elsewhere/bad"), "is not a folder inside the staging folder"),
            (directory.file("staging/door"), "is not a folder inside the staging folder"),
            (directory.file("staging/linked"), "symbolic link"),
        ] {
            do {
                _ = try await manager.install(from: path)
                Issue.record("\(path) was installed")
            } catch {
                #expect("\(error)".contains(expected), "\(path): \(error)")
            }
        }
        #expect(await manager.plugins().isEmpty)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: directory.file("plugins"))) == [])
    }

    /// Review M2's last step: a folder that appears in the plugins directory (dropped there by
    /// anything but an administrator) is not loaded by the rescan — listed as disabled until an
    /// administrator enables it, and then it loads.
    @Test func aFolderThatAppearsIsNotLoadedUntilAnAdministratorEnablesIt() async throws {
        let directory = TemporaryDirectory()
        let library = try Self.compile("CASE_NONE", in: directory)
        try FileManager.default.createDirectory(atPath: directory.file("plugins"), withIntermediateDirectories: true)
        let settings = MemoryPluginSettings()
        let logger = Logger(label: "test.bad-plugins")
        let manager = PluginManager(
            directory: directory.file("plugins"), loader: PluginLoader(logger: logger, state: nil, markerDirectory: directory.file("markers")),
            logger: logger, runner: Self.runner, settings: settings)
        await manager.loadAll()
        try PluginFixture.install(library: library, manifest: Self.manifest, as: "dropped", into: directory.file("plugins"))
        await manager.synchronise()
        let days = (LocalDate(year: 2026, month: 3, day: 1), LocalDate(year: 2026, month: 3, day: 1))
        #expect(await manager.plugins().map(\.status) == [.disabled])
        #expect(await manager.dayLabels(from: days.0, to: days.1).isEmpty)
        // Still off after more rescans, and after a restart.
        await manager.synchronise()
        #expect(await manager.plugins().map(\.status) == [.disabled])
        let restarted = PluginManager(
            directory: directory.file("plugins"), loader: PluginLoader(logger: logger, state: nil, markerDirectory: directory.file("markers")),
            logger: logger, runner: Self.runner, settings: settings)
        await restarted.loadAll(onlyEnabled: true)  // what the server does at start-up
        #expect(await restarted.plugins().map(\.status) == [.disabled])
        // An administrator's enable loads it.
        let enabled = try await manager.enable("org.example.bad")
        #expect(enabled.status == .active)
        #expect(await manager.dayLabels(from: days.0, to: days.1).map(\.label) == ["Bad plugin day"])
        // Removed, its enable goes with it: the same folder dropped again waits once more.
        try await manager.remove("org.example.bad")
        try PluginFixture.install(library: library, manifest: Self.manifest, as: "dropped", into: directory.file("plugins"))
        await manager.synchronise()
        #expect(await manager.plugins().map(\.status) == [.disabled])
        await manager.stopAll()
    }
}

extension BadPluginTests {
    /// The same at start-up: a folder dropped into the plugins directory while the server was
    /// down is not loaded when it starts — only once an administrator enables it (from the shell,
    /// caught by the rescan). An administrator's disable outlives a restart too.
    @Test func aFolderDroppedWhileTheServerWasDownIsNotLoadedAtStartUp() async throws {
        let directory = TemporaryDirectory()
        let library = try Self.compile("CASE_NONE", in: directory)
        try PluginFixture.install(library: library, manifest: Self.manifest, as: "dropped", into: directory.file("plugins"))
        let settings = MemoryPluginSettings()
        let logger = Logger(label: "test.bad-plugins")
        func start() async -> PluginManager {
            let manager = PluginManager(
                directory: directory.file("plugins"),
                loader: PluginLoader(logger: logger, state: nil, markerDirectory: directory.file("markers")), logger: logger,
                runner: Self.runner, settings: settings)
            await manager.loadAll(onlyEnabled: true)
            return manager
        }
        let days = (LocalDate(year: 2026, month: 3, day: 1), LocalDate(year: 2026, month: 3, day: 1))
        let first = await start()
        #expect(await first.plugins().map(\.status) == [.disabled])
        #expect(await first.dayLabels(from: days.0, to: days.1).isEmpty)
        #expect(try settings.disabledPlugins().isEmpty && settings.enabledPlugins().isEmpty, "nothing recorded for a folder nobody installed")
        // `campuscal plugin enable` records it; the running server's rescan loads it.
        try settings.setEnabled(true, plugin: "org.example.bad")
        await first.synchronise()
        #expect(await first.plugins().map(\.status) == [.active])
        await first.stopAll()
        // Enabled, it loads at the next start; disabled, it stays off at the one after.
        let second = await start()
        #expect(await second.plugins().map(\.status) == [.active])
        _ = try await second.disable("org.example.bad")
        await second.stopAll()
        let third = await start()
        #expect(await third.plugins().map(\.status) == [.disabled])
        await third.stopAll()
    }
}

/// Which plugins are on or off, in memory.
final class MemoryPluginSettings: PluginSettingsStore, @unchecked Sendable {
    // @unchecked: `enabled` is only touched under `lock`.
    private let lock = NSLock()
    private var enabled: [String: Bool] = [:]

    func disabledPlugins() throws -> Set<String> { lock.withLock { Set(enabled.filter { !$0.value }.keys) } }
    func enabledPlugins() throws -> Set<String> { lock.withLock { Set(enabled.filter { $0.value }.keys) } }
    func setEnabled(_ enabled: Bool, plugin: String) throws { lock.withLock { self.enabled[plugin] = enabled } }
}
