import CampusCalCore
import CampusCalICalendar
import CampusCalTestSupport
import Foundation
import Logging
import Testing

@testable import CampusCalPlugins

/// The shipped C plugin `us-holidays` loaded through the real loader (manifest, checksum, dlopen,
/// entry, descriptor, init, start) and judged against python-holidays' United States calendar.
@Suite("Plugin us-holidays (C): loaded for real, dates against python-holidays")
struct USHolidaysPluginTests {
    static func manager(_ directory: TemporaryDirectory) -> PluginManager {
        let logger = Logger(label: "test.plugins")
        return PluginManager(
            directory: directory.file("plugins"),
            loader: PluginLoader(logger: logger, state: nil, markerDirectory: directory.file("markers")), logger: logger)
    }

    /// python-holidays' federal holidays of `year` as (date, observed) pairs.
    static func oracle(_ year: Int) throws -> Set<String> {
        let python = TestServer.repositoryRoot.appendingPathComponent(".venv/bin/python").path
        let script = """
            import holidays
            for day, name in sorted(holidays.US(years=\(year)).items()):
                print(day.isoformat(), "observed" if "(observed)" in name else "day")
            """
        let result = try CommandRunner.run(program: URL(fileURLWithPath: python), ["-c", script], in: TestServer.repositoryRoot.path)
        #expect(result.status == 0, "python-holidays: \(result.output)")
        return Set(result.output.split(separator: "\n").map(String.init))
    }

    @Test func federalHolidaysAndObservedDays2024To2030() async throws {
        let directory = TemporaryDirectory()
        try PluginFixture.installShipped("us-holidays", into: directory.file("plugins"))
        let plugins = Self.manager(directory)
        await plugins.loadAll()
        let info = try #require(await plugins.plugins().first)
        #expect(info.status == .active && info.manifest.id == "org.campuscal.us-holidays", "\(info.status)")

        for year in 2024...2030 {
            let labels = await plugins.dayLabels(
                from: LocalDate(year: year, month: 1, day: 1), to: LocalDate(year: year, month: 12, day: 31))
            let ours = Set(labels.map { "\($0.date) \($0.label.hasSuffix("(observed)") ? "observed" : "day")" })
            #expect(ours == (try Self.oracle(year)), "\(year)")
            #expect(labels.allSatisfy { $0.kind == "holiday" && $0.source == "org.campuscal.us-holidays" })
        }
        // The cases that matter to a student: July 4th 2026 is a Saturday (offices close Friday the 3rd);
        // New Year's Day 2028 is a Saturday, observed on Friday December 31st, 2027.
        let july = await plugins.dayLabels(from: LocalDate(year: 2026, month: 7, day: 1), to: LocalDate(year: 2026, month: 7, day: 31))
        #expect(july.map { "\($0.date) \($0.label)" } == ["2026-07-03 Independence Day (observed)", "2026-07-04 Independence Day"])
        let newYear = await plugins.dayLabels(from: LocalDate(year: 2027, month: 12, day: 31), to: LocalDate(year: 2028, month: 1, day: 1))
        #expect(newYear.map { "\($0.date) \($0.label)" } == ["2027-12-31 New Year's Day (observed)", "2028-01-01 New Year's Day"])
        await plugins.stopAll()
    }

    @Test func refusedPluginsSayExactlyWhyAndTheGoodOneStillLoads() async throws {
        let directory = TemporaryDirectory()
        let plugins = directory.file("plugins")
        try PluginFixture.installShipped("us-holidays", into: plugins)
        // Built for another ABI major: refused from the manifest alone.
        try PluginFixture.installShipped("us-holidays", into: "\(plugins)/tmp") {
            $0.replacingOccurrences(of: "abi = \"1.0\"", with: "abi = \"2.0\"").replacingOccurrences(
                of: "org.campuscal.us-holidays", with: "org.example.abi2")
        }
        try FileManager.default.moveItem(atPath: "\(plugins)/tmp/us-holidays", toPath: "\(plugins)/abi2")
        // The same plugin twice: the second folder is refused.
        try PluginFixture.installShipped("us-holidays", into: "\(plugins)/tmp")
        try FileManager.default.moveItem(atPath: "\(plugins)/tmp/us-holidays", toPath: "\(plugins)/us-holidays-copy")
        // Needs a newer minor.
        try PluginFixture.installShipped("us-holidays", into: "\(plugins)/tmp") {
            $0.replacingOccurrences(of: "abi = \"1.0\"", with: "abi = \"1.7\"").replacingOccurrences(
                of: "org.campuscal.us-holidays", with: "org.example.newer")
        }
        try FileManager.default.moveItem(atPath: "\(plugins)/tmp/us-holidays", toPath: "\(plugins)/newer")
        // The library says another id than its manifest.
        try PluginFixture.installShipped("us-holidays", into: "\(plugins)/tmp") {
            $0.replacingOccurrences(of: "id = \"org.campuscal.us-holidays\"", with: "id = \"org.example.impostor\"")
        }
        try FileManager.default.moveItem(atPath: "\(plugins)/tmp/us-holidays", toPath: "\(plugins)/impostor")
        // The library changed after its manifest was written.
        try PluginFixture.installShipped("us-holidays", into: "\(plugins)/tmp") {
            $0.replacingOccurrences(of: "org.campuscal.us-holidays", with: "org.example.tampered")
        }
        try FileManager.default.moveItem(atPath: "\(plugins)/tmp/us-holidays", toPath: "\(plugins)/tampered")
        let handle = try #require(FileHandle(forWritingAtPath: "\(plugins)/tampered/libus-holidays.so"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        // Not a shared library at all (with a matching checksum): dlopen's words reach the administrator.
        try "not an ELF file\n".write(toFile: directory.file("garbage.so"), atomically: true, encoding: .utf8)
        try PluginFixture.install(
            library: directory.file("garbage.so"),
            manifest:
                "id = \"org.example.garbage\"\nname = \"Garbage\"\nversion = \"1\"\nabi = \"1.0\"\nlibrary = \"garbage.so\"\nlanguage = \"c\"\n",
            as: "garbage", into: plugins)
        // A real library that is not a CampusCal plugin.
        try PluginFixture.install(
            library: "/lib/x86_64-linux-gnu/libz.so.1",
            manifest: "id = \"org.example.zlib\"\nname = \"zlib\"\nversion = \"1\"\nabi = \"1.0\"\nlibrary = \"libz.so.1\"\nlanguage = \"c\"\n",
            as: "zlib", into: plugins)
        // A manifest that is not one.
        try FileManager.default.createDirectory(atPath: "\(plugins)/broken", withIntermediateDirectories: true)
        try "id = \"Bad Id!\"\n".write(toFile: "\(plugins)/broken/plugin.toml", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: "\(plugins)/tmp")

        let manager = Self.manager(directory)
        await manager.loadAll()
        let byID = Dictionary(await manager.plugins().map { ($0.manifest.id, $0.status) }, uniquingKeysWith: { first, _ in first })
        func reason(_ id: String) -> String {
            if case .failed(let why) = byID[id] { return why }
            return "not failed: \(String(describing: byID[id]))"
        }
        #expect(await manager.plugins().contains { $0.manifest.id == "org.campuscal.us-holidays" && $0.status == .active })
        #expect(reason("org.example.newer").contains("needs plugin ABI 1.7, this server speaks 1.2"))
        #expect(
            reason("org.example.impostor").contains(
                "its library says it is 'org.campuscal.us-holidays', but its manifest says 'org.example.impostor'"))
        #expect(reason("org.example.tampered").contains("checksum mismatch"))
        #expect(reason("org.example.garbage").contains("could not be loaded") && reason("org.example.garbage").contains("garbage.so"))
        #expect(reason("org.example.zlib").contains("does not export campuscal_plugin_entry_v1"))
        #expect(reason("org.example.abi2") == "built for plugin ABI 2, this server speaks 1")
        let copies = await manager.plugins().filter { $0.manifest.id == "org.campuscal.us-holidays" }
        #expect(copies.count == 2 && copies.contains { $0.status == .active })
        #expect(copies.contains { if case .failed(let why) = $0.status { why.contains("already used") } else { false } })
        // And the good one still answers.
        #expect(!(await manager.dayLabels(from: LocalDate(year: 2026, month: 12, day: 25), to: LocalDate(year: 2026, month: 12, day: 25))).isEmpty)
        await manager.stopAll()
    }
}
