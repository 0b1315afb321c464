import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

@Suite("Importing a file's VEVENTs: series with their overrides")
struct ImportedEventsTests {
    static let file = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Test//EN
        BEGIN:VEVENT
        UID:lab@test
        DTSTART;TZID=America/Denver:20261005T130000
        DTEND;TZID=America/Denver:20261005T150000
        RRULE:FREQ=WEEKLY;COUNT=6
        SUMMARY:Chemistry lab
        END:VEVENT
        BEGIN:VEVENT
        UID:lab@test
        RECURRENCE-ID:20261019T190000Z
        DTSTART;TZID=America/Denver:20261020T130000
        DTEND;TZID=America/Denver:20261020T150000
        SUMMARY:Chemistry lab (Tuesday)
        SEQUENCE:2
        END:VEVENT
        BEGIN:VEVENT
        UID:lab@test
        RECURRENCE-ID;TZID=America/Denver;RANGE=THISANDFUTURE:20261102T130000
        DTSTART;TZID=America/Denver:20261102T140000
        DTEND;TZID=America/Denver:20261102T160000
        SUMMARY:Chemistry lab (late)
        END:VEVENT
        BEGIN:VEVENT
        UID:only-one@test
        RECURRENCE-ID;TZID=America/Denver:20261007T100000
        DTSTART;TZID=America/Denver:20261007T110000
        DTEND;TZID=America/Denver:20261007T120000
        SUMMARY:The one occurrence I was invited to
        END:VEVENT
        END:VCALENDAR
        """

    func imported(existing: [String: CalendarEvent] = [:]) -> ImportedEvents {
        ImportedEvents(
            ICalendarImport(text: Self.file).events, calendarID: CalendarID(rawValue: "c1"), existing: existing, now: Date(timeIntervalSince1970: 0))
    }

    @Test func overridesJoinTheirSeriesAndOrphansBecomeASeriesOfTheirOwn() throws {
        let result = imported()
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.events.map(\.event.uid) == ["lab@test", "only-one@test"])
        let lab = result.events[0].event
        #expect(lab.overrides.map(\.range) == [.thisOccurrence, .thisAndFuture])
        // A RECURRENCE-ID written in UTC still names the 13:00 Denver occurrence.
        #expect(
            lab.overrides[0].recurrenceKey
                == EventTime.zoned(LocalDateTime(year: 2026, month: 10, day: 19, hour: 13), timeZone: "America/Denver").recurrenceKey)
        #expect(lab.overrides[0].sequence == 2)
        let denver = TimeZone(identifier: "America/Denver")!
        let all = lab.occurrences(
            from: Date(timeIntervalSince1970: 1_790_000_000), to: Date(timeIntervalSince1970: 1_800_000_000), viewerTimeZone: denver, limit: 100)
        #expect(
            all.map(\.event.title) == [
                "Chemistry lab", "Chemistry lab", "Chemistry lab (Tuesday)", "Chemistry lab", "Chemistry lab (late)", "Chemistry lab (late)",
            ])
        #expect(all.last?.start.localDateTime.hour == 14)

        let single = result.events[1].event
        let occurrences = single.occurrences(
            from: Date(timeIntervalSince1970: 1_790_000_000), to: Date(timeIntervalSince1970: 1_800_000_000), viewerTimeZone: denver, limit: 100)
        #expect(occurrences.map(\.event.title) == ["The one occurrence I was invited to"])
        #expect(occurrences.first?.start.localDateTime.hour == 11)
    }

    @Test func importingTheSameFileOverWhatItMadeChangesNothing() throws {
        let first = imported()
        let existing = Dictionary(uniqueKeysWithValues: first.events.map { ($0.event.uid, $0.event) })
        let second = imported(existing: existing)
        #expect(second.events.allSatisfy { $0.event == $0.current })
    }

    @Test func exportWritesEachOverrideAsAVEventWithTheSeriesUID() throws {
        let lab = imported().events[0].event
        let vevents = lab.iCalendarEvents
        #expect(vevents.count == 3)
        #expect(Set(vevents.map(\.uid)) == ["lab@test"])
        #expect(vevents[0].recurrenceID == nil && vevents[0].recurrenceRule != nil)
        #expect(vevents[2].recurrenceIDThisAndFuture)
        let text = ICalendarExport.text(events: vevents, calendarProperties: [], timestamp: Date(timeIntervalSince1970: 0))
        #expect(text.contains("RECURRENCE-ID;TZID=America/Denver;RANGE=THISANDFUTURE:20261102T130000") || text.contains("RANGE=THISANDFUTURE"))
        // Read back, the file gives the same series.
        let again = ImportedEvents(
            ICalendarImport(text: text).events, calendarID: CalendarID(rawValue: "c1"), existing: ["lab@test": lab],
            now: Date(timeIntervalSince1970: 0))
        #expect(again.events.first?.event == lab)
    }
}
