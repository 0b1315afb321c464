import CampusCalDAV
import Foundation
import Testing

@Suite("CalDAV REPORT bodies: calendar-multiget and calendar-query")
struct CalendarReportTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func multigetListsItsHrefsAndProperties() throws {
        let body = Self.bytes(
            """
            <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:prop><D:getetag/><C:calendar-data/></D:prop>
              <D:href>/dav/calendars/ada/c1/a.ics</D:href>
              <D:href> /dav/calendars/ada/c1/b%40x.ics </D:href>
            </C:calendar-multiget>
            """)
        #expect(
            try CalendarReport(body: body)
                == .multiget(
                    properties: [.dav("getetag"), .calDAV("calendar-data")],
                    hrefs: ["/dav/calendars/ada/c1/a.ics", "/dav/calendars/ada/c1/b%40x.ics"]))
    }

    @Test func queryReadsAVEventTimeRangeWithOpenEnds() throws {
        func query(_ range: String) -> [UInt8] {
            Self.bytes(
                """
                <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
                  <d:prop><d:getetag/></d:prop>
                  <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">\(range)</c:comp-filter></c:comp-filter></c:filter>
                </c:calendar-query>
                """)
        }
        func event(_ range: CalendarReport.TimeRange?) -> CalendarReport {
            .query(properties: [.dav("getetag")], filter: CalendarQueryFilter(components: [ComponentFilter(name: "VEVENT", timeRange: range)]))
        }
        let both = try CalendarReport(body: query(#"<c:time-range start="20261201T000000Z" end="20270101T000000Z"/>"#))
        #expect(both == event(.init(start: Date(timeIntervalSince1970: 1_796_083_200), end: Date(timeIntervalSince1970: 1_798_761_600))))
        let open = try CalendarReport(body: query(#"<c:time-range start="20261201T000000Z"/>"#))
        #expect(open == event(.init(start: Date(timeIntervalSince1970: 1_796_083_200), end: nil)))
        #expect(try CalendarReport(body: query("")) == event(nil))
        for bad in [
            #"<c:time-range start="2026-12-01"/>"#, #"<c:time-range/>"#, #"<c:time-range start="20270101T000000Z" end="20261201T000000Z"/>"#,
            #"<c:prop-filter name="DTSTAMP"><c:time-range start="20261201T000000Z"/></c:prop-filter>"#,
            #"<c:prop-filter name="SUMMARY"><c:text-match collation="i;klingon">x</c:text-match></c:prop-filter>"#,
            #"<c:comp-filter name="VALARM"><c:time-range start="20261201T000000Z"/></c:comp-filter>"#,
        ] {
            #expect(throws: CalendarReportError.self, "\(bad)") { try CalendarReport(body: query(bad)) }
        }
    }

    @Test func expandAsksForOccurrencesInARange() throws {
        let body = Self.bytes(
            """
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
              <d:prop><c:calendar-data><c:expand start="20261201T000000Z" end="20270101T000000Z"/></c:calendar-data></d:prop>
            </c:calendar-query>
            """)
        let range = CalendarReport.TimeRange(start: Date(timeIntervalSince1970: 1_796_083_200), end: Date(timeIntervalSince1970: 1_798_761_600))
        #expect(try CalendarReport(body: body) == .query(properties: [.calDAV("calendar-data")], expand: range))
        let open = Self.bytes(
            #"<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data><c:expand start="20261201T000000Z"/></c:calendar-data></d:prop></c:calendar-query>"#
        )
        #expect(throws: CalendarReportError.self) { try CalendarReport(body: open) }
    }

    @Test func otherReportsAndComponentsAreNamedAsUnsupported() throws {
        #expect(throws: CalendarReportError.unsupportedReport(.dav("expand-property"))) {
            try CalendarReport(body: Self.bytes(#"<expand-property xmlns="DAV:"/>"#))
        }
        // sync-collection (RFC 6578): the token, and DAV:limit when given; a limit that is not a count is refused.
        #expect(
            try CalendarReport(
                body: Self.bytes(
                    #"<sync-collection xmlns="DAV:"><sync-token>t</sync-token><limit><nresults>50</nresults></limit><prop><getetag/></prop></sync-collection>"#
                )) == .syncCollection(properties: [.dav("getetag")], token: "t", limit: 50))
        #expect(throws: CalendarReportError.self) {
            try CalendarReport(
                body: Self.bytes(#"<sync-collection xmlns="DAV:"><sync-token/><limit><nresults>0</nresults></limit></sync-collection>"#))
        }
        // A VTODO filter is read (an event calendar then answers with nothing, not an error).
        let todo = Self.bytes(
            """
            <c:calendar-query xmlns:c="urn:ietf:params:xml:ns:caldav"><c:filter><c:comp-filter name="VCALENDAR">
            <c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>
            """)
        #expect(try CalendarReport(body: todo) == .query(properties: [], filter: CalendarQueryFilter(components: [ComponentFilter(name: "VTODO")])))
        let onTheCalendar = Self.bytes(
            """
            <c:calendar-query xmlns:c="urn:ietf:params:xml:ns:caldav"><c:filter><c:comp-filter name="VCALENDAR">
            <c:time-range start="20261201T000000Z"/></c:comp-filter></c:filter></c:calendar-query>
            """)
        #expect(throws: CalendarReportError.self) { try CalendarReport(body: onTheCalendar) }
    }
}
