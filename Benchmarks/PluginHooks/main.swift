import CampusCalCore
// The cost of a plugin call (issue #9), in this process and through a plugin runner process:
//   1. an event hook: the same plugin (task-rewards, the shipped Swift one) told of the same
//      completions — onto the plugin's worker thread (and, isolated, through the runner's socket
//      and back), the plugin's kv_get and kv_set (in process: a SQLite commit each; isolated: the
//      runner remembers what it read and hands its writes back with the answer, committed in one
//      transaction), and the answer back — one change a call, and in batches of 64 as the server
//      sends them when changes queue up;
//   2. a bare round trip: us-holidays' labels for one day (no state), run both ways.
//
//   swift build -c release --product plugin-hooks --product campuscal --product task-rewards --scratch-path .build-release
//   .build-release/release/plugin-hooks [calls]        (default 2000; the runner is the campuscal beside it)
import CampusCalICalendar
import CampusCalPlugins
import CampusCalStorage
import Foundation
import Logging

let calls = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 2000
let build = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
let work = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-hooks-\(getpid())").path
defer { try? FileManager.default.removeItem(atPath: work) }

/// A shipped plugin's manifest beside the library just built, its checksum filled in (as
/// scripts/package-plugins does), `edit` applied.
func install(_ name: String, into directory: String, edit: (String) -> String = { $0 }) throws {
    let folder = "\(directory)/\(name)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let library = build.appendingPathComponent("lib\(name).so").path
    try? FileManager.default.removeItem(atPath: "\(folder)/lib\(name).so")
    try FileManager.default.copyItem(atPath: library, toPath: "\(folder)/lib\(name).so")
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Plugins/\(name)/plugin.toml")
    let manifest = try String(contentsOf: source, encoding: .utf8)
    let digest = try sha256(of: "\(folder)/lib\(name).so")
    let text = manifest.replacingOccurrences(of: "\n[permissions]", with: "\nsha256 = \"\(digest)\"\n\n[permissions]")
    try edit(text).write(toFile: "\(folder)/plugin.toml", atomically: true, encoding: .utf8)
}

func sha256(of path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    process.waitUntilExit()
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
}

func measure(_ label: String, isolated: Bool, batch: Int = 1) async throws -> Double {
    let directory = "\(work)/\(label)"
    try install("task-rewards", into: "\(directory)/plugins")
    let database = try SQLiteDatabase(path: "\(directory)/campuscal.sqlite")
    let state = SQLitePluginStateStore(database: database)
    var logger = Logger(label: "plugin-hooks")
    logger.logLevel = .warning
    let manager = PluginManager(
        directory: "\(directory)/plugins",
        loader: PluginLoader(logger: logger, state: state, markerDirectory: nil, insideRunner: !isolated), logger: logger,
        runner: PluginRunnerCommand(executable: build.appendingPathComponent("campuscal").path), settings: state)
    await manager.loadAll()
    let listed = await manager.plugins()
    guard let info = listed.first, info.status == .active else { fatalError("task-rewards did not load: \(listed)") }
    func change(_ number: Int) -> PluginItemChange {
        PluginItemChange(
            kind: "completed", item: number % 3 == 0 ? "assignment" : "task", subject: String(format: "rc_%032x", number % 500),
            itemCode: String(format: "ic_%032x", number), priority: number % 4, onTime: number % 2 == 0, username: nil)
    }
    for number in 0..<100 { try await manager.deliverDirectly([change(number)], to: info.manifest.id) }  // warm-up
    let microseconds = try await timed("\(label): \(calls) changes in calls of \(batch)") {
        for first in stride(from: 100, to: 100 + calls, by: batch) {
            try await manager.deliverDirectly((first..<min(first + batch, 100 + calls)).map(change), to: info.manifest.id)
        }
    }
    await manager.stopAll()
    return microseconds
}

/// Runs `body` (`calls` calls), prints the time and returns the microseconds a call.
func timed(_ what: String, _ body: () async throws -> Void) async throws -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let microseconds = seconds / Double(calls) * 1e6
    print("\(what) in \(String(format: "%.2f", seconds)) s — \(String(format: "%.0f", microseconds)) µs a call")
    return microseconds
}

/// us-holidays' labels for one day, `calls` times: a call with no state, so what isolation adds is
/// the round trip alone.
func roundTrip(_ label: String, isolated: Bool) async throws -> Double {
    let directory = "\(work)/\(label)"
    try install("us-holidays", into: "\(directory)/plugins") {
        isolated ? $0.replacingOccurrences(of: "isolation = \"in-process\"", with: "isolation = \"process\"") : $0
    }
    var logger = Logger(label: "plugin-hooks")
    logger.logLevel = .warning
    let manager = PluginManager(
        directory: "\(directory)/plugins", loader: PluginLoader(logger: logger, state: nil, markerDirectory: nil), logger: logger,
        runner: PluginRunnerCommand(executable: build.appendingPathComponent("campuscal").path))
    await manager.loadAll()
    // A different day each call: the server keeps answered ranges (us-holidays' stable_seconds),
    // and this measures the call, not that cache.
    let day = LocalDate(year: 2026, month: 7, day: 3)
    for n in 0..<100 { _ = await manager.dayLabels(from: day.adding(days: -n - 1), to: day.adding(days: -n - 1)) }
    let microseconds = try await timed("\(label): \(calls) day-label calls") {
        for n in 0..<calls { _ = await manager.dayLabels(from: day.adding(days: n), to: day.adding(days: n)) }
    }
    await manager.stopAll()
    return microseconds
}

// Alternated, so that the machine's noise falls on both.
var inProcess: [Double] = []
var isolated: [Double] = []
var inProcessBatched: [Double] = []
var isolatedBatched: [Double] = []
for round in 1...2 {
    inProcess.append(try await measure("in-process-\(round)", isolated: false))
    isolated.append(try await measure("isolated-\(round)", isolated: true))
    inProcessBatched.append(try await measure("in-process-batched-\(round)", isolated: false, batch: 64))
    isolatedBatched.append(try await measure("isolated-batched-\(round)", isolated: true, batch: 64))
}
var bareInProcess: [Double] = []
var bareIsolated: [Double] = []
for round in 1...2 {
    bareInProcess.append(try await roundTrip("labels-in-process-\(round)", isolated: false))
    bareIsolated.append(try await roundTrip("labels-isolated-\(round)", isolated: true))
}
let c = bareInProcess.min() ?? 0
let d = bareIsolated.min() ?? 0
print("best of 2, a bare call: in-process \(String(format: "%.0f", c)) µs, isolated \(String(format: "%.0f", d)) µs")
let a = inProcess.min() ?? 0
let b = isolated.min() ?? 0
print(
    "best of 2, an event hook: in-process \(String(format: "%.0f", a)) µs, isolated \(String(format: "%.0f", b)) µs a call; isolation adds \(String(format: "%.0f", b - a)) µs (×\(String(format: "%.2f", b / max(a, 1))))"
)
let e = inProcessBatched.min() ?? 0
let f = isolatedBatched.min() ?? 0
print(
    "best of 2, an event hook in batches of 64: in-process \(String(format: "%.0f", e)) µs, isolated \(String(format: "%.0f", f)) µs a change (×\(String(format: "%.2f", f / max(e, 1))))"
)
