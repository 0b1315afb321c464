import CampusCalCore
import CampusCalICalendar
import CampusCalTestSupport
import Foundation
import Logging
import Testing

@testable import CampusCalPlugins

/// The negative-plugin suite: purpose-built bad plugins (`Fixtures/bad_plugin.c`, one defect per
/// build, compiled here with the system C compiler), each refused or contained with its own
/// message, the loader and the good plugin beside it unharmed.
@Suite("Bad plugins are refused or contained, each with its reason")
struct BadPluginTests {
    static let manifest = """
        id = "org.example.bad"
        name = "A bad plugin"
        version = "0.1"
        abi = "1.0"
        library = "libbad.so"
        language = "c"
        provides = ["campuscal.day-labels/1"]
        """

    /// Where the tests' plugin runners come from: the `campuscal` just built.
    static var runner: PluginRunnerCommand {
        PluginRunnerCommand(executable: PluginFixture.buildDirectory.appendingPathComponent("campuscal").path)
    }

    /// Builds the fixture with `defect` and loads it, alone, in a fresh plugins directory.
    static func load(
        _ defect: String, manifest: String = manifest, state: (any PluginStateStore)? = nil
    ) async throws -> (PluginManager, PluginStatus) {
        let directory = TemporaryDirectory()
        let library = try compile(defect, in: directory)
        try PluginFixture.install(library: library, manifest: manifest, as: "bad", into: directory.file("plugins"))
        let manager = Self.manager(in: directory, state: state)
        await manager.loadAll()
        let status = await manager.plugins().first?.status ?? .failed("not listed")
        return (manager, status)
    }

    /// The fixture built with `defect`, as `libbad.so` in `directory`.
    static func compile(_ defect: String, in directory: TemporaryDirectory) throws -> String {
        let source = TestServer.repositoryRoot.appendingPathComponent("Tests/CampusCalPluginsTests/Fixtures/bad_plugin.c").path
        let include = TestServer.repositoryRoot.appendingPathComponent("Sources/CCampusCalPluginABI/include").path
        let library = directory.file("libbad.so")
        let compiled = try CommandRunner.run(
            program: URL(fileURLWithPath: "/usr/bin/cc"), ["-shared", "-fPIC", "-O1", "-I", include, "-DCASE=\(defect)", source, "-o", library],
            in: directory.path)
        #expect(compiled.status == 0, "cc: \(compiled.output)")
        return library
    }

    /// A manager of `directory/plugins` (markers in `directory/markers`), its runners the `campuscal` just built.
    static func manager(in directory: TemporaryDirectory, state: (any PluginStateStore)? = nil, runner: PluginRunnerCommand = runner) -> PluginManager
    {
        let logger = Logger(label: "test.bad-plugins")
        return PluginManager(
            directory: directory.file("plugins"),
            loader: PluginLoader(logger: logger, state: state, markerDirectory: directory.file("markers")), logger: logger, runner: runner,
            stagingDirectory: directory.file("staging"))
    }

    /// The fixture's manifest, run in a plugin runner when `isolated`.
    static func manifest(isolated: Bool) -> String { manifest + (isolated ? "\nisolation = \"process\"\n" : "") }

    static func reason(_ status: PluginStatus) -> String {
        if case .failed(let why) = status { return why }
        return "(\(status.name))"
    }

    @Test(arguments: [
        ("CASE_ENTRY_NULL", "its entry point refused to load: this plugin needs the campus's license server, which is not configured"),
        ("CASE_SMALL_DESCRIPTOR", "its cc_plugin_descriptor is 16 bytes, smaller than plugin ABI 1.0's"),
        ("CASE_NULL_FUNCTIONS", "its descriptor lacks required functions: stop, get_feature"),
        ("CASE_BAD_UTF8_ID", "its descriptor's id is missing, too long or not UTF-8"),
        ("CASE_INIT_FAILS", "init failed (error): the campus holiday calendar file is missing"),
        ("CASE_UNKNOWN_STATUS", "init failed (unknown status 4242)"),
        ("CASE_UNDEFINED_SYMBOL", "campuscal_no_such_function"),
        ("CASE_DESCRIPTOR_MINOR", "needs plugin ABI 1.9, this server speaks 1.2"),
    ])
    func refusedWithItsReason(_ defect: String, _ expected: String) async throws {
        let (manager, status) = try await Self.load(defect)
        #expect(Self.reason(status).contains(expected), "\(defect): \(Self.reason(status))")
        // Refused means refused: nothing of it answers.
        #expect(await manager.dayLabels(from: LocalDate(year: 2026, month: 1, day: 1), to: LocalDate(year: 2026, month: 1, day: 2)).isEmpty)
    }

    @Test func aNewerLargerDescriptorLoadsWithItsTailIgnored() async throws {
        let (manager, status) = try await Self.load("CASE_LARGE_DESCRIPTOR")
        #expect(status == .active)
        let labels = await manager.dayLabels(from: LocalDate(year: 2026, month: 3, day: 1), to: LocalDate(year: 2026, month: 3, day: 2))
        #expect(labels.map(\.label) == ["Bad plugin day"])
        await manager.stopAll()
    }

    @Test func aLabelOutsideTheRangeIsRefusedAndNothingOfThatCallShows() async throws {
        let (manager, status) = try await Self.load("CASE_LABEL_OUT_OF_RANGE")
        #expect(status == .active)
        #expect(await manager.dayLabels(from: LocalDate(year: 2026, month: 3, day: 1), to: LocalDate(year: 2026, month: 3, day: 2)).isEmpty)
        await manager.stopAll()
    }

    @Test func aCallPastItsDeadlineDisablesThePluginAndTheCallerMovesOn() async throws {
        let (manager, status) = try await Self.load("CASE_SLOW_LABELS")
        #expect(status == .active)
        let started = Date()
        #expect(await manager.dayLabels(from: LocalDate(year: 2026, month: 3, day: 1), to: LocalDate(year: 2026, month: 3, day: 2)).isEmpty)
        let waited = Date().timeIntervalSince(started)
        // The plugin sleeps 60 s: the caller must not wait for it. The bound is loose because the
        // whole suite shares two cores (15 s was seen with a build running beside it).
        #expect(waited < 30, "waited \(waited) s for a plugin with a 2 s deadline")
        #expect(Self.reason(await manager.plugins().first?.status ?? .active).contains("did not answer within 2 s"))
        // Not asked again: the next view does not wait at all.
        let again = Date()
        _ = await manager.dayLabels(from: LocalDate(year: 2026, month: 3, day: 1), to: LocalDate(year: 2026, month: 3, day: 2))
        #expect(Date().timeIntervalSince(again) < 1.5)
    }

    /// The fixture with an exporter and an importer as well (ABI 1.2), allowed to read events (in
    /// the server only with identities: a plugin promised de-identified data runs isolated).
    static func fileManifest(isolated: Bool) -> String {
        manifest.replacingOccurrences(of: "abi = \"1.0\"", with: "abi = \"1.2\"")
            .replacingOccurrences(
                of: "provides = [\"campuscal.day-labels/1\"]",
                with: "provides = [\"campuscal.day-labels/1\", \"campuscal.exporter/1\", \"campuscal.importer/1\"]")
            + (isolated ? "\nisolation = \"process\"\n" : "") + "\n[permissions]\ndata = [\"events\"]\nidentities = \(!isolated)\n"
    }

    @Test func anExporterWhoseFormatIsNotAnIDIsRefused() async throws {
        let (_, status) = try await Self.load("CASE_BAD_FORMAT", manifest: Self.fileManifest(isolated: false))
        #expect(Self.reason(status).contains("its exporter has no valid format id"), "\(Self.reason(status))")
    }

    /// Every broken event an importer emits is refused with a line for the person — too small a
    /// struct, no uid, text that is not UTF-8, an end before the start, a zone that is not one, an
    /// impossible date, NULL — and the one good event is taken; in the server and in a runner alike.
    @Test(arguments: [false, true])
    func anImportersBrokenEventsAreRefusedOneByOne(isolated: Bool) async throws {
        let (manager, status) = try await Self.load("CASE_HOSTILE_IMPORTER", manifest: Self.fileManifest(isolated: isolated))
        #expect(status == .active, "\(Self.reason(status))")
        let instance = try #require(await manager.entries["org.example.bad"]?.instance)
        let importFormat = await instance.importFormat
        let exportFormat = await instance.exportFormat
        #expect(importFormat?.format == "hostile" && exportFormat?.mediaType == "text/plain; charset=utf-8")
        let file = try await instance.parse(Array("anything".utf8))
        #expect(file.events.map(\.uid) == ["good-1"])
        #expect(file.events.first?.line == 7)
        let lines = file.problems.map { $0.line ?? 0 }
        #expect(lines == [1, 2, 3, 4, 5, 6, 42], "\(file.problems)")
        #expect(file.problems.allSatisfy { !$0.message.isEmpty }, "\(file.problems)")
        #expect(file.problems[4].message.contains("Mars/Olympus_Mons"), "\(file.problems)")
        // The exporter gets the host's events and its output comes back whole.
        let event = PluginCalendarEvent(
            uid: "e-1", title: "T", allDay: false, timeZone: "UTC", start: LocalDateTime(year: 2026, month: 12, day: 1, hour: 9),
            end: LocalDateTime(year: 2026, month: 12, day: 1, hour: 10))
        #expect(try await instance.export([event, event], calendarName: "C") == Array("e-1\ne-1\n".utf8))
        await manager.stopAll()
    }

    /// The fixture with a scheduled job as well (ABI 1.1).
    static let jobManifest =
        manifest
        .replacingOccurrences(of: "abi = \"1.0\"", with: "abi = \"1.1\"")
        .replacingOccurrences(
            of: "provides = [\"campuscal.day-labels/1\"]", with: "provides = [\"campuscal.day-labels/1\", \"campuscal.scheduled-job/1\"]")

    @Test func aScheduledJobThatWouldRunEveryFewSecondsIsRefused() async throws {
        let (_, status) = try await Self.load("CASE_JOB_TOO_OFTEN", manifest: Self.jobManifest)
        #expect(
            Self.reason(status).contains("its scheduled job asks to run every 5 s; the interval must be 60…604800 s (a minute to a week)"),
            "\(Self.reason(status))")
    }

    /// A job runs by the server's clock (moved here, not waited for): first one interval (plus
    /// jitter, at most a tenth) after it is seen, then once per interval, never twice for one due
    /// time — in the server and in a runner alike, its state written through the host.
    @Test(arguments: [false, true])
    func aScheduledJobRunsOncePerIntervalByTheServersClock(isolated: Bool) async throws {
        let state = MemoryPluginState()
        let manifest = Self.jobManifest + (isolated ? "\nisolation = \"process\"\n" : "")
        let (manager, status) = try await Self.load("CASE_JOB", manifest: manifest, state: state)
        #expect(status == .active)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        await manager.runDueJobs(now: start)
        await manager.runDueJobs(now: start.addingTimeInterval(59))
        try await Task.sleep(for: .milliseconds(300))
        #expect(try state.value(plugin: "", key: "runs") == nil)
        await manager.runDueJobs(now: start.addingTimeInterval(67))
        #expect(try await eventually { try state.value(plugin: "", key: "runs") == "1" })
        #expect(try state.value(plugin: "", key: "last") == "1800000067")
        await manager.runDueJobs(now: start.addingTimeInterval(68))
        try await Task.sleep(for: .milliseconds(300))
        #expect(try state.value(plugin: "", key: "runs") == "1")
        // Asked again until it runs: a job still finishing (its id not yet released after the
        // runner's reply) is skipped, not queued.
        #expect(
            try await eventually {
                await manager.runDueJobs(now: start.addingTimeInterval(67 + 67))
                return try state.value(plugin: "", key: "runs") == "2"
            })
        await manager.stopAll()
    }

    /// `permissions.network` is enforced for an isolated plugin: its runner has a network of its own
    /// with nothing in it, so even the server's loopback is out of reach directly; the host's
    /// `http_request` reaches the hosts the manifest names, and only those.
    @Test(arguments: [
        ("[]", ["network: unreachable", "listener: refused 4", "elsewhere: refused 4"]),
        ("[\"127.0.0.1\"]", ["network: unreachable", "listener: http 204", "elsewhere: refused 4"]),
    ])
    func anIsolatedPluginReachesOnlyTheHostsItsManifestNamesThroughTheHost(network: String, expected: [String]) async throws {
        guard NetworkIsolation.isAvailable else {
            print("skipped: this host does not allow user namespaces, so an isolated plugin's network cannot be taken away here")
            return
        }
        let listener = try LoopbackListener()
        let manifest =
            Self.manifest.replacingOccurrences(of: "abi = \"1.0\"", with: "abi = \"1.2\"") + """

                isolation = "process"

                [permissions]
                network = \(network)

                [config]
                port = "\(listener.port)"
                """
        let (manager, status) = try await Self.load("CASE_NETWORK_PROBE", manifest: manifest)
        #expect(status == .active, "\(Self.reason(status))")
        // The probe makes three connection attempts inside one 2-second call; on a machine busy with
        // the rest of the suite one can overrun, which restarts the runner (with back-off): ask
        // again until it answers.
        var labels: [DayLabel] = []
        _ = try await eventually {
            labels = await manager.dayLabels(from: LocalDate(year: 2026, month: 3, day: 1), to: LocalDate(year: 2026, month: 3, day: 1))
            return !labels.isEmpty
        }
        #expect(labels.map(\.label).sorted() == expected.sorted(), "\(labels.map(\.label))")
        await manager.stopAll()
    }

    @Test func theHostAPIRefusesAPluginOnceItsStopHasBegun() async throws {
        let state = MemoryPluginState()
        let (manager, status) = try await Self.load("CASE_HOST_AFTER_STOP", state: state)
        #expect(status == .active)
        #expect(state.keys == ["written-in-start"])
        await manager.stopAll()
        // Written from stop: refused with CC_STOPPED, and nothing kept.
        #expect(state.keys == ["written-in-start"])
    }

    @Test func aPluginThatCrashesInItsRunnerNeverTakesTheServerDownAndIsGivenUpOnAfterFiveCrashes() async throws {
        let isolated = Self.manifest + "\nisolation = \"process\"\n"
        let (manager, status) = try await Self.load("CASE_CRASH_LABELS", manifest: isolated)
        #expect(status == .active)
        let first = await manager.runnerProcessIdentifier(of: "org.example.bad")
        #expect(first != nil && first != getpid())
        // Each call crashes the runner; it is started again after 0.5, 1, 2, 4 s, then given up on.
        var pids: Set<pid_t> = []
        // 7.5 s of back-off, five runner starts and five calls: 60 s leaves room on a busy machine.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            // Asked only once a runner is up, so each runner is seen before the call that crashes it.
            if let pid = await manager.runnerProcessIdentifier(of: "org.example.bad") {
                pids.insert(pid)
                let labels = await manager.dayLabels(from: LocalDate(year: 2026, month: 3, day: 1), to: LocalDate(year: 2026, month: 3, day: 2))
                #expect(labels.isEmpty)
            }
            if case .failed = await manager.plugins().first?.status ?? .active { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let reason = Self.reason(await manager.plugins().first?.status ?? .active)
        #expect(reason.contains("crashed 5 times within 10 minutes and is given up on"), "\(reason)")
        // Five crashes are five runners (a crash counts only for the runner of the moment).
        #expect(pids.count == 5, "runners seen: \(pids)")
        // This process — the server — is alive and answers.
        #expect(await manager.dayLabels(from: LocalDate(year: 2026, month: 3, day: 1), to: LocalDate(year: 2026, month: 3, day: 2)).isEmpty)
        await manager.stopAll()
    }

    @Test func aSwiftPluginFromAnotherToolchainIsRefusedBeforeItsLibraryIsOpened() async throws {
        let directory = TemporaryDirectory()
        try PluginFixture.installShipped("task-rewards", into: directory.file("plugins")) {
            $0.replacingOccurrences(of: "toolchain = \"\(PluginLoader.hostToolchain)\"", with: "toolchain = \"swift-5.10\"")
        }
        let logger = Logger(label: "test.bad-plugins")
        let loader = PluginLoader(logger: logger, state: nil, markerDirectory: nil)
        #expect(throws: PluginLoader.Refusal.self) { try loader.verify(manifestAt: directory.file("plugins/task-rewards/plugin.toml")) }
        do {
            _ = try loader.verify(manifestAt: directory.file("plugins/task-rewards/plugin.toml"))
        } catch {
            #expect(
                error.reason
                    == "is a Swift plugin built with swift-5.10; this server was built with \(PluginLoader.hostToolchain), and Swift plugins must match it"
            )
        }
    }

    @Test func aPluginGivenDataButNoIdentitiesMustRunIsolated() async throws {
        let directory = TemporaryDirectory()
        try PluginFixture.installShipped("task-rewards", into: directory.file("plugins")) {
            $0.replacingOccurrences(of: "isolation = \"process\"", with: "isolation = \"in-process\"")
        }
        let logger = Logger(label: "test.bad-plugins")
        do {
            _ = try PluginLoader(logger: logger, state: nil, markerDirectory: nil).verify(
                manifestAt: directory.file("plugins/task-rewards/plugin.toml"))
            Issue.record("an in-process plugin with data and no identities was accepted")
        } catch {
            #expect(error.reason == "may receive student data without identities, so it must run with isolation = \"process\"")
        }
    }

    @Test func aSwiftPluginStaysMappedAfterItIsStopped() async throws {
        let directory = TemporaryDirectory()
        let folder = try PluginFixture.installShipped("task-rewards", into: directory.file("plugins"))
        let logger = Logger(label: "test.bad-plugins")
        // As a plugin runner loads it.
        let loader = PluginLoader(logger: logger, state: MemoryPluginState(), markerDirectory: nil, insideRunner: true)
        let plugin = try await loader.load(manifestAt: "\(folder)/plugin.toml")
        await plugin.shutDown()
        // The Swift runtime keeps pointers into its code: the library must still be there.
        let path = "\(folder)/libtask-rewards.so"
        #expect(dlopen(path, RTLD_NOW | RTLD_NOLOAD) != nil)
    }
}

/// Plugin state in memory, recording what was kept.
final class MemoryPluginState: PluginStateStore, @unchecked Sendable {
    // @unchecked: `values` is only touched under `lock`.
    private let lock = NSLock()
    private var values: [String: String] = [:]

    var keys: [String] { lock.withLock { values.keys.sorted() } }

    func value(plugin: String, key: String) throws -> String? { lock.withLock { values[key] } }

    func setValue(_ value: String?, plugin: String, key: String, quota: Int) throws -> Bool {
        try setValues([PluginStateWrite(key: key, value: value)], plugin: plugin, quota: quota)
    }

    func totalBytes(plugin: String) throws -> Int { lock.withLock { values.values.reduce(0) { $0 + $1.utf8.count } } }

    func setValues(_ writes: [PluginStateWrite], plugin: String, quota: Int) throws -> Bool {
        lock.withLock {
            var after = values
            for write in writes { after[write.key] = write.value }
            guard after.values.reduce(0, { $0 + $1.utf8.count }) <= quota else { return false }
            values = after
            return true
        }
    }
}

/// A TCP socket listening on 127.0.0.1 (a free port), accepting nothing: enough for a connect to succeed.
final class LoopbackListener: Sendable {
    let descriptor: Int32
    let port: UInt16

    struct Failure: Error {}

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard descriptor >= 0, bound else {
            close(descriptor)
            throw Failure()
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
        // Answers every connection with an empty 204, for requests the host makes for a plugin.
        Thread.detachNewThread {
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = read(connection, &buffer, buffer.count)
                let answer = Array("HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
                _ = write(connection, answer, answer.count)
                close(connection)
            }
        }
    }

    deinit { close(descriptor) }
}
