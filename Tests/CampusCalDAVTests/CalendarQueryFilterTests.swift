import CampusCalDAV
import CampusCalICalendar
import Foundation
import Testing

/// calendar-query filters (RFC 4791 §9.7) applied to iCalendar components: text matches under each
/// collation, negation, is-not-defined, parameters, alarms, and anyof/allof.
@Suite("CalDAV calendar-query filters: prop-filter, text-match, param-filter, is-not-defined")
struct CalendarQueryFilterTests {
    static func filter(_ inner: String) throws -> CalendarQueryFilter {
        let body = """
            <c:calendar-query xmlns:c="urn:ietf:params:xml:ns:caldav"><c:filter><c:comp-filter name="VCALENDAR">\(inner)\
            </c:comp-filter></c:filter></c:calendar-query>
            """
        guard case .query(_, let filter, _) = try CalendarReport(body: Array(body.utf8)) else {
            throw CalendarReportError.unsupportedFilter("not a query")
        }
        return filter
    }

    static let lecture = ICalendarComponent(
        name: "VEVENT",
        properties: [
            .text("UID", "cs235@campus"), .text("SUMMARY", "CS 235 Lecture — Données"), .text("CATEGORIES", "CLASS,Lecture"),
            ICalendarProperty(name: "ATTENDEE", parameters: [ICalendarParameter(name: "PARTSTAT", values: ["ACCEPTED"])], value: "mailto:a@x.edu"),
        ],
        components: [ICalendarComponent(name: "VALARM", properties: [ICalendarProperty(name: "ACTION", value: "DISPLAY")])])

    @Test func textMatchesAreSubstringsUnderTheirCollation() throws {
        func matches(_ inner: String) throws -> Bool {
            try Self.filter(#"<c:comp-filter name="VEVENT">\#(inner)</c:comp-filter>"#).matches([Self.lecture])
        }
        #expect(try matches(#"<c:prop-filter name="SUMMARY"><c:text-match>lecture</c:text-match></c:prop-filter>"#))
        #expect(try !matches(#"<c:prop-filter name="SUMMARY"><c:text-match collation="i;octet">lecture</c:text-match></c:prop-filter>"#))
        #expect(try matches(#"<c:prop-filter name="SUMMARY"><c:text-match collation="i;octet">Lecture</c:text-match></c:prop-filter>"#))
        // ASCII case-folding leaves É alone; Unicode case-folding does not.
        #expect(try !matches(#"<c:prop-filter name="SUMMARY"><c:text-match>DONNÉES</c:text-match></c:prop-filter>"#))
        #expect(try matches(#"<c:prop-filter name="SUMMARY"><c:text-match collation="i;unicode-casemap">DONNÉES</c:text-match></c:prop-filter>"#))
        #expect(try !matches(#"<c:prop-filter name="SUMMARY"><c:text-match negate-condition="yes">235</c:text-match></c:prop-filter>"#))
        #expect(try matches(#"<c:prop-filter name="CATEGORIES"><c:text-match>class</c:text-match></c:prop-filter>"#))
        #expect(try !matches(#"<c:prop-filter name="LOCATION"><c:text-match>TMCB</c:text-match></c:prop-filter>"#))
    }

    @Test func isNotDefinedParametersAlarmsAndAnyOf() throws {
        func matches(_ inner: String) throws -> Bool { try Self.filter(inner).matches([Self.lecture]) }
        #expect(try matches(#"<c:comp-filter name="VEVENT"><c:prop-filter name="LOCATION"><c:is-not-defined/></c:prop-filter></c:comp-filter>"#))
        #expect(try !matches(#"<c:comp-filter name="VEVENT"><c:prop-filter name="SUMMARY"><c:is-not-defined/></c:prop-filter></c:comp-filter>"#))
        #expect(try matches(#"<c:comp-filter name="VTODO"><c:is-not-defined/></c:comp-filter>"#))
        #expect(try !matches(#"<c:comp-filter name="VTODO"/>"#))
        let partstat =
            #"<c:prop-filter name="ATTENDEE"><c:param-filter name="PARTSTAT"><c:text-match>accepted</c:text-match></c:param-filter></c:prop-filter>"#
        #expect(try matches(#"<c:comp-filter name="VEVENT">\#(partstat)</c:comp-filter>"#))
        #expect(try matches(#"<c:comp-filter name="VEVENT"><c:comp-filter name="VALARM"/></c:comp-filter>"#))
        #expect(try !matches(#"<c:comp-filter name="VEVENT"><c:comp-filter name="VALARM"><c:is-not-defined/></c:comp-filter></c:comp-filter>"#))
        let twoTests =
            #"<c:prop-filter name="SUMMARY"><c:text-match>biology</c:text-match></c:prop-filter><c:prop-filter name="UID"><c:text-match>cs235</c:text-match></c:prop-filter>"#
        #expect(try !matches(#"<c:comp-filter name="VEVENT">\#(twoTests)</c:comp-filter>"#))
        #expect(try matches(#"<c:comp-filter name="VEVENT" test="anyof">\#(twoTests)</c:comp-filter>"#))
        #expect(throws: CalendarReportError.self) { try Self.filter(#"<c:comp-filter name="VEVENT" test="someof"/>"#) }
        #expect(throws: CalendarReportError.unsupportedCollation("i;klingon")) {
            try Self.filter(
                #"<c:comp-filter name="VEVENT"><c:prop-filter name="SUMMARY"><c:text-match collation="i;klingon">x</c:text-match></c:prop-filter></c:comp-filter>"#
            )
        }
    }
}
