import CampusCalCore
import CampusCalICalendar
import CampusCalTestSupport
import Foundation
import Testing

@Suite("iCalendar tolerance: errors with line numbers, partial imports, hostile input")
struct ICalendarToleranceTests {
    @Test func malformedLineIsReportedWithItsLineNumberAndTheRestKept() throws {
        let text = ICalendarFixtures.crlf(
            "BEGIN:VCALENDAR",  // 1
            "BEGIN:VEVENT",  // 2
            "UID:good",  // 3
            "DTSTART:20260909T100000Z",  // 4
            "this line has no colon",  // 5
            "SUMMARY;CN=\"unterminated:x",  // 6
            "SUMMARY:Still here",  // 7
            "END:VEVENT",  // 8
            "END:VCALENDAR"  // 9
        )
        let imported = ICalendarImport(text: text)
        #expect(imported.issues.map(\.line) == [5, 6])
        #expect(imported.issues[0].message.contains("no ':'"))
        #expect(imported.issues[1].message.contains("unterminated"))
        #expect(imported.issues[0].description.hasPrefix("line 5: "))
        #expect(imported.events.map(\.summary) == ["Still here"])
    }

    @Test func badEventIsSkippedAndReportedWhileGoodOnesAreKept() throws {
        let text = ICalendarFixtures.crlf(
            "BEGIN:VCALENDAR",
            "BEGIN:VEVENT", "UID:a", "DTSTART:20260909T100000Z", "SUMMARY:A", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "DTSTART:2026-09-09", "SUMMARY:B", "END:VEVENT",  // lines 7–11
            "BEGIN:VEVENT", "UID:c", "DTSTART;VALUE=DATE:20260910", "SUMMARY:C", "END:VEVENT",
            "END:VCALENDAR"
        )
        let imported = ICalendarImport(text: text)
        #expect(imported.events.map(\.uid) == ["a", "c"])
        #expect(imported.issues.contains { $0.line == 9 && $0.message.contains("not a DATE or DATE-TIME") })
        #expect(imported.issues.contains { $0.line == 7 && $0.message.contains("event skipped") })
    }

    @Test func toleratesBOMBlankLinesLowercaseAndStrayWhitespace() throws {
        let text =
            "\u{FEFF}begin:vcalendar\n\nversion:2.0\nBEGIN:VEVENT  \nuid:x\n  \ndtstart:20260909T100000Z\nsummary:Hello\nEND:VEVENT\nend:vcalendar \n"
        let imported = ICalendarImport(text: text)
        #expect(imported.issues.isEmpty)
        #expect(imported.events.first?.summary == "Hello")
        #expect(imported.document.calendars.count == 1)
    }

    @Test func missingEndAtEndOfFileClosesAndReports() {
        let text = ICalendarFixtures.crlf("BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:x", "DTSTART:20260909T100000Z")
        let imported = ICalendarImport(text: text)
        #expect(imported.events.map(\.uid) == ["x"])
        #expect(imported.issues.map(\.line) == [2, 1])
        #expect(imported.issues.allSatisfy { $0.message.contains("has no END") })
    }

    @Test func mismatchedEndIsReportedAndTheOuterEndClosesInnerComponents() {
        let text = ICalendarFixtures.crlf(
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:x", "DTSTART:20260909T100000Z", "END:VTODO", "BEGIN:VALARM", "ACTION:DISPLAY",
            "TRIGGER:-PT5M", "END:VCALENDAR"
        )
        let imported = ICalendarImport(text: text)
        #expect(imported.issues.contains { $0.line == 5 && $0.message.contains("END:VTODO does not match BEGIN:VEVENT") })
        #expect(imported.issues.contains { $0.line == 6 && $0.message.contains("closed by END:VCALENDAR at line 9") })
        #expect(imported.events.first?.alarms.count == 1)
    }

    @Test func propertiesOutsideComponentsAreReported() {
        let document = ICalendarParser.parse("X-STRAY:1\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nEND:VEVENT\r\n")
        #expect(document.issues.map(\.line) == [1, 4])
    }

    @Test func deepNestingIsBounded() {
        let depth = 10_000
        let text = String(repeating: "BEGIN:X\r\n", count: depth) + String(repeating: "END:X\r\n", count: depth)
        let document = ICalendarParser.parse(text)
        #expect(document.components.count == 1)
        _ = ICalendarSerializer.serialize(document.components)
    }

    @Test func randomBytesNeverCrashOrHang() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array("BEGIN:VCALENDAR\r\nEND:VEVENT;TZID=\"\\,^n:\t 0123456789TZP-".utf8) + [0xFF, 0xC3, 0xE2, 0x00]
        for _ in 0..<300 {
            let count = Int(generator.next() % 2000)
            let bytes = (0..<count).map { _ in
                generator.next() % 4 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            let imported = ICalendarImport(bytes: bytes)
            let written = ICalendarSerializer.serialize(imported.document.components)
            _ = ICalendarExport.text(events: imported.events, todos: imported.todos)
            // Whatever we write, we read back without syntax issues.
            #expect(ICalendarParser.parse(written).issues.filter { !$0.message.contains("no components") }.isEmpty)
        }
    }

    @Test(arguments: ["lms/brightspace.ics", "lms/canvas.ics", "lms/moodle.ics", "google-style.ics", "apple-style.ics", "outlook-style.ics"])
    func mutatedFixturesNeverCrash(_ name: String) throws {
        let original = Array(try ICalendarFixtures.text(name).utf8)
        var generator = SplitMix64(seed: UInt64(original.count))
        for _ in 0..<150 {
            var bytes = original
            for _ in 0..<Int(1 + generator.next() % 8) {
                guard !bytes.isEmpty else { break }
                let index = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 4 {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.remove(at: index)
                case 2: bytes.insert(Array(":;,\"\\\r\n ".utf8)[Int(generator.next() % 8)], at: index)
                default: bytes.removeSubrange(index..<min(bytes.count, index + Int(generator.next() % 200)))
                }
            }
            let imported = ICalendarImport(bytes: bytes)
            _ = ICalendarSerializer.serialize(imported.document.components)
            _ = ICalendarExport.text(events: imported.events, todos: imported.todos)
        }
    }
}
