import CCampusCalPluginABI
import CampusCalCore
import Foundation

/// A started plugin as the manager uses it, wherever it runs: `LoadedPlugin` inside the server,
/// `IsolatedPlugin` in a plugin runner process.
protocol PluginInstance: Sendable {
    var manifest: PluginManifest { get }
    /// The feature ids it provides (each with a table the server checked).
    var featureIDs: Set<String> { get async }
    /// Which item changes its event hook wants (everything when it has none).
    var itemInterest: ItemChangeInterest { get async }
    /// How long its day labels for a range stay true (`cc_day_labels_feature.stable_seconds`).
    var labelsStableSeconds: UInt32 { get async }
    /// How often its scheduled job runs, in seconds; 0 when it has none.
    var jobIntervalSeconds: UInt32 { get async }
    /// Runs its scheduled job once.
    func runJob(now: Date) async throws
    func labels(from first: LocalDate, to last: LocalDate) async throws -> [DayLabel]
    /// Tells the event hook of `changes`, in order, in one call where the plugin lives; the
    /// messages of the ones it failed (each logged, none retried). Throws when the plugin overran
    /// its deadline or its runner died.
    func itemsChanged(_ changes: [PluginItemChange]) async throws -> [String]
    func panel(subject: String) async throws -> [PluginPanelField]
    func deliver(_ notification: PluginNotification) async throws
    /// Its exporter's and importer's formats (nil when it has none).
    var exportFormat: PluginFileFormat? { get async }
    var importFormat: PluginFileFormat? { get async }
    /// The file its exporter writes of `events`.
    func export(_ events: [PluginCalendarEvent], calendarName: String) async throws -> [UInt8]
    /// The events its importer reads in `bytes` (`PluginFileRefusal` when it cannot read the file).
    func parse(_ bytes: [UInt8]) async throws -> PluginImportedFile
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

    public init(executable: String, arguments: [String] = ["plugin-runner"]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// This process's own executable (`/proc/self/exe`), which is `campuscal` in production.
    public static var ownExecutable: PluginRunnerCommand {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return PluginRunnerCommand(executable: path)
    }
}
