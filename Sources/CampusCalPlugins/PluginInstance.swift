import CCampusCalPluginABI
import CampusCalCore
import Foundation

/// A started plugin, wherever it runs — the one interface of the plugin-call path, with two thin
/// implementations: `LoadedPlugin` (a direct call, inside the server or a runner) and
/// `IsolatedPlugin` (a message to the plugin's runner). Neither checks what the plugin answers;
/// `CheckedPlugin`, which the manager holds, does that once for both.
protocol PluginInstance: Sendable {
    var manifest: PluginManifest { get }
    /// The feature ids it provides (each with a table the process that loaded it checked).
    var featureIDs: Set<String> { get async }
    /// Which item changes its event hook wants (everything when it has none).
    var itemInterest: ItemChangeInterest { get async }
    /// How long its day labels for a range stay true (`cc_day_labels_feature.stable_seconds`).
    var labelsStableSeconds: UInt32 { get async }
    /// How often its scheduled job runs, in seconds; 0 when it has none.
    var jobIntervalSeconds: UInt32 { get async }
    /// Its exporter's and importer's formats (nil when it has none).
    var exportFormat: PluginFileFormat? { get async }
    var importFormat: PluginFileFormat? { get async }
    /// Performs `call` where the plugin lives, within `call.deadline`. The plugin's own failures
    /// come back as `.failed`; it throws only when the plugin overran its deadline, is stuck in an
    /// earlier call, or its runner died or is restarting.
    func perform(_ call: PluginCall) async throws -> PluginReply
    /// `stop` and `deinit`; nothing is called after it.
    func shutDown() async
}

extension LoadedPlugin: PluginInstance {
    var featureIDs: Set<String> { features.ids }
    var itemInterest: ItemChangeInterest { features.itemEvents.map(ItemChangeInterest.init) ?? .everything }
    var labelsStableSeconds: UInt32 { features.dayLabels?.stable_seconds ?? 0 }
    var jobIntervalSeconds: UInt32 { features.scheduledJob?.interval_seconds ?? 0 }
    var exportFormat: PluginFileFormat? { features.exportFormat }
    var importFormat: PluginFileFormat? { features.importFormat }
}

/// How the server starts a plugin runner: normally its own executable with `plugin-runner`.
public struct PluginRunnerCommand: Sendable {
    public var executable: String
    public var arguments: [String]
    /// Files besides the executable the runner reads, made visible (read-only) in its sandbox:
    /// none for `campuscal`; a scripted runner's script (tests).
    public var readOnlyPaths: [String]
    /// Bytes the child reads on its descriptor 4 (the sandbox's seccomp program); nil: no descriptor 4.
    var descriptorFourBytes: [UInt8]?
    /// Where the runner sees the plugin's folder (its sandbox mounts it elsewhere); nil: where it is.
    var pluginFolderInside: String?

    /// The path by which the runner reaches the manifest at `manifestPath`.
    func manifestPathInside(_ manifestPath: String) -> String {
        guard let pluginFolderInside else { return manifestPath }
        return (pluginFolderInside as NSString).appendingPathComponent((manifestPath as NSString).lastPathComponent)
    }

    public init(executable: String, arguments: [String] = ["plugin-runner"], readOnlyPaths: [String] = []) {
        self.executable = executable
        self.arguments = arguments
        self.readOnlyPaths = readOnlyPaths
    }

    /// This process's own executable (`/proc/self/exe`), which is `campuscal` in production.
    public static var ownExecutable: PluginRunnerCommand {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return PluginRunnerCommand(executable: path)
    }
}
