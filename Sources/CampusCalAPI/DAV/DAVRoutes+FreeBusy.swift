import CampusCalCore
import CampusCalDAV
import CampusCalICalendar
import Foundation
import Hummingbird

/// CALDAV:free-busy-query (RFC 4791 §7.10) and calendars shared at the free-busy level (issue #29).
///
/// A free-busy share is listed in its recipient's calendar home with `read-free-busy` as its only
/// privilege, and answers this report only: every other way in (GET, PROPFIND depth 1, the other
/// reports, writes) needs `readEvents` in the core and is refused with `DAV:need-privileges`, so no
/// title, UID, count or ETag of an event leaves it. Busy time is `EventService.busyIntervals`, the
/// same as a group's free-busy: private events count as busy, transparent and cancelled ones do not.
extension DAVRoutes {
    func freeBusyQuery(_ id: CalendarID, range: CalendarReport.TimeRange, for user: User) async throws -> Response {
        guard let start = range.start, let end = range.end else { throw CalendarReportError.invalidTimeRange("A time-range needs both ends.") }
        let busy: [GroupFreeBusy.Interval]
        do {
            busy = try await events.busyIntervals(in: id, for: user, from: start, to: end)
        } catch EventError.windowTooLong(let days) {
            throw Self.tooWide("Ask about at most \(days) days at a time.")
        } catch EventError.tooManyOccurrences {
            // The expansion budget of one request ran out (`ExpansionBudget`): never unbounded work.
            throw Self.tooWide("This range holds more occurrences than one answer expands; ask about a shorter range.")
        }
        let text = FreeBusyCalendar(start: start, end: end, busy: busy.map { ($0.start, $0.end) }, stamp: events.clock.now()).text
        return Response(
            status: .ok, headers: [.contentType: FreeBusyCalendar.contentType, DAVReply.dav: DAVReply.compliance],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func tooWide(_ message: String) -> DAVRefusal {
        DAVRefusal(status: .forbidden, condition: .calDAV("supported-filter"), message: message)
    }

    /// A calendar the caller sees as busy time only: what a client needs to list it and to ask it
    /// for free-busy, nothing that changes with its events (no `getctag` or `getetag`, which would
    /// tell when its events change) and only free-busy-query among its reports.
    static func freeBusyCalendarProperties(_ properties: [DAVElement]) -> [DAVElement] {
        let hidden: Set<DAVName> = [.calendarServer("getctag"), .dav("getetag"), .dav("sync-token"), .dav("supported-report-set")]
        let report = DAVElement(
            .dav("supported-report"), children: [DAVElement(.dav("report"), children: [DAVElement(.calDAV("free-busy-query"))])])
        return properties.filter { !hidden.contains($0.name) } + [DAVElement(.dav("supported-report-set"), children: [report])]
    }
}
