import CampusCalCore
import CampusCalDAV
import CampusCalICalendar
import Foundation
import Hummingbird

/// CALDAV:free-busy-query (RFC 4791 §7.10, issue #29). Busy time is `EventService.busyIntervals`, the
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
}
