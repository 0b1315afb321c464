import CampusCalDAV
import Foundation
import Testing

/// free-busy-query bodies (RFC 4791 §7.10) and the VFREEBUSY answer, without a server.
@Suite("free-busy-query: a closed UTC range in, busy periods in UTC out")
struct FreeBusyQueryTests {
    static func parse(_ inner: String) throws(CalendarReportError) -> CalendarReport {
        try CalendarReport(
            body: Array(#"<?xml version="1.0"?><c:free-busy-query xmlns:c="urn:ietf:params:xml:ns:caldav">\#(inner)</c:free-busy-query>"#.utf8))
    }

    @Test func aClosedRangeIsRead() throws {
        let report = try Self.parse(#"<c:time-range start="20261201T000000Z" end="20261202T120000Z"/>"#)
        #expect(report == .freeBusy(.init(start: Date(timeIntervalSince1970: 1_796_083_200), end: Date(timeIntervalSince1970: 1_796_212_800))))
    }

    @Test func aRangeThatIsMissingOpenMalformedOrBackwardsIsRefusedNotAnsweredForAllOfTime() {
        for inner in [
            "", #"<c:time-range start="20261201T000000Z"/>"#, #"<c:time-range end="20261201T000000Z"/>"#,
            #"<c:time-range start="2026-12-01" end="20261202T000000Z"/>"#, #"<c:time-range start="20261202T000000Z" end="20261201T000000Z"/>"#,
        ] {
            do {
                _ = try Self.parse(inner)
                Issue.record("\(inner) was read")
            } catch {
                guard case .invalidTimeRange = error else {
                    Issue.record("\(inner): \(error)")
                    continue
                }
            }
        }
    }

    @Test func theAnswerIsOneVFreeBusyWithUTCBusyPeriodsAndNothingElse() {
        let start = Date(timeIntervalSince1970: 1_796_083_200)
        let text = FreeBusyCalendar(
            start: start, end: start + 86_400, busy: [(start + 3_600, start + 7_200), (start + 36_000, start + 37_800)], stamp: start
        ).text
        #expect(
            text
                == [
                    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//CampusCal//CalDAV//EN", "BEGIN:VFREEBUSY", "DTSTAMP:20261201T000000Z",
                    "DTSTART:20261201T000000Z", "DTEND:20261202T000000Z", "FREEBUSY;FBTYPE=BUSY:20261201T010000Z/20261201T020000Z",
                    "FREEBUSY;FBTYPE=BUSY:20261201T100000Z/20261201T103000Z", "END:VFREEBUSY", "END:VCALENDAR", "",
                ].joined(separator: "\r\n"))
    }
}
