import CCampusCalPluginABI
import CampusCalCore
import CampusCalICalendar
import Foundation
import Logging
import Synchronization

/// The server's plugins: finds them in the plugins directory (one folder per plugin, holding
/// `plugin.toml` and its library), starts each — in the server with `PluginLoader`, or in a plugin
/// runner process (`IsolatedPlugin`) — and keeps what became of it. A plugin that is refused,
/// fails or overruns a deadline is reported and left out; the server always runs on.
///
/// Administrators install, enable, disable and remove plugins while the server runs; which ones
/// are turned on or off is kept in `settings`, so it survives restarts. Its roles, a file each:
/// loading and the plugin list (here), administration (`+Administration`), event hooks and
/// notification channels (`+Events`), scheduled jobs (`+Jobs`) and file formats (`+Files`).
public actor PluginManager: PluginCatalog, PluginAdministration, ItemChangeObserver, NoticeChannel {
    struct Entry {
        var manifest: PluginManifest?
        var folder: String
        var status: PluginStatus
        var instance: CheckedPlugin?
        var features: Set<String> = []
        var interest = ItemChangeInterest.everything
        var labelsStableSeconds: UInt32 = 0
        var jobIntervalSeconds: UInt32 = 0
        var exportFormat: PluginFileFormat?
        var importFormat: PluginFileFormat?
    }

    let directory: String?
    /// The only folder `install(from:)` takes plugins from; nil: it takes none (issue #26, review L6).
    let stagingDirectory: String?
    /// How plugins are verified and loaded (the shell's `campuscal plugin` uses it too, for the same checks and markers).
    public nonisolated let loader: PluginLoader
    let runner: PluginRunnerCommand?
    let settings: (any PluginSettingsStore)?
    let state: (any PluginStateStore)?
    let gate: (any PluginDataGate)?
    /// People's calendars for the host API's calendar calls (ABI 1.2); nil: those calls are refused.
    let calendarHost: (any PluginCalendarHost)?
    let logger: Logger
    /// Every plugin the manager knows, by id (a refused one without a readable manifest by folder).
    /// Changed only on the actor, through `exclusively` for anything that loads or stops one.
    var entries: [String: Entry] = [:] {
        didSet {
            listeners.update(entries.values, gate: gate != nil)
            labelCache = [:]  // a plugin came, went or failed: its answers go with it
        }
    }
    /// Day labels plugins gave, kept as long as each said they stay true (`stable_seconds`).
    private var labelCache: [LabelRange: (until: ContinuousClock.Instant, labels: [DayLabel])] = [:]
    private static let maximumCachedRanges = 1024
    /// When each active plugin's scheduled job runs next (by the server's clock); kept apart from
    /// `entries`, whose every change resets the caches.
    var nextJobs: [String: Date] = [:]
    /// Jobs under way: a run is never started while the previous one of the same plugin runs.
    var runningJobs: Set<String> = []
    /// Plugin ids with an install, load, enable, disable, removal or rescan under way, and who
    /// waits for each (issue #26, finding 2). The actor lets other work in while one awaits a
    /// plugin, so without this a rescan could load a plugin an install was still loading.
    private var transitions: [String: [CheckedContinuation<Void, Never>]] = [:]

    private struct LabelRange: Hashable {
        let plugin: String
        let first: LocalDate
        let last: LocalDate
    }
    /// Who listens, readable without the actor: a change nobody wants is not even queued.
    nonisolated let listeners = Listeners()
    /// Changes dropped on a full queue since the last warning (warned about at most every 10 s).
    nonisolated let drops = Drops()

    /// What waits for plugins: committed changes (event hooks) and notices (notification channels).
    enum Work: Sendable {
        case change(ItemChange)
        case notice(Notice)
    }

    nonisolated let work = PluginWorkQueue<Work>(capacity: maximumQueuedChanges, maximumBatch: 64)
    /// Notifications plugins asked to send (`cc_host_api.notify`), checked and rate-limited.
    nonisolated let outbox = PluginNoticeOutbox()
    /// Changes waiting for plugins beyond this are dropped (and counted in the log): a slow plugin
    /// must never make the server hold unbounded memory.
    public static let maximumQueuedChanges = 10_000

    /// - Parameters:
    ///   - directory: the plugins directory; nil or missing: no plugins.
    ///   - runner: how to start a plugin runner; nil: plugins with `isolation = "process"` are refused.
    ///   - gate: what plugins may receive about people (the privacy module); nil: no item events reach plugins.
    public init(
        directory: String?, loader: PluginLoader, logger: Logger, runner: PluginRunnerCommand? = nil,
        settings: (any PluginSettingsStore)? = nil, gate: (any PluginDataGate)? = nil, calendarHost: (any PluginCalendarHost)? = nil,
        stagingDirectory: String? = nil
    ) {
        self.directory = directory
        self.stagingDirectory = stagingDirectory
        var loader = loader
        loader.notices = outbox
        if let calendarHost {
            loader.calendarCalls = { LocalCalendarCalls(host: calendarHost, plugin: $0) }
        }
        loader.httpCalls = { LocalHTTPCalls(plugin: $0, logger: logger) }
        self.calendarHost = calendarHost
        self.loader = loader
        self.logger = logger
        self.runner = runner
        self.settings = settings
        self.state = loader.state
        self.gate = gate
    }

    // MARK: Loading

    /// Loads every plugin in the directory that is not loaded yet (in name order, one at a time);
    /// the ones an administrator turned off are listed as disabled. `onlyEnabled` (start-up and the
    /// rescan): a folder without an administrator's install or enable on record is listed as
    /// disabled, not loaded — the server never picks up code just because it is there (issue #26).
    /// Without it (tests and benchmarks, whose caller is the administrator) every folder loads.
    public func loadAll(onlyEnabled: Bool = false) async {
        guard let directory else { return }
        let disabled = (try? settings?.disabledPlugins()) ?? []
        // Unreadable settings load nothing new rather than everything.
        let enabled = onlyEnabled ? settings.map { (try? $0.enabledPlugins()) ?? [] } : nil
        let files = PluginDirectory(path: directory, loader: loader)
        for manifest in await PluginFileWork.run({ files.manifestPaths() }) {
            let path = (manifest as NSString).deletingLastPathComponent
            guard !entries.values.contains(where: { $0.folder == path }) else { continue }
            let peek = try? await loader.manifestOffLoop(at: manifest)
            // One change to a plugin at a time: an install of this id may be loading it right now.
            await exclusively(peek?.id ?? path) {
                // Checked again now that nothing else changes it: it may have come or gone meanwhile.
                guard FileManager.default.fileExists(atPath: manifest), !entries.values.contains(where: { $0.folder == path }) else { return }
                if let peek, disabled.contains(peek.id), entries[peek.id] == nil {
                    entries[peek.id] = Entry(manifest: peek, folder: path, status: .disabled)
                    logger.info("Plugin \(peek.id) is installed but disabled")
                    return
                }
                if let peek, let enabled, !enabled.contains(peek.id), entries[peek.id] == nil {
                    // Nothing is recorded: an enable (which records it) loads it at the next rescan,
                    // and `campuscal plugin enable --unless-disabled` (the shipped plugins' installers)
                    // can still tell it from one an administrator turned off.
                    entries[peek.id] = Entry(manifest: peek, folder: path, status: .disabled)
                    logger.warning(
                        "Plugin \(peek.id) is in \(path), but no administrator installed or enabled it, so it is not loaded; if it is wanted, enable it (campuscal plugin enable \(peek.id), or POST /api/v1/admin/plugins/\(peek.id)/enable)"
                    )
                    return
                }
                await load(manifestAt: manifest, folder: path)
            }
        }
    }

    /// Runs `body` while no other change to plugin `id` is under way; changes to one id happen one
    /// after another, in the order they came.
    func exclusively<Value>(_ id: String, _ body: () async throws -> Value) async rethrows -> Value {
        while transitions[id] != nil {
            await withCheckedContinuation { transitions[id, default: []].append($0) }
        }
        transitions[id] = []
        defer {
            // Wakes every waiter; the first to run claims the id again, the others wait on.
            for waiter in transitions.removeValue(forKey: id) ?? [] { waiter.resume() }
        }
        return try await body()
    }

    @discardableResult
    func load(manifestAt path: String, folder: String) async -> Entry {
        let peek = try? await loader.manifestOffLoop(at: path)
        if let id = peek?.id, let other = entries[id], other.folder != folder {
            logger.error("Plugin in \(folder) not loaded: the id \(id) is already used by the plugin in \(other.folder)")
            let entry = Entry(manifest: peek, folder: folder, status: .failed("the id \(id) is already used by the plugin in \(other.folder)"))
            entries["\(id)@\(folder)"] = entry
            return entry
        }
        do {
            let (instance, features) = try await start(manifestAt: path)
            let entry = Entry(
                manifest: instance.manifest, folder: folder, status: .active, instance: instance, features: features,
                interest: await instance.itemInterest, labelsStableSeconds: await instance.labelsStableSeconds,
                jobIntervalSeconds: await instance.jobIntervalSeconds, exportFormat: await instance.exportFormat,
                importFormat: await instance.importFormat)
            entries[instance.manifest.id] = entry
            return entry
        } catch {
            let key = error.manifest?.id ?? folder
            logger.error("Plugin \(key) not loaded: \(error.reason)")
            let entry = Entry(manifest: error.manifest, folder: folder, status: .failed(error.reason))
            entries[key] = entry
            return entry
        }
    }

    /// Starts the plugin where its manifest says it runs, behind the one checked call path.
    private func start(manifestAt path: String) async throws(PluginLoader.Refusal) -> (CheckedPlugin, Set<String>) {
        let manifest = try await loader.verifiedOffLoop(manifestAt: path)
        let plugin: any PluginInstance
        // A loader made for a runner hosts every plugin itself (the runner, and the benchmark that
        // measures what isolation costs).
        if manifest.isolation == .process, !loader.insideRunner {
            guard let command = runnerCommand(for: manifest, manifestPath: path) else {
                throw PluginLoader.Refusal(manifest: manifest, reason: "runs with isolation = \"process\", but this server has no plugin runner")
            }
            let isolated = IsolatedPlugin(
                manifest: manifest, manifestPath: path, command: command, state: state, notices: outbox,
                calendar: calendarHost.map { LocalCalendarCalls(host: $0, plugin: manifest) }, http: LocalHTTPCalls(plugin: manifest, logger: logger),
                logger: logger)
            try await isolated.start()
            plugin = isolated
        } else {
            // Its library is first loaded by a runner, and no more: a constructor that hangs or
            // crashes there takes the runner down, not the server (issue #26, finding 1).
            if !loader.insideRunner, let command = runnerCommand(for: manifest, manifestPath: path) {
                try await IsolatedPlugin.probe(manifest: manifest, manifestPath: path, command: command, logger: logger)
            }
            plugin = try await loader.load(manifestAt: path)
        }
        let checked = CheckedPlugin(plugin, logger: logger)
        return (checked, await checked.featureIDs)
    }

    /// How a runner for `manifest` (at `manifestPath`) is started: in the sandbox
    /// (`RunnerSandbox`), or — where this host cannot make one — without it, said loudly, and at
    /// least without a network of its own where user namespaces are allowed.
    private func runnerCommand(for manifest: PluginManifest, manifestPath: String) -> PluginRunnerCommand? {
        guard let runner else { return nil }
        if RunnerSandbox.isAvailable {
            return RunnerSandbox.command(runner, pluginFolder: (manifestPath as NSString).deletingLastPathComponent)
        }
        if manifest.isolation == .process {
            logger.error(
                "Plugin \(manifest.id) runs in a plugin runner WITHOUT a sandbox: \(RunnerSandbox.unavailableReason). Its runner can read and write whatever the server's user can — the database and the plugins directory among them"
            )
        } else {
            logger.warning("Plugin \(manifest.id): its library's load probe runs without a sandbox: \(RunnerSandbox.unavailableReason)")
        }
        if let offline = NetworkIsolation.withoutNetwork(runner) { return offline }
        logger.warning(
            "Plugin \(manifest.id) runs isolated, but this host does not allow user namespaces (unshare --user --net): its runner can reach the network directly, not only the hosts its manifest names"
        )
        return runner
    }

    // MARK: What people see

    /// Every plugin the server knows, with its status (refused ones included when their manifest could be read).
    public func plugins() -> [PluginInfo] {
        entries.values.compactMap { entry in entry.manifest.map { PluginInfo(manifest: $0, status: entry.status) } }
            .sorted { $0.manifest.id < $1.manifest.id }
    }

    public func dayLabels(from first: LocalDate, to last: LocalDate) async -> [DayLabel] {
        guard first <= last, last.dayNumber - first.dayNumber <= LoadedPlugin.maximumLabelDays else { return [] }
        var labels: [DayLabel] = []
        let now = ContinuousClock.now
        for (id, instance) in active(providing: CC_FEATURE_DAY_LABELS) {
            let range = LabelRange(plugin: id, first: first, last: last)
            if let kept = labelCache[range], kept.until > now {
                labels += kept.labels
                continue
            }
            do {
                let answer = try await instance.labels(from: first, to: last)
                labels += answer
                if let seconds = entries[id]?.labelsStableSeconds, seconds > 0 {
                    if labelCache.count >= Self.maximumCachedRanges { labelCache = [:] }
                    labelCache[range] = (now + .seconds(Int(seconds)), answer)
                }
            } catch {
                contain(error, of: id, deadline: LoadedPlugin.dayLabelsDeadline)
            }
        }
        return labels.sorted { ($0.date, $0.source, $0.label) < ($1.date, $1.source, $1.label) }
    }

    public func panel(of pluginID: String, for user: UserID) async throws -> [PluginPanelField] {
        guard let entry = entries[pluginID], let manifest = entry.manifest else { throw PluginError.notFound(pluginID) }
        guard entry.status == .active, let instance = entry.instance else { throw PluginError.notActive(pluginID) }
        guard entry.features.contains(CC_FEATURE_USER_PANEL) else { throw PluginError.unsupported("\(pluginID) shows no personal panel") }
        guard let gate else { throw PluginError.unsupported("this server gives plugins no data about people") }
        do {
            return try await instance.panel(subject: try await gate.subject(of: user, for: manifest))
        } catch {
            contain(error, of: pluginID, deadline: LoadedPlugin.panelDeadline)
            throw PluginError.failed("\(pluginID) did not answer: \(error)")
        }
    }

    /// The active plugins that provide `feature`, by id.
    func active(providing feature: String) -> [(String, CheckedPlugin)] {
        entries.keys.sorted().compactMap { id in
            guard let entry = entries[id], entry.status == .active, entry.features.contains(feature), let instance = entry.instance else {
                return nil
            }
            return (id, instance)
        }
    }

    /// A failed call, kept from the caller: an in-process plugin that overran is disabled (its
    /// thread may be stuck); an isolated one was already restarted unless it crashed too often.
    func contain(_ error: any Error, of id: String, deadline: TimeInterval) {
        switch error {
        case is PluginCallQueue.Timeout:
            if entries[id]?.manifest?.isolation == .process {
                logger.warning("Plugin \(id) did not answer within \(deadline) s; its runner is restarted")
            } else {
                fail(id, "did not answer within \(Int(deadline)) s; disabled until it is enabled again")
            }
        case is PluginCallQueue.Hung:
            fail(id, "is still inside an earlier call that overran its deadline")
        case let gaveUp as IsolatedPlugin.GaveUp:
            fail(id, gaveUp.description)
        default:
            logger.warning("Plugin \(id): \(error)")
        }
    }

    private func fail(_ id: String, _ reason: String) {
        logger.error("Plugin \(id) \(reason)")
        entries[id]?.status = .failed(reason)
    }

    /// Stops every active plugin (at server shutdown).
    public func stopAll() async {
        for (id, entry) in entries {
            guard let instance = entry.instance, entry.status == .active else { continue }
            await instance.shutDown()
            entries[id]?.status = .disabled
            entries[id]?.instance = nil
        }
    }

    /// Passes changes straight to a plugin's event hook as one batch, skipping the queue and the
    /// privacy module (the benchmark that measures a hook call; tests).
    public func deliverDirectly(_ changes: [PluginItemChange], to id: String) async throws {
        guard let entry = entries[id], entry.status == .active, let instance = entry.instance else { throw PluginError.notActive(id) }
        if let failure = try await instance.itemsChanged(changes).first { throw LoadedPlugin.CallFailure(description: failure) }
    }

    /// The runner process of an isolated plugin (tests crash it on purpose).
    /// Calls into each plugin since the server started, and how many overran their deadline (for `/metrics`).
    public nonisolated static func callCounts() -> [(plugin: String, calls: Int, timeouts: Int)] {
        PluginCallQueue.counts.withLock { $0.map { ($0.key, $0.value.calls, $0.value.timeouts) } }.sorted { $0.plugin < $1.plugin }
    }

    public func runnerProcessIdentifier(of id: String) async -> pid_t? {
        guard let plugin = (entries[id]?.instance as? CheckedPlugin)?.plugin as? IsolatedPlugin else { return nil }
        return await plugin.runnerProcessIdentifier
    }
}
