import CampusCalDAV
import CampusCalICalendar

/// One fuzz input for CalDAV request bodies (issue #29), taken as the server takes a PROPFIND,
/// REPORT, PROPPATCH or MKCALENDAR body: read by the bounded XML reader, then by each request's
/// own reader, and a calendar-query's filter applied to a fixed event with an alarm and an
/// attendee — every path a client's XML reaches before any storage.
///
/// Shared by the libFuzzer target and the corpus replay test (Tests/CampusCalDAVTests/Fuzz links
/// to this file), so both exercise exactly the same code.
enum DAVXMLFuzzInput {
    static let event = ICalendarComponent(
        name: "VEVENT",
        properties: [
            .text("UID", "fuzz@campus"), .text("SUMMARY", "CS 235 — Données"), .text("CATEGORIES", "CLASS,Lecture"),
            ICalendarProperty(name: "ATTENDEE", parameters: [ICalendarParameter(name: "PARTSTAT", value: "ACCEPTED")], value: "mailto:a@x.edu"),
        ],
        components: [ICalendarComponent(name: "VALARM", properties: [ICalendarProperty(name: "ACTION", value: "DISPLAY")])])

    static func run(_ bytes: [UInt8]) {
        _ = try? DAVXMLReader.parse(bytes)
        _ = try? PropfindRequest(body: bytes)
        _ = try? PropertyUpdate(proppatch: bytes)
        _ = try? PropertyUpdate(making: bytes)
        if case .query(_, let filter, _)? = try? CalendarReport(body: bytes) {
            _ = filter.matches([event])
            _ = filter.matches([])
        }
    }
}
