import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

@Suite("iCalendar content lines: unfolding, parameters, folding, escaping")
struct ICalendarSyntaxTests {
    private func onlyEvent(_ text: String) throws -> ICalendarComponent {
        let document = ICalendarParser.parse(text)
        return try #require(document.calendars.first?.components.first)
    }

    @Test(arguments: ["\r\n", "\n", "\r"])
    func unfoldsContinuationLinesWithAnyLineEnd(_ newline: String) throws {
        let text = [
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "DESCRIPTION:This is a lo", " ng description", "\tthat continues", "END:VEVENT", "END:VCALENDAR",
        ]
        .joined(separator: newline)
        let event = try onlyEvent(text)
        #expect(event.property("DESCRIPTION")?.value == "This is a long descriptionthat continues")
        #expect(ICalendarParser.parse(text).issues.isEmpty)
    }

    @Test func unfoldingRejoinsAUTF8SequenceSplitByAFold() throws {
        // "é" is C3 A9; a careless producer folded between the two bytes.
        var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:caf".utf8)
        bytes += [0xC3, 0x0D, 0x0A, 0x20, 0xA9]
        bytes += Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let document = ICalendarParser.parse(bytes: bytes)
        #expect(document.calendars.first?.components.first?.property("SUMMARY")?.textValue == "café")
        #expect(document.issues.isEmpty)
    }

    @Test func parsesQuotedMultiValuedAndCaseInsensitiveParameters() throws {
        let event = try onlyEvent(
            ICalendarFixtures.crlf(
                "BEGIN:VCALENDAR", "BEGIN:VEVENT",
                #"attendee;cn="Doe, Jane";Member="mailto:a@x.edu","mailto:b;c@x.edu";role=CHAIR:mailto:jdoe@x.edu"#,
                "END:VEVENT", "END:VCALENDAR"
            )
        )
        let attendee = try #require(event.property("ATTENDEE"))
        #expect(attendee.name == "ATTENDEE")
        #expect(attendee.parameter("CN") == "Doe, Jane")
        #expect(attendee.parameters.map(\.name) == ["CN", "MEMBER", "ROLE"])
        #expect(attendee.parameters[1].values == ["mailto:a@x.edu", "mailto:b;c@x.edu"])
        #expect(attendee.parameter("role") == "CHAIR")
        #expect(attendee.value == "mailto:jdoe@x.edu")
    }

    @Test func valueMayContainColonsAndSemicolons() throws {
        let event = try onlyEvent(
            ICalendarFixtures.crlf("BEGIN:VCALENDAR", "BEGIN:VEVENT", "URL;VALUE=URI:https://x.edu/a;b?c=d:e", "END:VEVENT", "END:VCALENDAR"))
        #expect(event.property("URL")?.value == "https://x.edu/a;b?c=d:e")
    }

    @Test func decodesAndEncodesRFC6868Escapes() throws {
        let event = try onlyEvent(
            ICalendarFixtures.crlf(
                "BEGIN:VCALENDAR", "BEGIN:VEVENT", "ATTENDEE;CN=George ^'Herman^' Ruth^nBaseball ^^ ^x:mailto:g@x.edu", "END:VEVENT", "END:VCALENDAR")
        )
        let name = try #require(event.property("ATTENDEE")?.parameter("CN"))
        #expect(name == "George \"Herman\" Ruth\nBaseball ^ ^x")
        let written = ICalendarSerializer.contentLine(try #require(event.property("ATTENDEE")))
        #expect(written == "ATTENDEE;CN=George ^'Herman^' Ruth^nBaseball ^^ ^^x:mailto:g@x.edu")
    }

    @Test func quotesParameterValuesOnlyWhenNeeded() {
        let property = ICalendarProperty(
            name: "attendee",
            parameters: [
                ICalendarParameter(name: "cn", value: "Doe, Jane"), ICalendarParameter(name: "X-A", value: "a:b"),
                ICalendarParameter(name: "X-B", value: "a;b"), ICalendarParameter(name: "ROLE", value: "CHAIR"),
            ],
            value: "mailto:j@x.edu"
        )
        #expect(ICalendarSerializer.contentLine(property) == #"ATTENDEE;CN="Doe, Jane";X-A="a:b";X-B="a;b";ROLE=CHAIR:mailto:j@x.edu"#)
    }

    @Test(arguments: [
        ("Comma, semicolon; backslash \\ newline\nend", #"Comma\, semicolon\; backslash \\ newline\nend"#),
        ("crlf\r\nand cr\r.", #"crlf\nand cr\n."#),
        ("plain", "plain"),
    ])
    func escapesText(_ text: String, _ escaped: String) {
        #expect(ICalendarText.escape(text) == escaped)
    }

    @Test func unescapesTextTolerantly() {
        #expect(ICalendarText.unescape(#"a\,b\;c\\d\ne\Nf"#) == "a,b;c\\d\ne\nf")
        // Unknown escapes keep the character; a trailing backslash is kept.
        #expect(ICalendarText.unescape(#"a\:b\"#) == "a:b\\")
        #expect(ICalendarText.splitList(#"Exam,Lab\, wet,Reading\;notes"#) == ["Exam", "Lab, wet", "Reading;notes"])
    }

    @Test(arguments: [
        String(repeating: "a", count: 200),
        String(repeating: "é", count: 100),
        String(repeating: "日本語", count: 40),
        String(repeating: "👩‍👩‍👧‍👦🇺🇸", count: 20),
        "x" + String(repeating: "🎓", count: 50),
    ])
    func foldsAt75OctetsWithoutSplittingUTF8(_ text: String) throws {
        let calendar = ICalendarComponent(
            name: "VCALENDAR",
            components: [ICalendarComponent(name: "VEVENT", properties: [.text("SUMMARY", text), ICalendarProperty(name: "UID", value: "1")])]
        )
        let written = ICalendarSerializer.serialize(calendar)
        let bytes = Array(written.utf8)
        #expect(!bytes.isEmpty && written.hasSuffix("\r\n"))
        for line in written.components(separatedBy: "\r\n").dropLast() {
            let lineBytes = Array(line.utf8)
            #expect(lineBytes.count <= 75, "line of \(lineBytes.count) octets: \(line)")
            #expect(String(validating: lineBytes, as: UTF8.self) != nil)
            #expect(!line.contains("\n") && !line.contains("\r"))
        }
        let reread = ICalendarParser.parse(written)
        #expect(reread.issues.isEmpty)
        #expect(reread.calendars.first?.components.first?.property("SUMMARY")?.textValue == text)
    }

    @Test func writesVersionAndProductIDWhenMissing() {
        let written = ICalendarSerializer.serialize(ICalendarComponent(name: "VCALENDAR"))
        #expect(written == "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(ICalendarSerializer.defaultProductID)\r\nEND:VCALENDAR\r\n")
    }

    @Test func treeRoundTripKeepsUnknownPropertiesAndComponents() throws {
        let text = ICalendarFixtures.crlf(
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//y//EN", "X-WR-CALNAME:Mine", "BEGIN:X-CUSTOM", "X-FOO;X-P=1:bar", "END:X-CUSTOM",
            "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z", "DTSTART:20260101T100000Z", "X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC",
            "NEWIANAPROP;FOO=bar:baz", "END:VEVENT", "END:VCALENDAR"
        )
        let document = ICalendarParser.parse(text)
        #expect(ICalendarSerializer.serialize(document.components) == text)
        let event = try #require(document.calendars.first?.components(named: "VEVENT").first)
        #expect(event.property("NEWIANAPROP")?.line == 13)
    }
}
