import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

/// The iCalendar reader holds bounded memory and time whatever the input (review H1, issue #24).
@Suite("iCalendar reader bounds")
struct ParserBoundsTests {
    /// The review's H1 file: one 1 MiB `BEGIN:` name, then 200,000 `END:B` lines (2.4 MB). Each END
    /// once became an issue quoting the whole name: ~200 GB, and the server was OOM-killed.
    static func parserBomb(nameBytes: Int = 1 << 20, ends: Int = 200_000) -> [UInt8] {
        var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "A"), count: nameBytes)
        bytes += Array("\r\n".utf8)
        let end = Array("END:B\r\n".utf8)
        bytes.reserveCapacity(bytes.count + end.count * ends)
        for _ in 0..<ends { bytes += end }
        return bytes
    }

    @Test func reviewH1ParserBombMakesAThousandShortIssuesNotGigabytes() {
        let started = ContinuousClock.now
        let document = ICalendarParser.parse(bytes: Self.parserBomb())
        let elapsed = ContinuousClock.now - started
        #expect(document.issues.count == ICalendarParser.Limits.standard.maximumIssues)
        #expect(document.omittedIssues > 190_000)
        #expect(document.issues.allSatisfy { $0.message.utf8.count < 300 })
        // Linear work on 2.4 MB: well under a second even in a debug build on a busy machine.
        #expect(elapsed < .seconds(20))
    }

    @Test func aComponentNameOverTheBoundIsIgnoredAndItsENDWithIt() {
        let long = String(repeating: "X", count: 65)
        let document = ICalendarParser.parse(
            "BEGIN:VCALENDAR\r\nBEGIN:\(long)\r\nSUMMARY:x\r\nEND:\(long)\r\nBEGIN:VEVENT\r\nUID:a\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        #expect(document.calendars.first?.components.map(\.name) == ["VEVENT"])
        #expect(document.issues.contains { $0.message.contains("is not a component name") && $0.message.utf8.count < 120 })
    }

    @Test func aLineOverTheBoundIsDroppedWithAnIssue() {
        var limits = ICalendarParser.Limits()
        limits.maximumLineBytes = 100
        let document = ICalendarParser.parse(
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDESCRIPTION:\(String(repeating: "y", count: 500))\r\nUID:a\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
            limits: limits)
        let event = document.calendars.first?.components.first
        #expect(event?.properties.map(\.name) == ["UID"])
        #expect(document.issues.map(\.line) == [3])
        #expect(document.issues.first?.message.contains("longer than 100 bytes") == true)
    }

    @Test func aFoldedLineIsBoundedAcrossItsContinuations() {
        var limits = ICalendarParser.Limits()
        limits.maximumLineBytes = 50
        let folded = (0..<20).map { _ in " 0123456789" }.joined(separator: "\r\n")
        let document = ICalendarParser.parse("BEGIN:VCALENDAR\r\nX-LONG:start\r\n\(folded)\r\nEND:VCALENDAR\r\n", limits: limits)
        #expect(document.calendars.first?.properties.isEmpty == true)
        #expect(document.issues.count == 1)
        #expect(document.calendars.count == 1)
    }

    @Test func moreComponentsThanTheBoundTruncateTheDocumentAndAreNotImported() {
        var limits = ICalendarParser.Limits()
        limits.maximumComponents = 10
        let events = (0..<20).map { "BEGIN:VEVENT\r\nUID:\($0)\r\nDTSTART:20260101T090000Z\r\nEND:VEVENT\r\n" }.joined()
        let document = ICalendarParser.parse("BEGIN:VCALENDAR\r\n\(events)END:VCALENDAR\r\n", limits: limits)
        #expect(document.isTruncated)
        #expect(document.issues.last?.message.contains("more than 10 components") == true)
        #expect(ICalendarImport(document: document).document.isTruncated)
    }

    @Test func moreIssuesThanTheBoundAreCountedNotListed() {
        let broken = String(repeating: "no colon here\r\n", count: 5000)
        let file = ICalendarImport(text: "BEGIN:VCALENDAR\r\n\(broken)END:VCALENDAR\r\n")
        #expect(file.issues.count == ICalendarParser.Limits.standard.maximumIssues + 1)
        #expect(file.issues.last?.message == "4000 more problems not listed")
    }

    @Test func aFileNamingAThousandZonesLooksUpOnlyTheFirstFewHundred() {
        // Each new TZID was a zone-database lookup (review M7); the resolver stops looking after its bound.
        var resolver = ICalendarTimeZoneResolver()
        for index in 0..<1000 { _ = resolver.ianaIdentifier(for: "Nowhere/Zone\(index)") }
        #expect(resolver.ianaIdentifier(for: "America/Denver") == nil)
        var fresh = ICalendarTimeZoneResolver()
        #expect(fresh.ianaIdentifier(for: "America/Denver") == "America/Denver")
    }

    @Test func unfoldingKeepsLineNumbersAndBlankLines() {
        let document = ICalendarParser.parse("BEGIN:VCALENDAR\r\n\r\nX-A:1\r\n  continued\r\nfoo\r\nEND:VCALENDAR\r\n")
        #expect(document.calendars.first?.properties.first?.value == "1 continued")
        #expect(document.issues.map(\.line) == [5])
    }
}

extension ParserBoundsTests {
    @Test func readingStopsOneEventPastAnImportersBound() {
        var limits = ICalendarParser.Limits()
        limits.maximumEvents = 3
        let events = (0..<10).map { "BEGIN:VEVENT\r\nUID:\($0)\r\nDTSTART:20260101T090000Z\r\nEND:VEVENT\r\n" }.joined()
        let file = ICalendarImport(bytes: Array("BEGIN:VCALENDAR\r\n\(events)END:VCALENDAR\r\n".utf8), limits: limits)
        #expect(file.document.isTruncated && file.document.stoppedAtEventLimit)
        #expect(file.events.count == 3)
        #expect(file.issues.contains { $0.message == "more than 3 events; the rest of the file was not read" })
    }
}
