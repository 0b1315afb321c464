import CampusCalCore
import Foundation
import Logging

/// A started plugin as `PluginManager` holds it: the one call path of both modes. The plugin
/// behind it is reached by a direct call (`LoadedPlugin`) or by a message to its runner
/// (`IsolatedPlugin`); whichever answered, the answer passes `PluginOutputRules` here before
/// anything of it is used (issue #26, finding 3). A refused value is logged, never shown.
struct CheckedPlugin: PluginInstance {
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

    func runJob(now: Date) async throws {
        try await bounded { try await plugin.runJob(now: now) }
    }

    func labels(from first: LocalDate, to last: LocalDate) async throws -> [DayLabel] {
        let answer = try await bounded { try await plugin.labels(from: first, to: last) }
        let (kept, refused) = PluginOutputRules.labels(answer, first: first, last: last, source: manifest.id)
        if let refused { logger.warning("Refused a day label: \(refused)") }
        return kept
    }

    func itemsChanged(_ changes: [PluginItemChange]) async throws -> [String] {
        let failures = try await bounded { try await plugin.itemsChanged(changes) }
        // At most one failure a change, each in the plugin's words, bounded.
        return failures.prefix(changes.count).map(PluginOutputRules.message)
    }

    func panel(subject: String) async throws -> [PluginPanelField] {
        let answer = try await bounded { try await plugin.panel(subject: subject) }
        let (kept, refused) = PluginOutputRules.panel(answer)
        if let refused { logger.warning("Refused a panel field: \(refused)") }
        return kept
    }

    func deliver(_ notification: PluginNotification) async throws {
        try await bounded { try await plugin.deliver(notification) }
    }

    func export(_ events: [PluginCalendarEvent], calendarName: String) async throws -> [UInt8] {
        let bytes = try await bounded { try await plugin.export(events, calendarName: calendarName) }
        guard bytes.count <= PluginFileFormat.maximumExportBytes else {
            throw LoadedPlugin.CallFailure(description: "its export was larger than \(PluginFileFormat.maximumExportBytes >> 20) MiB")
        }
        return bytes
    }

    func parse(_ bytes: [UInt8]) async throws -> PluginImportedFile {
        guard bytes.count <= PluginFileFormat.maximumImportBytes else {
            throw PluginFileRefusal(
                message: "The file is larger than the \(PluginFileFormat.maximumImportBytes >> 20) MiB this format's importer reads.")
        }
        do {
            return PluginOutputRules.importedFile(try await plugin.parse(bytes))
        } catch let refusal as PluginFileRefusal {
            // The importer's words reach the person: bounded like any message of a plugin.
            throw PluginFileRefusal(message: PluginOutputRules.message(refusal.message))
        } catch let failure as LoadedPlugin.CallFailure {
            throw LoadedPlugin.CallFailure(description: PluginOutputRules.message(failure.description))
        }
    }

    func shutDown() async { await plugin.shutDown() }

    /// A call whose failure, in the plugin's words, is bounded before it is logged or shown.
    private func bounded<Value>(_ call: () async throws -> Value) async throws -> Value {
        do {
            return try await call()
        } catch let failure as LoadedPlugin.CallFailure {
            throw LoadedPlugin.CallFailure(description: PluginOutputRules.message(failure.description))
        }
    }
}
