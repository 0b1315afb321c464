import CampusCalCore
import CampusCalICalendar
import Foundation
import Logging

/// A started plugin as `PluginManager` holds it: the typed face of the one call path. Each method
/// is a `PluginCall` performed by the plugin behind it — by a direct call (`LoadedPlugin`) or by a
/// message to its runner (`IsolatedPlugin`) — and whichever answered, the reply passes
/// `PluginOutputRules` here before anything of it is used (issue #26, finding 3). A refused value
/// is logged, never shown; a plugin's words are bounded before they are logged or shown.
struct CheckedPlugin: Sendable {
    let plugin: any PluginInstance
    let logger: Logger

    init(_ plugin: any PluginInstance, logger: Logger) {
        self.plugin = plugin
        var logger = logger
        logger[metadataKey: "plugin"] = .string(plugin.manifest.id)
        self.logger = logger
    }

    var manifest: PluginManifest { plugin.manifest }
    var featureIDs: Set<String> { get async { PluginOutputRules.features(await plugin.featureIDs, manifest: manifest) } }
    var itemInterest: ItemChangeInterest { get async { await plugin.itemInterest } }
    var labelsStableSeconds: UInt32 { get async { min(await plugin.labelsStableSeconds, 7 * 86_400) } }
    var jobIntervalSeconds: UInt32 { get async { PluginOutputRules.jobInterval(await plugin.jobIntervalSeconds) } }
    var exportFormat: PluginFileFormat? { get async { PluginOutputRules.format(await plugin.exportFormat) } }
    var importFormat: PluginFileFormat? {
        get async {
            // An importer's media type is matched against uploads: no parameters.
            guard let format = PluginOutputRules.format(await plugin.importFormat), !format.mediaType.contains(";") else { return nil }
            return format
        }
    }

    /// Runs its scheduled job once.
    func runJob(now: Date) async throws {
        try expectDone(try await plugin.perform(.runJob(now: Int64(now.timeIntervalSince1970.rounded(.down)))))
    }

    func labels(from first: LocalDate, to last: LocalDate) async throws -> [DayLabel] {
        let reply = try await plugin.perform(.dayLabels(first: first.description, last: last.description))
        guard case .dayLabels(let wire) = reply else { throw failure(reply) }
        let answer = wire.compactMap { $0.dayLabel(source: manifest.id) }
        let (kept, refused) = PluginOutputRules.labels(answer, first: first, last: last, source: manifest.id)
        if let refused = refused ?? (answer.count < wire.count ? "a label whose date is not a date" : nil) {
            logger.warning("Refused a day label: \(refused)")
        }
        return kept
    }

    /// Tells the event hook of `changes`, in order, in one call where the plugin lives; the
    /// messages of the ones it failed (each logged, none retried), at most one a change.
    func itemsChanged(_ changes: [PluginItemChange]) async throws -> [String] {
        guard !changes.isEmpty else { return [] }
        let reply = try await plugin.perform(.itemsChanged(changes, stateBytes: 0))
        guard case .itemsDone(let failures, _) = reply else { throw failure(reply) }
        return failures.prefix(changes.count).map(PluginOutputRules.message)
    }

    func panel(subject: String) async throws -> [PluginPanelField] {
        let reply = try await plugin.perform(.panel(subject: subject))
        guard case .panel(let fields) = reply else { throw failure(reply) }
        let (kept, refused) = PluginOutputRules.panel(fields)
        if let refused { logger.warning("Refused a panel field: \(refused)") }
        return kept
    }

    func deliver(_ notification: PluginNotification) async throws {
        try expectDone(try await plugin.perform(.deliver(notification)))
    }

    /// The file its exporter writes of `events`.
    func export(_ events: [PluginCalendarEvent], calendarName: String) async throws -> [UInt8] {
        guard events.count <= PluginFileFormat.maximumEvents else {
            throw LoadedPlugin.CallFailure(description: "more than \(PluginFileFormat.maximumEvents) events to export at once")
        }
        let reply = try await plugin.perform(.export(events: events, calendarName: calendarName))
        guard case .exported(let bytes) = reply else { throw failure(reply) }
        guard bytes.count <= PluginFileFormat.maximumExportBytes else {
            throw LoadedPlugin.CallFailure(description: "its export was larger than \(PluginFileFormat.maximumExportBytes >> 20) MiB")
        }
        return Array(bytes)
    }

    /// The events its importer reads in `bytes` (`PluginFileRefusal` when it cannot read the file).
    func parse(_ bytes: [UInt8]) async throws -> PluginImportedFile {
        guard bytes.count <= PluginFileFormat.maximumImportBytes else {
            throw PluginFileRefusal(
                message: "The file is larger than the \(PluginFileFormat.maximumImportBytes >> 20) MiB this format's importer reads.")
        }
        switch try await plugin.perform(.parse(Data(bytes))) {
        case .parsed(let file): return PluginOutputRules.importedFile(file)
        // The importer's words reach the person: bounded like any message of a plugin.
        case .unreadable(let message): throw PluginFileRefusal(message: PluginOutputRules.message(message))
        case let other: throw failure(other)
        }
    }

    func shutDown() async { await plugin.shutDown() }

    private func expectDone(_ reply: PluginReply) throws {
        guard case .done = reply else { throw failure(reply) }
    }

    /// A reply that is not the answer asked for, as the failure to report: the plugin's words,
    /// bounded, or that it answered out of turn.
    private func failure(_ reply: PluginReply) -> LoadedPlugin.CallFailure {
        switch reply {
        case .failed(let reason, _): LoadedPlugin.CallFailure(description: PluginOutputRules.message(reason))
        default: LoadedPlugin.CallFailure(description: "it answered out of turn")
        }
    }
}
