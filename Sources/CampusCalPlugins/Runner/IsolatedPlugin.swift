import CCampusCalPluginABI
import CampusCalCore
import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// A plugin with `isolation = "process"`, hosted by a `campuscal plugin-runner` child process.
///
/// Each request is written to the runner's socket and answered there, on a worker thread of this
/// plugin's (never an event loop), with a deadline. The runner may call back for the plugin's
/// key-value state, which only the server keeps — for this plugin's id alone, whatever the runner
/// says. A runner that dies (a crash in the plugin) or overruns a deadline (it is killed) is
/// started again after a backoff — 0.5 s, doubling to a minute — and the plugin is reloaded; after
/// `maximumCrashes` within `crashWindow` the plugin is given up on. The server never goes down
/// with it.
actor IsolatedPlugin: PluginInstance {
    nonisolated let manifest: PluginManifest
    let manifestPath: String
    let command: PluginRunnerCommand
    let state: (any PluginStateStore)?
    /// What the runner's host calls reach in the server, for this plugin only.
    let host: HostServices
    let logger: Logger

    private var runner: Runner?
    private var starting: Task<(Runner, Loaded), any Error>?
    private var features: Set<String> = []
    private var interest = ItemChangeInterest.everything
    private var stableSeconds: UInt32 = 0
    private var jobInterval: UInt32 = 0
    private var formats: (export: PluginFileFormat?, import: PluginFileFormat?) = (nil, nil)
    private var crashes: [Date] = []
    /// A restart is scheduled: only that restart starts the next runner, so calls in the meantime
    /// are refused rather than racing it (and a crash loop cannot be driven faster by calls).
    private var restartPending = false
    private var stopped = false
    /// Why the plugin was given up on; every later call reports it.
    private var gaveUpReason: String?

    /// Where ended runners are waited for (reaped), off the cooperative pool.
    private static let reaper = DispatchQueue(label: "campuscal.plugin.reaper")

    static let maximumCrashes = 5
    static let crashWindow: TimeInterval = 600
    /// The server's deadline is the runner's own plus this, so the runner answers "timed out" first when it can.
    static let slack: TimeInterval = 0.5
    /// How long a runner may take to load its plugin: `dlopen`, the entry, `init` and `start`,
    /// each of which the runner bounds by the lifecycle deadline itself.
    static let loadDeadline = LoadedPlugin.lifecycleDeadline * 4 + slack

    /// What the runner reported when it loaded the plugin.
    struct Loaded: Sendable {
        let features: Set<String>
        let interest: ItemChangeInterest
        let labelsStableSeconds: UInt32
        let jobIntervalSeconds: UInt32
        let exportFormat: PluginFileFormat?
        let importFormat: PluginFileFormat?
    }

    /// One incarnation of the runner process.
    struct Runner: Sendable {
        let process: ChildProcess
        let channel: RunnerChannel
        let calls: PluginCallQueue
    }

    /// The runner is restarting after a crash; the call is not made.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// The plugin crashed too often and is given up on.
    struct GaveUp: Error, CustomStringConvertible {
        var description: String
    }

    init(
        manifest: PluginManifest, manifestPath: String, command: PluginRunnerCommand, state: (any PluginStateStore)?,
        notices: (any PluginNoticeSink)? = nil, calendar: (any PluginCalendarCalls)? = nil, http: (any PluginHTTPCalls)? = nil,
        logger: Logger
    ) {
        self.manifest = manifest
        self.manifestPath = manifestPath
        self.command = command
        self.state = state
        host = HostServices(
            pluginID: manifest.id, state: state, notices: notices, mayNotify: manifest.permissions.notify, calendar: calendar, http: http)
        var logger = logger
        logger[metadataKey: "plugin"] = .string(manifest.id)
        self.logger = logger
    }

    var featureIDs: Set<String> { features }
    var itemInterest: ItemChangeInterest { interest }
    var labelsStableSeconds: UInt32 { stableSeconds }
    var jobIntervalSeconds: UInt32 { jobInterval }
    var exportFormat: PluginFileFormat? { formats.export }
    var importFormat: PluginFileFormat? { formats.import }

    /// Starts the first runner and loads the plugin there; a refusal there is the plugin's refusal.
    func start() async throws(PluginLoader.Refusal) {
        do {
            _ = try await ensureRunner()
        } catch let refusal as PluginLoader.Refusal {
            throw refusal
        } catch is PluginCallQueue.Timeout {
            throw PluginLoader.Refusal(
                manifest: manifest, reason: "did not finish loading within \(Int(Self.loadDeadline)) s, so its plugin runner was stopped")
        } catch {
            throw PluginLoader.Refusal(manifest: manifest, reason: "its plugin runner could not be started: \(error)")
        }
    }

    private func ensureRunner() async throws -> Runner {
        if let runner { return runner }
        if let gaveUpReason { throw GaveUp(description: gaveUpReason) }
        if stopped { throw Unavailable(description: "the plugin is stopped") }
        if let starting { return try await starting.value.0 }
        if restartPending { throw Unavailable(description: "its plugin runner is restarting after a crash") }
        let task = Task { try await Self.spawn(manifest: manifest, manifestPath: manifestPath, command: command, host: host) }
        starting = task
        defer { starting = nil }
        let (runner, loaded) = try await task.value
        self.runner = runner
        features = loaded.features
        interest = loaded.interest
        stableSeconds = loaded.labelsStableSeconds
        jobInterval = loaded.jobIntervalSeconds
        formats = (loaded.exportFormat, loaded.importFormat)
        logger.info("Plugin \(manifest.id) runs in plugin runner process \(runner.process.processIdentifier)")
        return runner
    }

    private static func spawn(
        manifest: PluginManifest, manifestPath: String, command: PluginRunnerCommand, host: HostServices
    ) async throws -> (Runner, Loaded) {
        let runner = try launch(manifest: manifest, command: command)
        let answer = try await exchange(
            .load(manifestPath: command.manifestPathInside(manifestPath)), on: runner, host: host,
            deadline: loadDeadline)
        switch answer {
        case .loaded(let features, let interest, let labelsStableSeconds, let jobIntervalSeconds, let exportFormat, let importFormat)?:
            return (
                runner,
                Loaded(
                    features: Set(features), interest: interest, labelsStableSeconds: labelsStableSeconds, jobIntervalSeconds: jobIntervalSeconds,
                    exportFormat: exportFormat, importFormat: importFormat)
            )
        case .refused(let reason)?:
            end(runner)
            // The runner's words reach the administrator: bounded like any message of a plugin.
            throw PluginLoader.Refusal(manifest: manifest, reason: PluginOutputRules.message(reason))
        default:
            end(runner)
            throw PluginLoader.Refusal(manifest: manifest, reason: "its plugin runner exited while loading it (a crash in the plugin?)")
        }
    }

    /// Starts a runner process for `manifest`'s plugin, connected by a socket pair; nothing loaded yet.
    static func launch(manifest: PluginManifest, command: PluginRunnerCommand) throws -> Runner {
        let (channel, childEnd) = try RunnerChannel.pair()
        // The sandbox's seccomp program, read by bubblewrap from descriptor 4 (a pipe holds it whole).
        let program = try command.descriptorFourBytes.map(Self.pipe(holding:))
        defer { if let program { _ = Glibc.close(program) } }
        let process: ChildProcess
        do {
            // Swift's crash backtracer would spend seconds on a crashing plugin: the server logs the
            // crash itself. The server's own settings (secrets among them) are not the plugin's business.
            process = try ChildProcess(
                command.executable, command.arguments, inheritOutput: true, descriptor: childEnd, secondDescriptor: program,
                environment: ["SWIFT_BACKTRACE": "enable=no"],
                withoutEnvironment: ["CAMPUSCAL_"])
        } catch {
            _ = Glibc.close(childEnd)
            channel.close()
            throw error
        }
        _ = Glibc.close(childEnd)
        return Runner(process: process, channel: channel, calls: PluginCallQueue(label: "\(manifest.id).runner"))
    }

    /// The read end of a pipe that holds `bytes` (at most a pipe's buffer, 64 KiB), closed for writing.
    private static func pipe(holding bytes: [UInt8]) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { throw RunnerChannel.Closed() }
        // Close-on-exec, so that no other child inherits it (ChildProcess hands it over as 4 by dup2).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        _ = Glibc.close(ends[1])
        guard written == bytes.count else {
            _ = Glibc.close(ends[0])
            throw RunnerChannel.Closed()
        }
        return ends[0]
    }

    /// Sends `request` and serves host calls until the answer; nil when the runner died.
    static func exchange(
        _ request: RunnerRequest, on runner: Runner, host: HostServices, deadline: TimeInterval
    ) async throws -> RunnerAnswer? {
        do {
            // All of it on the runner's own thread, the database work included: a blocking write on
            // the cooperative pool would hold one of the threads that serve requests.
            return try await runner.calls.run(deadline: deadline) { () -> RunnerAnswer? in
                do {
                    // The server's own work for the call (state, host calls) is not the plugin's time.
                    try runner.channel.send(PluginCallClock.host { withStateBytes(request, pluginID: host.pluginID, state: host.state) })
                    while true {
                        switch try runner.channel.receive(RunnerMessage.self) {
                        case .answer(let answer): return PluginCallClock.host { keepWrites(of: answer, pluginID: host.pluginID, state: host.state) }
                        case .host(let call): try runner.channel.send(PluginCallClock.host { serve(call, host: host) })
                        }
                    }
                } catch {
                    return nil
                }
            }
        } catch {
            // Past the deadline: the runner is killed (which also frees the worker thread blocked on it).
            end(runner)
            throw error
        }
    }

    /// A batch of changes goes with what the plugin's state holds now (the runner keeps the quota with it).
    private static func withStateBytes(_ request: RunnerRequest, pluginID: String, state: (any PluginStateStore)?) -> RunnerRequest {
        guard case .call(.itemsChanged(let changes, _)) = request, let state else { return request }
        // Unknown (a database error): 0, and the commit below checks the quota again.
        return .call(.itemsChanged(changes, stateBytes: (try? state.totalBytes(plugin: pluginID)) ?? 0))
    }

    /// Commits the writes a runner held back during a batch, in one transaction. When they cannot
    /// be kept, the runner — which remembers them — is treated as stuck and started afresh.
    private static func keepWrites(of answer: RunnerAnswer, pluginID: String, state: (any PluginStateStore)?) -> RunnerAnswer {
        guard case .reply(.itemsDone(let failures, let writes)) = answer, !writes.isEmpty else { return answer }
        let problem: String
        do {
            guard let state else { throw PluginError.refused("this server keeps no plugin state") }
            if try state.setValues(writes, plugin: pluginID, quota: PluginHostContext.maximumTotalBytes) {
                return .reply(.itemsDone(failures: failures, writes: []))
            }
            problem = "its state from a batch of changes was not kept: it would exceed the plugin's quota"
        } catch {
            problem = "its state from a batch of changes was not kept: \(error)"
        }
        return .reply(.failed(reason: problem, timedOut: true))
    }

    /// A host call from the runner, for this plugin's own state and with its own permissions only.
    private static func serve(_ call: RunnerHostCall, host: HostServices) -> RunnerHostReply {
        let pluginID = host.pluginID
        switch call {
        case .notify(let subject, let title, let body):
            guard let notices = host.notices else { return RunnerHostReply(status: CC_UNSUPPORTED) }
            return RunnerHostReply(status: notices.notify(pluginID: pluginID, permitted: host.mayNotify, subject: subject, title: title, body: body))
        case .readEvents(let subject, let from, let to):
            guard let calendar = host.calendar else { return RunnerHostReply(status: CC_UNSUPPORTED) }
            let (status, events) = calendar.readEvents(subject: subject, from: from, to: to)
            return RunnerHostReply(status: status, events: Array(events.prefix(PluginCalendarLimits.maximumReadEvents + 1)))
        case .putEvent(let subject, let event):
            guard let calendar = host.calendar else { return RunnerHostReply(status: CC_UNSUPPORTED) }
            return RunnerHostReply(status: calendar.putEvent(subject: subject, event))
        case .deleteEvent(let subject, let uid):
            guard let calendar = host.calendar else { return RunnerHostReply(status: CC_UNSUPPORTED) }
            return RunnerHostReply(status: calendar.deleteEvent(subject: subject, uid: uid))
        case .http(let request):
            guard let http = host.http else { return RunnerHostReply(status: CC_UNSUPPORTED) }
            let (status, response) = http.send(request)
            return RunnerHostReply(status: status, response: response)
        case .getValue, .setValue: break
        }
        guard let state = host.state else { return RunnerHostReply(error: "this server keeps no plugin state") }
        do {
            switch call {
            case .getValue(let key): return RunnerHostReply(value: try state.value(plugin: pluginID, key: key))
            case .setValue(let key, let value, let quota):
                // The runner's quota is the contract's; it cannot raise it.
                let stored = try state.setValue(value, plugin: pluginID, key: key, quota: min(quota, PluginHostContext.maximumTotalBytes))
                return RunnerHostReply(stored: stored)
            case .notify, .readEvents, .putEvent, .deleteEvent, .http: return RunnerHostReply(status: CC_ERROR)  // answered above
            }
        } catch {
            return RunnerHostReply(error: "\(error)")
        }
    }

    static func end(_ runner: Runner) {
        runner.process.signal(SIGKILL)
        runner.channel.shutDown()
        runner.channel.close()
        reaper.async { runner.process.waitUntilExit() }
    }

    /// One request to the plugin; a dead or overrunning runner is ended and restarted later.
    private func request(_ request: RunnerRequest, deadline: TimeInterval) async throws -> RunnerAnswer {
        let runner = try await ensureRunner()
        let answer: RunnerAnswer?
        do {
            answer = try await Self.exchange(request, on: runner, host: host, deadline: deadline + Self.slack)
        } catch {
            try crashed(runner, "did not answer within \(deadline) s; its plugin runner was stopped")
            throw error
        }
        guard let answer else {
            try crashed(runner, "its plugin runner exited (a crash in the plugin?)")
            throw Unavailable(description: "its plugin runner exited during the call")
        }
        if case .reply(.failed(let reason, true)) = answer {
            // The runner's own deadline: the plugin's thread there is stuck; start afresh.
            Self.end(runner)
            try crashed(runner, reason)
        }
        return answer
    }

    /// Ends the runner of a failed call and records the crash (once per runner).
    private func crashed(_ runner: Runner, _ reason: String) throws {
        guard self.runner?.process.processIdentifier == runner.process.processIdentifier else { return }
        Self.end(runner)
        self.runner = nil
        try recordCrash(reason)
    }

    /// Counts a crash and schedules the restart, or gives up after too many.
    private func recordCrash(_ reason: String) throws {
        let now = Date()
        crashes = crashes.filter { now.timeIntervalSince($0) < Self.crashWindow } + [now]
        if crashes.count >= Self.maximumCrashes {
            stopped = true
            let message = "\(reason); it crashed \(crashes.count) times within \(Int(Self.crashWindow / 60)) minutes and is given up on"
            gaveUpReason = message
            logger.error("Plugin \(manifest.id) \(message)")
            throw GaveUp(description: message)
        }
        let backoff = min(60, 0.5 * pow(2, Double(crashes.count - 1)))
        restartPending = true
        logger.error("Plugin \(manifest.id) \(reason); restarting its plugin runner in \(backoff) s")
        Task { [weak self] in
            try? await Task.sleep(for: .seconds(backoff))
            await self?.restartAfterCrash()
        }
    }

    private func restartAfterCrash() async {
        restartPending = false
        guard runner == nil, !stopped else { return }
        do {
            _ = try await ensureRunner()
        } catch {
            // A runner that cannot even load the plugin again is one more crash.
            try? recordCrash("its plugin runner did not start again: \(error)")
        }
    }

    /// The message implementation of the call path: the call goes to the runner as it is, and its
    /// reply comes back unchecked (`CheckedPlugin` checks it). A batch of changes is one round trip:
    /// the runner holds the plugin's writes back and hands them over with its reply, committed here
    /// in one transaction (`keepWrites`) — a write is a round trip otherwise, and on a loaded server
    /// a round trip waits milliseconds for both processes to be scheduled.
    func perform(_ call: PluginCall) async throws -> PluginReply {
        switch try await request(.call(call), deadline: call.deadline) {
        case .reply(let reply): return reply
        case .refused(let reason): return .failed(reason: reason, timedOut: false)
        case .loaded, .done: return .failed(reason: "its plugin runner answered out of turn", timedOut: false)
        }
    }

    func shutDown() async {
        stopped = true
        guard let runner else { return }
        self.runner = nil
        _ = try? await Self.exchange(.shutDown, on: runner, host: host, deadline: LoadedPlugin.lifecycleDeadline * 2)
        Self.end(runner)
    }

    /// The runner process of the moment (for tests that crash it on purpose).
    var runnerProcessIdentifier: pid_t? { runner?.process.processIdentifier }
}

/// The server's services a runner's host calls reach: this plugin's state, and its notifications
/// with the permission the server's own copy of the manifest grants.
struct HostServices: Sendable {
    let pluginID: String
    let state: (any PluginStateStore)?
    let notices: (any PluginNoticeSink)?
    let mayNotify: Bool
    /// The plugin's calendar calls, checked against the server's own copy of its manifest.
    let calendar: (any PluginCalendarCalls)?
    /// Its HTTP requests, made by the server to the hosts the server's copy of its manifest names.
    let http: (any PluginHTTPCalls)?
}
