import CampusCalCore
import CampusCalICalendar
import Foundation
import Hummingbird

/// Calendars in the file formats plugins add (`campuscal.exporter/1`, `campuscal.importer/1`):
/// `GET /api/v1/file-formats`, `GET /api/v1/calendars/{id}/export?format=`, and uploads of another
/// format to `POST /api/v1/calendars/{id}/import`. Access is checked before a plugin sees a byte.
struct PluginFileRoutes {
    let events: EventService
    let converter: (any PluginFileConverter)?

    /// The export window when the request names none: a year back and a year ahead.
    static let defaultWindowDays = 365
    static let maximumWindowDays = 1100

    struct FormatRepresentation: Encodable {
        var format: String
        var name: String
        var mediaType: String
        var fileExtension: String?
        var canImport: Bool
        var canExport: Bool
        /// The plugin that provides it; absent for the server's own iCalendar.
        var pluginId: String?

        private enum CodingKeys: String, CodingKey {
            case format, name, mediaType, fileExtension
            case canImport = "import"
            case canExport = "export"
            case pluginId
        }
    }

    struct Formats: Encodable { var items: [FormatRepresentation] }

    func register(on routes: RouteTable) {
        routes.authenticated(.get, "/api/v1/file-formats") { _, context in
            _ = try context.requireCaller()
            return try JSONResponse.make(Formats(items: await formats()))
        }

        routes.authenticated(.get, "/api/v1/calendars/{id}/export") { request, context in
            try await export(request, context)
        }
    }

    /// iCalendar first, then each plugin's formats (an importer and an exporter of one id are one entry).
    func formats() async -> [FormatRepresentation] {
        var items = [
            FormatRepresentation(
                format: "ics", name: "iCalendar (Google Calendar, Apple Calendar, Outlook)", mediaType: "text/calendar",
                fileExtension: "ics", canImport: true, canExport: true, pluginId: nil)
        ]
        for plugin in await converter?.fileFormats() ?? [] {
            for format in [plugin.exporter, plugin.importer].compactMap({ $0 }) where !items.contains(where: { $0.format == format.format }) {
                items.append(
                    FormatRepresentation(
                        format: format.format, name: format.name, mediaType: plugin.exporter?.mediaType ?? format.mediaType,
                        fileExtension: plugin.exporter?.fileExtension, canImport: plugin.importer?.format == format.format,
                        canExport: plugin.exporter?.format == format.format, pluginId: plugin.pluginID))
            }
        }
        return items
    }

    private func export(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let caller = try context.requireCaller().user
        let id = CalendarID(rawValue: try context.parameters.require("id"))
        let format = request.uri.queryParameters["format"].map(String.init) ?? "ics"
        // Checked whatever the format, so that a bad parameter is never silently ignored.
        let viewer = try ViewerTimeZone(request, caller: caller)
        let (from, to) = try window(request, viewer: viewer)
        if format == "ics" {
            let (calendar, items) = try await events.allEvents(in: id, for: caller)
            return CalendarFileRoutes.iCalendarResponse(calendar, items, now: events.clock.now(), headers: [.cacheControl: "no-store"])
        }
        let formats = await formats()
        guard let converter, formats.contains(where: { $0.format == format && $0.canExport }) else {
            throw Problem(
                .notFound, code: "format-not-found", title: "No such export format",
                detail:
                    "This server does not export the format '\(format.prefix(32))'. It exports: \(formats.filter(\.canExport).map(\.format).joined(separator: ", ")) (see GET /api/v1/file-formats)."
            )
        }
        let calendar = try await events.calendars.access(id, for: caller, to: .readEvents)
        let occurrences = try await events.occurrences(in: [calendar], from: from, to: to, viewerTimeZone: viewer.zone)
        guard occurrences.count <= PluginFileFormat.maximumEvents else {
            throw Problem(
                .unprocessableContent, code: "too-many-events", title: "Too many events",
                detail:
                    "The calendar has \(occurrences.count) events between 'from' and 'to', more than the \(PluginFileFormat.maximumEvents) one export holds; export a shorter window."
            )
        }
        let items = occurrences.map { PluginCalendarEvent($0, viewerTimeZone: viewer.zone, zoneName: viewer.name) }
        let file = try await converter.export(items, of: calendar.calendar, format: format, for: caller.id)
        var headers: HTTPFields = [.cacheControl: "no-store"]
        headers[.contentType] = file.mediaType
        headers[.contentDisposition] = CalendarFileRoutes.attachment(calendar.calendar, fileExtension: file.fileExtension)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }

    /// `?from=&to=` (dates, in the caller's zone), a year either side of today when absent.
    private func window(_ request: Request, viewer: ViewerTimeZone) throws -> (Date, Date) {
        let query = request.uri.queryParameters
        let today = LocalDateTime(instant: events.clock.now(), in: viewer.zone).date
        func day(_ name: String, default days: Int) throws -> Date {
            let date: LocalDate
            if let raw = query[Substring(name)].map(String.init) {
                guard let parsed = RFC3339.parseDate(raw), parsed.isValid else {
                    throw Problem.badRequest(
                        "invalid-parameter", "Query parameter '\(name)' must be a date like 2026-11-01 (it was '\(raw.prefix(40))').")
                }
                date = parsed
            } else {
                date = LocalDate(dayNumber: today.dayNumber + days)
            }
            return EventTime.zoned(LocalDateTime(date: date), timeZone: viewer.name).instant(viewerTimeZone: viewer.zone)
        }
        let from = try day("from", default: -Self.defaultWindowDays)
        let to = try day("to", default: Self.defaultWindowDays)
        guard from < to, to.timeIntervalSince(from) <= Double(Self.maximumWindowDays) * 86_400 else {
            throw Problem.badRequest("invalid-range", "'to' must be after 'from', and at most \(Self.maximumWindowDays) days later.")
        }
        return (from, to)
    }

    /// An upload in a plugin's format: access checked, the file read by the plugin, its events
    /// imported exactly as an iCalendar file's are (matched by UID, a second import changes nothing).
    func importFile(_ request: Request, _ context: APIRequestContext, mediaType: String?, format: String?) async throws -> Response {
        let caller = try context.requireCaller().user
        let formats = await formats()
        let importers = formats.filter(\.canImport)
        let chosen =
            format.flatMap { name in importers.first { $0.format == name } }
            ?? (format == nil
                ? importers.first { $0.pluginId != nil && $0.mediaType.split(separator: ";").first.map(String.init) == mediaType } : nil)
        guard let converter, let chosen, chosen.pluginId != nil else {
            let accepted = importers.map { "\($0.mediaType.split(separator: ";").first ?? "") (\($0.format))" }.joined(separator: ", ")
            throw Problem(
                .unsupportedMediaType, code: "unsupported-media-type", title: "Unsupported media type",
                detail:
                    "Send the file itself as the body with its Content-Type; this server imports \(accepted). Name another format with ?format= (see GET /api/v1/file-formats)."
            )
        }
        let viewer = try ViewerTimeZone(request, caller: caller)
        let calendar = try await events.calendars.calendar(CalendarID(rawValue: try context.parameters.require("id")), for: caller, to: .writeEvents)
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: PluginFileFormat.maximumImportBytes)
        } catch {
            throw Problem(
                .contentTooLarge, code: "body-too-large", title: "Request body too large",
                detail:
                    "Files in the format '\(chosen.format)' are imported up to \(PluginFileFormat.maximumImportBytes >> 20) MiB at once; split the file."
            )
        }
        let file: PluginImportedFile
        do {
            file = try await converter.parse(Array(buffer.readableBytesView), into: calendar, format: chosen.format, for: caller.id)
        } catch PluginError.refused(let reason) {
            throw Problem(.unprocessableContent, code: "unreadable-file", title: "File not readable", detail: reason)
        }
        let report = try await events.importEvents(
            file.events.map { $0.vevent(defaultTimeZone: viewer.name) },
            issues: file.problems.map { ICalendarIssue(line: $0.line, message: $0.message) }, into: calendar.id, for: caller)
        return try JSONResponse.make(CalendarFileRoutes.ImportReportRepresentation(report))
    }
}
