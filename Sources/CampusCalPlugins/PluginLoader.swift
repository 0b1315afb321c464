import CCampusCalPluginABI
import CampusCalCore
import Crypto
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Takes a plugin from its manifest to started, refusing it at the first thing that is wrong —
/// with a reason an administrator can act on — and never letting a refused plugin's code run
/// further than it already has (docs/PLUGINS.md, "How a plugin is loaded").
///
/// Order (`verify`, then `load`): manifest → ABI versions → isolation → toolchain (Swift) → checksum → "loading" marker →
/// `dlopen(RTLD_NOW | RTLD_LOCAL)` → entry symbol → entry (negotiation) → descriptor checks →
/// `init` → `start` → every feature the manifest promises → marker removed.
public struct PluginLoader: Sendable {
    /// The Swift toolchain this server was built with (e.g. `swift-6.3`); Swift plugins must match it.
    public static let hostToolchain: String = {
        #if compiler(>=6.4)
            "swift-6.4"
        #elseif compiler(>=6.3)
            "swift-6.3"
        #elseif compiler(>=6.2)
            "swift-6.2"
        #elseif compiler(>=6.1)
            "swift-6.1"
        #else
            "swift-6.0"
        #endif
    }()
    public static let abiMajor = Int(CAMPUSCAL_PLUGIN_ABI_MAJOR)
    public static let abiMinor = Int(CAMPUSCAL_PLUGIN_ABI_MINOR)

    let logger: Logger
    let state: (any PluginStateStore)?
    /// Where "loading" markers are kept (beside the database); nil: none.
    let markerDirectory: String?
    /// Whether this loader works inside a `campuscal plugin-runner` (which loads the isolated plugins).
    let insideRunner: Bool
    /// Where plugins' `notify` calls go; nil: they are answered CC_UNSUPPORTED. `PluginManager`
    /// puts its outbox here; a runner, the way to the server's.
    var notices: (any PluginNoticeSink)?
    /// The calendar calls of each plugin it loads (ABI 1.2); nil: they answer CC_UNSUPPORTED.
    var calendarCalls: (@Sendable (PluginManifest) -> (any PluginCalendarCalls)?)?
    /// The HTTP requests of each plugin it loads (ABI 1.2); nil: they answer CC_UNSUPPORTED.
    var httpCalls: (@Sendable (PluginManifest) -> (any PluginHTTPCalls)?)?

    public init(logger: Logger, state: (any PluginStateStore)?, markerDirectory: String?, insideRunner: Bool = false) {
        self.logger = logger
        self.state = state
        self.markerDirectory = markerDirectory
        self.insideRunner = insideRunner
    }

    /// Why a plugin was not loaded. `manifest` is nil when the manifest itself could not be read.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        public var manifest: PluginManifest?
        public var reason: String
        public var description: String { reason }
    }

    /// The manifest at `path`, checked (no library touched).
    public func manifest(at path: String) throws(Refusal) -> PluginManifest {
        do {
            return try PluginManifestFile.read(path)
        } catch {
            throw Refusal(manifest: nil, reason: "\(error)")
        }
    }

    /// The manifest at `path` with every check that needs no code of the plugin to run: ABI
    /// versions, isolation, toolchain, the library's presence and checksum. What `install` runs
    /// before copying anything, and `load` before loading.
    public func verify(manifestAt path: String) throws(Refusal) -> PluginManifest {
        let (manifest, library) = try verifyAndOpen(manifestAt: path)
        library.close()
        return manifest
    }

    /// `verify`, keeping the library open: the bytes it hashed are the bytes `load` maps, by
    /// `/proc/self/fd/N` — the file cannot be swapped between the check and `dlopen` (review L6).
    func verifyAndOpen(manifestAt path: String) throws(Refusal) -> (PluginManifest, VerifiedLibrary) {
        let manifest = try self.manifest(at: path)
        func refuse(_ reason: String) -> Refusal { Refusal(manifest: manifest, reason: reason) }

        // Versions, from the manifest alone: nothing of an incompatible plugin is loaded.
        if manifest.abiMajor != Self.abiMajor {
            throw refuse("built for plugin ABI \(manifest.abiMajor), this server speaks \(Self.abiMajor)")
        }
        if manifest.abiMinor > Self.abiMinor {
            throw refuse(
                "needs plugin ABI \(manifest.abiMajor).\(manifest.abiMinor), this server speaks \(Self.abiMajor).\(Self.abiMinor); update CampusCal")
        }
        if manifest.isolation == .inProcess && !manifest.permissions.identities && !manifest.permissions.data.isEmpty {
            // Inside the server a plugin could read anything in its memory: one that may only see
            // de-identified data must run where only that data is (a plugin runner process).
            throw refuse("may receive student data without identities, so it must run with isolation = \"process\"")
        }
        if manifest.language == .swift, manifest.toolchain != Self.hostToolchain {
            throw refuse(
                "is a Swift plugin built with \(manifest.toolchain ?? "an unnamed toolchain"); this server was built with \(Self.hostToolchain), and Swift plugins must match it"
            )
        }
        let libraryPath = Self.libraryPath(of: manifest, manifestAt: path)
        guard !manifest.sha256.isEmpty else { throw refuse("its manifest gives no sha256 for \(manifest.library)") }
        // Not through a symbolic link: the library is the file beside the manifest.
        let descriptor = Glibc.open(libraryPath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw refuse("its library \(libraryPath) cannot be opened: \(String(cString: strerror(errno))) (a symbolic link is refused)")
        }
        let library = VerifiedLibrary(descriptor: descriptor)
        let bytes = (try? FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readToEnd()) ?? Data()
        let digest = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        guard digest == manifest.sha256 else {
            library.close()
            throw refuse("checksum mismatch: the manifest says \(manifest.sha256.prefix(16))…, \(manifest.library) is \(digest.prefix(16))…")
        }
        // dlopen would say "No such file or directory" of a library for another machine (issue #26, finding 7).
        if let problem = ELFHeader.problem(with: bytes.prefix(ELFHeader.size)) {
            library.close()
            throw refuse("its library \(manifest.library) could not be loaded: \(problem)")
        }
        return (manifest, library)
    }

    /// `verify`, on the plugin files' own thread: hashing a library and parsing a manifest never
    /// hold a thread that serves requests (issue #26, finding 6).
    public func verifiedOffLoop(manifestAt path: String) async throws(Refusal) -> PluginManifest {
        try await PluginFileWork.run { () throws(Refusal) in try verify(manifestAt: path) }
    }

    /// `manifest(at:)`, on the plugin files' own thread.
    public func manifestOffLoop(at path: String) async throws(Refusal) -> PluginManifest {
        try await PluginFileWork.run { () throws(Refusal) in try manifest(at: path) }
    }

    static func libraryPath(of manifest: PluginManifest, manifestAt path: String) -> String {
        ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(manifest.library)
    }

    /// Loads the plugin whose manifest is at `path` (its library beside it) into this process.
    /// In the server that is only for `isolation = "in-process"` plugins; a plugin runner loads the others.
    func load(manifestAt path: String) async throws(Refusal) -> LoadedPlugin {
        let (manifest, library) = try verifyAndOpen(manifestAt: path)
        func refuse(_ reason: String) -> Refusal {
            library.close()
            return Refusal(manifest: manifest, reason: reason)
        }
        if manifest.isolation == .process && !insideRunner {
            throw refuse("runs with isolation = \"process\", so only a plugin runner may load it")
        }
        if let marker = markerPath(manifest.id), FileManager.default.fileExists(atPath: marker) {
            throw refuse(
                "the server stopped while loading it last time (a crash?), so it is skipped; remove it and install a fixed build (or delete \(marker)) to try again"
            )
        }
        if let marker = markerPath(manifest.id) {
            try? FileManager.default.createDirectory(atPath: (marker as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: marker, contents: Data("loading since \(Date())\n".utf8))
        }
        do {
            let plugin = try await start(manifest, library: library)
            removeMarker(manifest.id)
            return plugin
        } catch {
            // It failed cleanly (no crash): the next start may try again.
            removeMarker(manifest.id)
            throw error
        }
    }

    private func start(_ manifest: PluginManifest, library verified: VerifiedLibrary) async throws(Refusal) -> LoadedPlugin {
        func refuse(_ reason: String) -> Refusal { Refusal(manifest: manifest, reason: reason) }
        let calls = PluginCallQueue(label: manifest.id)
        let library = try await open(manifest, library: verified, on: calls)
        guard let entryAddress = library.symbol(CAMPUSCAL_PLUGIN_ENTRY_NAME) else {
            if let other = (2...9).first(where: { library.symbol("campuscal_plugin_entry_v\($0)") != nil }) {
                throw refuse("built for plugin ABI \(other), this server speaks \(Self.abiMajor)")
            }
            throw refuse(
                "\(manifest.library) does not export \(CAMPUSCAL_PLUGIN_ENTRY_NAME): not a CampusCal plugin (or not exported with default visibility)"
            )
        }
        let entry = Unchecked(unsafeBitCast(entryAddress, to: cc_plugin_entry_fn.self))
        let host = PluginHostContext(
            pluginID: manifest.id, logger: logger, state: state, config: manifest.config, notices: notices, mayNotify: manifest.permissions.notify,
            calendar: calendarCalls?(manifest), http: httpCalls?(manifest))
        let table = UncheckedPointer(UnsafeMutableRawPointer(host.table))

        // The entry point: the plugin answers with its descriptor, or says why not.
        let entered: (UncheckedPointer, String)
        do {
            entered = try await calls.run(deadline: LoadedPlugin.lifecycleDeadline) {
                let (descriptor, message) = withMessageBuffer { message in
                    entry.value(
                        UInt32(CAMPUSCAL_PLUGIN_ABI_MAJOR), UInt32(CAMPUSCAL_PLUGIN_ABI_MINOR),
                        table.pointer?.assumingMemoryBound(to: cc_host_api.self), message)
                }
                return (UncheckedPointer(UnsafeMutableRawPointer(mutating: descriptor)), message)
            }
        } catch {
            throw refuse("its entry point did not return within \(Int(LoadedPlugin.lifecycleDeadline)) s")
        }
        guard let raw = entered.0.pointer else { throw refuse("its entry point refused to load: \(entered.1)") }
        let descriptor = try checkedDescriptor(raw, manifest: manifest)

        // init: a failure disables the plugin with its reason; then neither stop nor deinit is called.
        let initFunction = Unchecked(descriptor.`init`!)
        let initialised: (cc_status, String, UncheckedPointer)
        do {
            initialised = try await calls.run(deadline: LoadedPlugin.lifecycleDeadline) {
                var state: UnsafeMutableRawPointer?
                let (status, message) = withMessageBuffer { message in
                    initFunction.value(table.pointer?.assumingMemoryBound(to: cc_host_api.self), &state, message)
                }
                return (status, message, UncheckedPointer(state))
            }
        } catch {
            throw refuse("init did not return within \(Int(LoadedPlugin.lifecycleDeadline)) s")
        }
        guard initialised.0 == CC_OK else {
            throw refuse("init failed (\(PluginStatusCode.describe(initialised.0))): \(initialised.1)")
        }
        let state = initialised.2
        host.isRunning = true
        let startFunction = Unchecked(descriptor.start!)
        let started: (cc_status, String)
        do {
            started = try await calls.run(deadline: LoadedPlugin.lifecycleDeadline) {
                withMessageBuffer { message in startFunction.value(state.pointer, message) }
            }
        } catch {
            throw refuse("start did not return within \(Int(LoadedPlugin.lifecycleDeadline)) s")
        }
        guard started.0 == CC_OK else {
            host.isRunning = false
            let deinitFunction = Unchecked(descriptor.deinit!)
            _ = try? await calls.run(deadline: LoadedPlugin.lifecycleDeadline) {
                deinitFunction.value(state.pointer)
                return true
            }
            throw refuse("start failed (\(PluginStatusCode.describe(started.0))): \(started.1)")
        }

        // Every feature the manifest promises must be there, with a table the server can read.
        var features = LoadedPlugin.Features()
        for feature in manifest.provides {
            let getFeature = Unchecked(descriptor.get_feature!)
            let table = try? await calls.run(deadline: LoadedPlugin.lifecycleDeadline) {
                feature.withCString { UncheckedPointer(UnsafeMutableRawPointer(mutating: getFeature.value(state.pointer, $0))) }
            }
            guard let pointer = table?.pointer else {
                throw refuse("its manifest says it provides \(feature), but the library does not")
            }
            switch feature {
            case CC_FEATURE_DAY_LABELS:
                let table = try copied(pointer, as: cc_day_labels_feature.self, name: "cc_day_labels_feature", manifest: manifest)
                if table.labels == nil { throw refuse("its day-labels feature has no labels function") }
                features.dayLabels = table
            case CC_FEATURE_ITEM_EVENTS:
                let table = try copied(pointer, as: cc_item_events_feature.self, name: "cc_item_events_feature", manifest: manifest)
                if table.item_changed == nil { throw refuse("its item-events feature has no item_changed function") }
                features.itemEvents = table
            case CC_FEATURE_USER_PANEL:
                let table = try copied(pointer, as: cc_user_panel_feature.self, name: "cc_user_panel_feature", manifest: manifest)
                if table.panel == nil { throw refuse("its user-panel feature has no panel function") }
                features.userPanel = table
            case CC_FEATURE_NOTIFICATION_CHANNEL:
                let table = try copied(
                    pointer, as: cc_notification_channel_feature.self, name: "cc_notification_channel_feature", manifest: manifest)
                if table.deliver == nil { throw refuse("its notification-channel feature has no deliver function") }
                features.notificationChannel = table
            case CC_FEATURE_SCHEDULED_JOB:
                let table = try copied(pointer, as: cc_scheduled_job_feature.self, name: "cc_scheduled_job_feature", manifest: manifest)
                if table.run == nil { throw refuse("its scheduled-job feature has no run function") }
                guard (UInt32(CC_JOB_MINIMUM_INTERVAL)...UInt32(CC_JOB_MAXIMUM_INTERVAL)).contains(table.interval_seconds) else {
                    throw refuse(
                        "its scheduled job asks to run every \(table.interval_seconds) s; the interval must be \(CC_JOB_MINIMUM_INTERVAL)…\(CC_JOB_MAXIMUM_INTERVAL) s (a minute to a week)"
                    )
                }
                features.scheduledJob = table
            case CC_FEATURE_EXPORTER:
                let table = try copied(pointer, as: cc_exporter_feature.self, name: "cc_exporter_feature", manifest: manifest)
                if table.export_events == nil { throw refuse("its exporter has no export_events function") }
                features.exportFormat = try fileFormat(
                    table.format, table.name, table.media_type, table.file_extension, role: "exporter", manifest: manifest)
                features.exporter = table
            case CC_FEATURE_IMPORTER:
                let table = try copied(pointer, as: cc_importer_feature.self, name: "cc_importer_feature", manifest: manifest)
                if table.parse == nil { throw refuse("its importer has no parse function") }
                features.importFormat = try fileFormat(table.format, table.name, table.media_type, nil, role: "importer", manifest: manifest)
                features.importer = table
            default:
                logger.warning("Plugin \(manifest.id) provides \(feature), which this server does not use")
            }
        }
        logger.info("Plugin \(manifest.id) \(manifest.version) loaded (\(manifest.name))")
        return LoadedPlugin(
            manifest: manifest, library: library, descriptor: descriptor, host: host, calls: calls, state: state.pointer, features: features)
    }

    /// `dlopen` — which runs the library's constructors — on the plugin's own thread with the
    /// lifecycle deadline (issue #26, finding 1). A library that does not finish loading is
    /// abandoned: its thread stays parked in `dlopen`, holding the dynamic loader's lock, so in the
    /// server every later `dlopen` would wait too; later in-process loads are refused at once
    /// instead (and the server runs a load probe in a runner first, so this is the second line).
    private func open(_ manifest: PluginManifest, library verified: VerifiedLibrary, on calls: PluginCallQueue) async throws(Refusal) -> SharedLibrary
    {
        func refuse(_ reason: String) -> Refusal { Refusal(manifest: manifest, reason: reason) }
        if let holder = SharedLibrary.stuckLoad.withLock({ $0 }) {
            verified.close()
            throw refuse(
                "the dynamic loader of this process is still held by \(holder), whose library never finished loading; restart the server without that plugin"
            )
        }
        let opened: Result<SharedLibrary, SharedLibrary.Failure>
        do {
            opened = try await calls.run(deadline: LoadedPlugin.lifecycleDeadline) {
                Result { () throws(SharedLibrary.Failure) in try SharedLibrary.open(verified.loadPath, neverUnload: manifest.language == .swift) }
            }
        } catch {
            SharedLibrary.stuckLoad.withLock { $0 = $0 ?? manifest.id }
            throw refuse(
                "its library did not finish loading within \(Int(LoadedPlugin.lifecycleDeadline)) s (a constructor that blocks?), so it was abandoned; the server runs without it"
            )
        }
        switch opened {
        case .success(let library):
            // Kept open for good, as the library stays loaded: the loader knows it by this name, and a
            // later library given the same descriptor number would be taken for it.
            return library
        case .failure(let failure):
            verified.close()
            throw refuse(failure.description.replacingOccurrences(of: verified.loadPath, with: manifest.library))
        }
    }

    /// Loads the library and looks for its entry point, and no more: no entry, no `init`. A runner
    /// does this for the server before the server loads an in-process plugin itself, so that a
    /// constructor that hangs or crashes takes a runner with it, not the server.
    func probe(manifestAt path: String) async throws(Refusal) {
        let (manifest, verified) = try verifyAndOpen(manifestAt: path)
        let library = try await open(manifest, library: verified, on: PluginCallQueue(label: manifest.id))
        guard
            library.symbol(CAMPUSCAL_PLUGIN_ENTRY_NAME) != nil || (2...9).contains(where: { library.symbol("campuscal_plugin_entry_v\($0)") != nil })
        else {
            throw Refusal(
                manifest: manifest,
                reason:
                    "\(manifest.library) does not export \(CAMPUSCAL_PLUGIN_ENTRY_NAME): not a CampusCal plugin (or not exported with default visibility)"
            )
        }
    }

    /// An exporter's or importer's format, every string checked: the format id clients pass, a name
    /// for people, a media type (an importer's without parameters: it is matched against uploads'
    /// `Content-Type`), and an exporter's file extension. Both need the `events` data permission.
    private func fileFormat(
        _ format: UnsafePointer<CChar>?, _ name: UnsafePointer<CChar>?, _ mediaType: UnsafePointer<CChar>?,
        _ fileExtension: UnsafePointer<CChar>?, role: String, manifest: PluginManifest
    ) throws(Refusal) -> PluginFileFormat {
        func refuse(_ reason: String) -> Refusal { Refusal(manifest: manifest, reason: "its \(role) \(reason)") }
        guard let id = PluginText.read(format, maximumBytes: 32), PluginFileFormat.isValidID(id) else {
            throw refuse("has no valid format id (1…32 lower-case letters, digits and hyphens, like \"csv\")")
        }
        guard id != "ics" else { throw refuse("claims the format \"ics\", which the server itself provides") }
        guard let title = PluginText.read(name, maximumBytes: 64), !title.isEmpty else {
            throw refuse("has no name for people, or one longer than 64 bytes or not UTF-8")
        }
        let tokenCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789!#$&^_.+-")
        guard let media = PluginText.read(mediaType, maximumBytes: 128)?.lowercased(),
            let essence = media.split(separator: ";").first.map({ $0.trimmingCharacters(in: .whitespaces) }),
            essence.split(separator: "/").count == 2, essence.unicodeScalars.allSatisfy({ $0 == "/" || tokenCharacters.contains($0) }),
            role == "exporter" || essence == media, media.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
        else {
            throw refuse(
                role == "exporter"
                    ? "has no valid media type (like \"text/csv; charset=utf-8\")" : "has no valid media type (like \"text/csv\", without parameters)"
            )
        }
        var fileExtensionText: String?
        if role == "exporter" {
            guard let text = PluginText.read(fileExtension, maximumBytes: 16), !text.isEmpty,
                text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) })
            else { throw refuse("has no valid file extension (1…16 lower-case letters and digits, no dot)") }
            fileExtensionText = text
        }
        guard manifest.permissions.data.contains(.events) else {
            throw refuse("reads people's events, but its manifest's permissions do not include data = [\"events\"]")
        }
        return PluginFileFormat(format: id, name: title, mediaType: media, fileExtension: fileExtensionText)
    }

    /// The descriptor, copied into a zeroed struct of the server's size, with every rule checked.
    private func checkedDescriptor(_ raw: UnsafeMutableRawPointer, manifest: PluginManifest) throws(Refusal) -> cc_plugin_descriptor {
        func refuse(_ reason: String) -> Refusal { Refusal(manifest: manifest, reason: reason) }
        let descriptor = try copied(raw, as: cc_plugin_descriptor.self, name: "cc_plugin_descriptor", manifest: manifest)
        if Int(descriptor.abi_major) != Self.abiMajor {
            throw refuse("its descriptor says plugin ABI \(descriptor.abi_major), this server speaks \(Self.abiMajor)")
        }
        if Int(descriptor.abi_minor) > Self.abiMinor {
            throw refuse("needs plugin ABI \(descriptor.abi_major).\(descriptor.abi_minor), this server speaks \(Self.abiMajor).\(Self.abiMinor)")
        }
        guard let id = PluginText.read(descriptor.id, maximumBytes: 64) else { throw refuse("its descriptor's id is missing, too long or not UTF-8") }
        guard PluginText.read(descriptor.name, maximumBytes: 128) != nil else {
            throw refuse("its descriptor's name is missing, longer than 128 bytes or not UTF-8")
        }
        guard PluginText.read(descriptor.version, maximumBytes: 32) != nil else {
            throw refuse("its descriptor's version is missing, longer than 32 bytes or not UTF-8")
        }
        guard id == manifest.id else { throw refuse("its library says it is '\(id)', but its manifest says '\(manifest.id)'") }
        let missing = [
            ("init", descriptor.`init` == nil), ("start", descriptor.start == nil), ("stop", descriptor.stop == nil),
            ("deinit", descriptor.deinit == nil), ("get_feature", descriptor.get_feature == nil),
        ].filter(\.1).map(\.0)
        if !missing.isEmpty { throw refuse("its descriptor lacks required functions: \(missing.joined(separator: ", "))") }
        return descriptor
    }

    /// A plugin struct read by its `struct_size`: too small is refused; a larger one (a newer
    /// plugin) is cut to the fields this server knows; what the size does not cover stays zero.
    private func copied<T>(_ raw: UnsafeMutableRawPointer, as type: T.Type, name: String, manifest: PluginManifest) throws(Refusal) -> T {
        let size = Int(raw.load(as: UInt32.self))
        let known = MemoryLayout<T>.size
        guard size >= known else {
            throw Refusal(manifest: manifest, reason: "its \(name) is \(size) bytes, smaller than plugin ABI 1.0's \(known)")
        }
        let copy = UnsafeMutableRawPointer.allocate(byteCount: known, alignment: MemoryLayout<T>.alignment)
        defer { copy.deallocate() }
        copy.copyMemory(from: raw, byteCount: known)
        return copy.load(as: T.self)
    }

    private func markerPath(_ id: String) -> String? {
        markerDirectory.map { ($0 as NSString).appendingPathComponent("\(id).loading") }
    }

    private func removeMarker(_ id: String) {
        if let marker = markerPath(id) { try? FileManager.default.removeItem(atPath: marker) }
    }

    /// Forgets that the server stopped while loading plugin `id`: its removal and a new install
    /// are the administrator's answer to that crash (issue #26, finding 4).
    public func clearCrashMarker(of id: String) {
        removeMarker(id)
    }
}

/// A plugin's library, open since its checksum was verified from this very descriptor; `dlopen`
/// maps it as `/proc/self/fd/N`, so what was checked is what is loaded.
struct VerifiedLibrary: Sendable {
    let descriptor: Int32

    var loadPath: String { "/proc/self/fd/\(descriptor)" }

    func close() { _ = Glibc.close(descriptor) }
}
