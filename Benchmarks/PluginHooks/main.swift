// The cost of a plugin's event hook (issue #9): the same plugin (task-rewards, the shipped Swift
// one) told of the same completions, loaded into this process and hosted by a plugin runner
// process as the server runs it. Each call is what PluginService does per change and plugin:
// onto the plugin's worker thread (and, isolated, through the runner's socket and back), the
// plugin's kv_get and kv_set (SQLite, WAL, synchronous=FULL: each kv_set is a durable commit), and
// the answer back.
//
//   swift build -c release --product plugin-hooks --product campuscal --product task-rewards --scratch-path .build-release
//   .build-release/release/plugin-hooks [calls]        (default 2000; the runner is the campuscal beside it)
import CampusCalCore
import CampusCalPlugins
import CampusCalStorage
import Foundation
import Logging

let calls = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 2000
let build = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
let work = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-hooks-\(getpid())").path
defer { try? FileManager.default.removeItem(atPath: work) }

/// The shipped manifest beside the library just built, its checksum filled in (as scripts/package-plugins does).
func install(into directory: String) throws {
    let folder = "\(directory)/task-rewards"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let library = build.appendingPathComponent("libtask-rewards.so").path
    try? FileManager.default.removeItem(atPath: "\(folder)/libtask-rewards.so")
    try FileManager.default.copyItem(atPath: library, toPath: "\(folder)/libtask-rewards.so")
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Plugins/task-rewards/plugin.toml")
    let manifest = try String(contentsOf: source, encoding: .utf8)
    let digest = try sha256(of: "\(folder)/libtask-rewards.so")
    let text = manifest.replacingOccurrences(of: "\n[permissions]", with: "\nsha256 = \"\(digest)\"\n\n[permissions]")
    try text.write(toFile: "\(folder)/plugin.toml", atomically: true, encoding: .utf8)
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

func measure(_ label: String, isolated: Bool) async throws -> Double {
    let directory = "\(work)/\(label)"
    try install(into: "\(directory)/plugins")
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
    for number in 0..<100 { try await manager.deliverDirectly(change(number), to: info.manifest.id) }  // warm-up
    let start = ContinuousClock.now
    for number in 100..<(100 + calls) { try await manager.deliverDirectly(change(number), to: info.manifest.id) }
    let elapsed = ContinuousClock.now - start
    await manager.stopAll()
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let microseconds = seconds / Double(calls) * 1e6
    print("\(label): \(calls) hook calls in \(String(format: "%.2f", seconds)) s — \(String(format: "%.0f", microseconds)) µs a call")
    return microseconds
}

// Alternated, so that the machine's noise falls on both.
var inProcess: [Double] = []
var isolated: [Double] = []
for round in 1...2 {
    inProcess.append(try await measure("in-process-\(round)", isolated: false))
    isolated.append(try await measure("isolated-\(round)", isolated: true))
}
let a = inProcess.min() ?? 0
let b = isolated.min() ?? 0
print(
    "best of 2: in-process \(String(format: "%.0f", a)) µs, isolated \(String(format: "%.0f", b)) µs a call; isolation adds \(String(format: "%.0f", b - a)) µs (×\(String(format: "%.2f", b / max(a, 1))))"
)
