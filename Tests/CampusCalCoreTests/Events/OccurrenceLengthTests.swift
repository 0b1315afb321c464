import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

/// Found by Tests/Oracles/window_oracle.py: an instance ending in the repeated hour of a DST fold.
@Suite("Occurrence lengths across a DST fold")
struct OccurrenceLengthTests {
    static let denver = TimeZone(identifier: "America/Denver")!

    func at(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ mi: Int) -> EventTime {
        .zoned(LocalDateTime(year: y, month: m, day: d, hour: h, minute: mi), timeZone: "America/Denver")
    }

    /// Daily 01:30–02:15 in Denver from 30 October 2026; clocks fall back at 02:00 on 1 November, so
    /// that day's instance starts at 01:30 MDT and ends 45 minutes later at 01:15 MST — a wall-clock
    /// time that, read back, names the first pass (MDT), half an hour before the start.
    @Test(arguments: [false, true])
    func instanceEndingInTheRepeatedHourKeepsItsExactLength(withOverride: Bool) throws {
        let start = at(2026, 10, 30, 1, 30)
        var event = CalendarEvent(
            id: EventID(rawValue: "e1"), calendarID: CalendarID(rawValue: "c1"), uid: "fold@test", title: "Night lab", start: start,
            end: at(2026, 10, 30, 2, 15), recurrence: RecurrenceSet(start: start, rules: [try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=4")]),
            createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
        if withOverride {
            // Any override takes the other expansion path; this one only renames the 2 November instance.
            var renamed = event
            renamed.start = at(2026, 11, 2, 1, 30)
            renamed.end = at(2026, 11, 2, 2, 15)
            renamed.title = "Night lab (renamed)"
            event.overrides = [OccurrenceOverride(recurrenceID: renamed.start, range: .thisOccurrence, occurrence: renamed)]
        }
        let from = at(2026, 10, 29, 0, 0).instant(viewerTimeZone: Self.denver)
        let occurrences = event.occurrences(from: from, to: from.addingTimeInterval(7 * 86_400), viewerTimeZone: Self.denver, limit: 10)
        #expect(occurrences.count == 4)
        for occurrence in occurrences {
            #expect(occurrence.endInstant.timeIntervalSince(occurrence.startInstant) == 45 * 60, "\(occurrence.start)")
        }
    }
}
