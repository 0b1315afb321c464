import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

@testable import CampusCalAPI

@Suite("Occurrence lists written by hand match JSONEncoder byte for byte")
struct OccurrenceListJSONTests {
    func event(title: String, location: String?, start: EventTime, end: EventTime) -> CalendarEvent {
        CalendarEvent(
            id: EventID(rawValue: "ev-\(title.utf8.count)"), calendarID: CalendarID(rawValue: "cal/1"), uid: "u", title: title, location: location,
            start: start, end: end, status: .tentative, transparency: .transparent, createdAt: Date(timeIntervalSince1970: 0),
            updatedAt: Date(timeIntervalSince1970: 0))
    }

    @Test func randomOccurrencesEncodeIdentically() throws {
        var generator = SystemRandomNumberGenerator()
        let texts = [
            "CS 101", "Quote \" and backslash \\ and slash /", "Tab\tnew\nline\r\u{8}\u{C}\u{1}\u{1F}", "Zoë – 東京 🎓", "", "a&b=c?d#e",
        ]
        var occurrences: [EventOccurrence] = []
        for index in 0..<300 {
            let local = LocalDateTime(
                year: Int.random(in: 1...9999, using: &generator), month: Int.random(in: 1...12, using: &generator),
                day: Int.random(in: 1...28, using: &generator), hour: Int.random(in: 0...23, using: &generator),
                minute: Int.random(in: 0...59, using: &generator), second: Int.random(in: 0...59, using: &generator))
            let start: EventTime =
                switch index % 4 {
                case 0: .date(local.date)
                case 1: .floating(local)
                case 2: .utc(local)
                default: .zoned(local, timeZone: "America/Denver")
                }
            let title = texts.randomElement(using: &generator)! + "\(index)"
            let location = index % 3 == 0 ? nil : texts.randomElement(using: &generator)!
            var occurrence = EventOccurrence(
                event: event(title: title, location: location, start: start, end: start), recurrenceID: index % 2 == 0 ? start : nil,
                start: start, end: start, startInstant: Date(timeIntervalSince1970: Double(Int64.random(in: -1_000_000_000...5_000_000_000))),
                endInstant: Date(timeIntervalSince1970: Double(Int64.random(in: -1_000_000_000...5_000_000_000))))
            occurrence.isOverridden = index % 5 == 0
            occurrences.append(occurrence)
        }
        let expected = try APIJSON.encoder.encode(
            OccurrenceListRepresentation(items: occurrences.map(OccurrenceRepresentation.init), timeZone: "Europe/London"))
        let written = OccurrenceListJSON.encode(occurrences, timeZone: "Europe/London")
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(OccurrenceListJSON.encode([], timeZone: "UTC") == Array(#"{"items":[],"timeZone":"UTC"}"#.utf8))
    }

    /// Busy time carries no id that leads to the event, written by hand or by the encoder alike.
    @Test func busyTimeIsWrittenWithoutIds() throws {
        let start = EventTime.utc(LocalDateTime(date: LocalDate(year: 2026, month: 12, day: 1)))
        var therapy = event(title: "Therapy", location: "Clinic", start: start, end: start)
        therapy.transparency = .opaque
        therapy.status = .confirmed
        let busy = try #require(therapy.busyTime())
        let occurrences = [therapy, busy].map {
            EventOccurrence(event: $0, recurrenceID: start, start: start, end: start, startInstant: Date(), endInstant: Date())
        }
        let written = OccurrenceListJSON.encode(occurrences, timeZone: "UTC")
        let expected = try APIJSON.encoder.encode(
            OccurrenceListRepresentation(items: occurrences.map(OccurrenceRepresentation.init), timeZone: "UTC"))
        #expect(written == Array(expected))
        let items = try #require((try JSONSerialization.jsonObject(with: Data(written)) as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items[0]["eventId"] as? String == therapy.id.rawValue && items[0]["occurrenceId"] is String)
        #expect(items[1]["eventId"] is NSNull && items[1]["occurrenceId"] is NSNull && items[1]["title"] as? String == "Busy")
    }
}
