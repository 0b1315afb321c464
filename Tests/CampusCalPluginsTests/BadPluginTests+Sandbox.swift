import CampusCalCore
import CampusCalICalendar
import CampusCalTestSupport
import Foundation
import Testing

@testable import CampusCalPlugins

/// Issue #26, finding 8 (review M2): an isolated plugin's runner is a sandbox, not only a process.
extension BadPluginTests {
    /// A hostile isolated plugin (`CASE_ESCAPE`) tries, on every call, what review M2 did: read the
    /// database, drop a plugin into the plugins directory, reach the machine through a socket of its
    /// own, fork without limit and allocate 10 GB. Each attempt fails, every time, and the server
    /// answers throughout.
    @Test func hostileIsolatedPluginIsContainedBySandbox() async throws {
        guard RunnerSandbox.isAvailable else {
            Issue.record("runners cannot be sandboxed on this host: \(RunnerSandbox.unavailableReason)")
            return
        }
        let directory = TemporaryDirectory()
        let database = directory.file("campuscal.sqlite")
        try "SQLite format 3 — the server's secrets".write(toFile: database, atomically: true, encoding: .utf8)
        let listener = try LoopbackListener()
        let library = try Self.compile("CASE_ESCAPE", in: directory)
        let manifest =
            Self.manifest(isolated: true)
            + "\n[config]\ndatabase = \"\(database)\"\nplugins = \"\(directory.file("plugins"))\"\nport = \"\(listener.port)\"\n"
        try PluginFixture.install(library: library, manifest: manifest, as: "bad", into: directory.file("plugins"))
        let manager = Self.manager(in: directory)
        await manager.loadAll()
        let status = await manager.plugins().first?.status ?? .failed("not listed")
        #expect(status == .active, "\(Self.reason(status))")
        for day in 1...3 {
            let date = LocalDate(year: 2026, month: 3, day: day)
            let asking = Task { await manager.dayLabels(from: date, to: date).map(\.label) }
            // The server answers while the plugin tries.
            let started = Date()
            _ = await manager.plugins()
            #expect(Date().timeIntervalSince(started) < 3)
            let attempts = await asking.value
            #expect(attempts.count == 5, "\(attempts)")
            #expect(attempts.contains("database: No such file or directory"), "\(attempts)")
            #expect(attempts.contains("plugins: No such file or directory"), "\(attempts)")
            #expect(attempts.contains { $0.hasPrefix("socket: ") && $0 != "socket: connected" }, "\(attempts)")
            #expect(attempts.contains("fork: 0 children"), "\(attempts)")
            // The address space is 1 GiB: neither fits.
            #expect(attempts.contains("memory: 10 GB refused, 2 GB refused"), "\(attempts)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("plugins/evil")))
        #expect(await manager.plugins().first?.status == .active)
        await manager.stopAll()
    }
}
