import CCampusCalPluginABI
import CampusCalCore
import Foundation

/// Calendars in the file formats plugins add. Where two active plugins claim one format, the one
/// whose id sorts first serves it (and the clash is in the format list, for the administrator).
extension PluginManager: PluginFileConverter {
    public func fileFormats() -> [PluginFileFormats] {
        entries.keys.sorted().compactMap { id in
            guard let entry = entries[id], entry.status == .active, entry.exportFormat != nil || entry.importFormat != nil else { return nil }
            return PluginFileFormats(pluginID: id, exporter: entry.exportFormat, importer: entry.importFormat)
        }
    }

    public func export(_ events: [PluginCalendarEvent], of calendar: CalendarCollection, format: String, for requester: UserID) async throws
        -> PluginExportedFile
    {
        guard let (id, instance) = active(providing: CC_FEATURE_EXPORTER).first(where: { entries[$0.0]?.exportFormat?.format == format }),
            let manifest = entries[id]?.manifest, let fileFormat = entries[id]?.exportFormat
        else { throw PluginError.notFound("no active plugin exports the format '\(format.prefix(32))'") }
        guard let gate else { throw PluginError.unsupported("this server gives plugins no data about people") }
        // Logged before the plugin sees anything: a release that happened is never missing from the log.
        try await gate.fileConversion(of: calendar.ownerID, requestedBy: requester, records: events.count, by: manifest, exporting: true)
        do {
            let bytes = try await instance.export(events, calendarName: calendar.name)
            return PluginExportedFile(bytes: bytes, mediaType: fileFormat.mediaType, fileExtension: fileFormat.fileExtension ?? format)
        } catch {
            contain(error, of: id, deadline: LoadedPlugin.fileDeadline)
            throw PluginError.failed("\(id) could not export the calendar: \(error)")
        }
    }

    public func parse(_ bytes: [UInt8], into calendar: CalendarCollection, format: String, for requester: UserID) async throws
        -> PluginImportedFile
    {
        guard let (id, instance) = active(providing: CC_FEATURE_IMPORTER).first(where: { entries[$0.0]?.importFormat?.format == format }),
            let manifest = entries[id]?.manifest
        else { throw PluginError.notFound("no active plugin imports the format '\(format.prefix(32))'") }
        guard let gate else { throw PluginError.unsupported("this server gives plugins no data about people") }
        try await gate.fileConversion(of: calendar.ownerID, requestedBy: requester, records: 1, by: manifest, exporting: false)
        do {
            return try await instance.parse(bytes)
        } catch let refusal as PluginFileRefusal {
            throw PluginError.refused(refusal.message)
        } catch {
            contain(error, of: id, deadline: LoadedPlugin.fileDeadline)
            throw PluginError.failed("\(id) could not read the file: \(error)")
        }
    }
}
