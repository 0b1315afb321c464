import CampusCalCore
import CampusCalICalendar
import Foundation
import Hummingbird
import Logging

/// A calendar as an iCalendar file: export for Google Calendar, Apple Calendar and Outlook, and
/// import of their exports (SRS 3.2.6.2, 3.2.47–3.2.49).
enum CalendarFileRoutes {
    struct ImportReportRepresentation: Encodable {
        struct Item: Encodable {
            var line: Int?
            var message: String
        }
        var created: Int
        var updated: Int
        var unchanged: Int
        var problems: [Item]

        init(_ report: ImportReport) {
            created = report.created
            updated = report.updated
            unchanged = report.unchanged
            problems = report.problems.map { Item(line: $0.line, message: $0.message) }
        }

        private enum CodingKeys: String, CodingKey { case created, updated, unchanged, problems }
    }

    static func register(
        on routes: RouteTable, events: EventService, limits: BodyLimits, converter: (any PluginFileConverter)? = nil
    ) {
        let importLimit = limits.maximumImportBytes
        let plugins = PluginFileRoutes(events: events, converter: converter)
        plugins.register(on: routes)
        routes.authenticated(.get, "/api/v1/calendars/{id}/export.ics") { _, context in
            let (calendar, items) = try await events.allEvents(
                in: CalendarID(rawValue: try context.parameters.require("id")), for: try context.requireCaller().user)
            return iCalendarResponse(calendar, items, now: events.clock.now(), headers: [.cacheControl: "no-store"])
        }

        routes.authenticated(.post, "/api/v1/calendars/{id}/import") { request, context in
            let mediaType = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
            let format = request.uri.queryParameters["format"].map(String.init)
            guard mediaType == "text/calendar", format == nil || format == "ics" else {
                // Another format: a plugin's importer, chosen by ?format= or by the upload's media type.
                return try await plugins.importFile(request, context, mediaType: mediaType, format: format)
            }
            // Who may write here is settled before a byte of the body is read: a stranger's upload
            // costs nothing but the refusal (review H1: the file was parsed before the lookup).
            let caller = try context.requireCaller().user
            let calendarID = CalendarID(rawValue: try context.parameters.require("id"))
            try await events.authorizeImport(into: calendarID, for: caller)
            let buffer: ByteBuffer
            do {
                buffer = try await request.body.collect(upTo: importLimit)
            } catch {
                throw Problem(
                    .contentTooLarge, code: "body-too-large", title: "Request body too large",
                    detail:
                        "The file is larger than the \(importLimit) bytes this server imports at once; split it, or ask an administrator to raise server.max_import_bytes."
                )
            }
            let bytes = Array(buffer.readableBytesView)
            let reading = events.importReadingLimits
            let file = await OffTheEventLoop.run { ICalendarImport(bytes: bytes, limits: reading) }
            if file.document.calendars.isEmpty && !file.document.isTruncated {
                throw Problem.badRequest("not-icalendar", "The body is not an iCalendar file: it has no BEGIN:VCALENDAR … END:VCALENDAR.")
            }
            let report = try await events.importCalendar(file, into: calendarID, for: caller)
            return try JSONResponse.make(ImportReportRepresentation(report))
        }
    }

    /// The calendar as a `text/calendar` response, named after the calendar.
    /// - Parameter extra: more events after the calendar's own (a combined feed's task due dates).
    static func iCalendarResponse(
        _ calendar: CalendarCollection, _ items: [CalendarEvent], extra: [ICalendarEvent] = [], now: Date, headers: HTTPFields
    ) -> Response {
        let text = ICalendarExport.text(
            events: items.flatMap(\.iCalendarEvents) + extra, calendarProperties: [.text("X-WR-CALNAME", calendar.name)], timestamp: now)
        var headers = headers
        headers[.contentType] = "text/calendar; charset=utf-8"
        headers[.contentDisposition] = attachment(calendar, fileExtension: "ics")
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `Content-Disposition` for a download of `calendar`: named after it, with only the characters
    /// every file system and browser take (letters, digits, `-`, `_`; "calendar" when none are left).
    static func attachment(_ calendar: CalendarCollection, fileExtension: String) -> String {
        let name = String(calendar.name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }.prefix(60))
        return "attachment; filename=\"\(name.isEmpty ? "calendar" : name).\(fileExtension)\""
    }
}
