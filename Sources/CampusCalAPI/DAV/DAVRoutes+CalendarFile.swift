import CampusCalCore
import CampusCalDAV
import CampusCalICalendar
import Foundation
import Hummingbird

extension DAVRoutes {
    /// The iCalendar body of a PUT, read off the event loop: refused unless it is text/calendar
    /// holding a whole VCALENDAR. Events and tasks alike; which components it must hold is the caller's rule.
    /// The largest body read on the event loop: well under a millisecond of parsing.
    static let inlineCalendarBytes = 16 << 10

    func calendarFile(_ request: Request) async throws -> ICalendarImport {
        if let type = request.headers[.contentType], !type.lowercased().hasPrefix("text/calendar") {
            throw DAVRefusal(
                status: .unsupportedMediaType, condition: .calDAV("supported-calendar-data"),
                message: "A calendar resource is text/calendar (iCalendar 2.0), not \(type.prefix(60)).")
        }
        let bytes = try await body(request)
        let reading = events.importReadingLimits
        // A phone's PUT is one event of a few hundred bytes: read where it arrived, since the two
        // thread hops cost more than the parse. Anything larger than that is read off the loop.
        let file =
            bytes.count <= Self.inlineCalendarBytes
            ? ICalendarImport(bytes: bytes, limits: reading) : await OffTheEventLoop.run { ICalendarImport(bytes: bytes, limits: reading) }
        if file.document.calendars.isEmpty || file.document.isTruncated {
            throw EventResourceError.invalidCalendarData(
                file.document.isTruncated ? "it is larger than the iCalendar reader reads." : "it has no BEGIN:VCALENDAR … END:VCALENDAR.")
        }
        return file
    }
}
