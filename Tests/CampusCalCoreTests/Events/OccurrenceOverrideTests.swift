import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

@Suite("Overridden occurrences: RECURRENCE-ID, THISANDFUTURE, EXDATE on top")
struct OccurrenceOverrideTests {
    static let denver = TimeZone(identifier: "America/Denver")!

    func at(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0) -> EventTime {
        .zoned(LocalDateTime(year: y, month: m, day: d, hour: h, minute: mi), timeZone: "America/Denver")
    }

    /// A weekly Monday 09:00–09:50 Denver seminar from 5 October 2026, ten times.
    func seminar() throws -> CalendarEvent {
        let start = at(2026, 10, 5, 9)
        return CalendarEvent(
            id: EventID(rawValue: "e1"), calendarID: CalendarID(rawValue: "c1"), uid: "seminar@test", title: "Seminar", start: start,
            end: at(2026, 10, 5, 9, 50), recurrence: RecurrenceSet(start: start, rules: [try RecurrenceRule(parsing: "FREQ=WEEKLY;COUNT=10")]),
            createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
    }

    func window(_ event: CalendarEvent, _ from: EventTime, _ to: EventTime) -> [EventOccurrence] {
        event.occurrences(
            from: from.instant(viewerTimeZone: Self.denver), to: to.instant(viewerTimeZone: Self.denver), viewerTimeZone: Self.denver, limit: 100)
    }

    func change(
        _ event: CalendarEvent, _ recurrenceID: EventTime, range: OccurrenceOverride.Range = .thisOccurrence, _ edit: (inout CalendarEvent) -> Void
    )
        -> OccurrenceOverride
    {
        // Unless edited, the occurrence keeps its own time: the recurrence id, 50 minutes long.
        var details = event
        details.start = recurrenceID
        details.end = .zoned(LocalDateTime(year: 2000, month: 1, day: 1), timeZone: "UTC")
        if case .zoned(let local, let zone) = recurrenceID {
            details.end = .zoned(LocalDateTime(date: local.date, hour: local.hour, minute: local.minute + 50), timeZone: zone)
        }
        edit(&details)
        return OccurrenceOverride(recurrenceID: recurrenceID, range: range, occurrence: details)
    }

    @Test func movedOccurrenceShowsAtItsNewTimeAndLeavesItsOldSlotEmpty() throws {
        var event = try seminar()
        // The 19 October meeting moves to Wednesday 21 October, 14:00, in another room.
        event.overrides = [
            change(event, at(2026, 10, 19, 9)) {
                $0.start = at(2026, 10, 21, 14)
                $0.end = at(2026, 10, 21, 15)
                $0.location = "Room 2"
            }
        ]
        let week = window(event, at(2026, 10, 19), at(2026, 10, 26))
        #expect(week.count == 1)
        #expect(week[0].start == at(2026, 10, 21, 14))
        #expect(week[0].recurrenceID == at(2026, 10, 19, 9))
        #expect(week[0].event.location == "Room 2")
        #expect(week[0].isOverridden)
        // A window holding only the new time finds it; one holding only the old slot does not.
        #expect(window(event, at(2026, 10, 21), at(2026, 10, 22)).count == 1)
        #expect(window(event, at(2026, 10, 19), at(2026, 10, 20)).isEmpty)
        #expect(event.occurrence(recurrenceKey: at(2026, 10, 19, 9).recurrenceKey, viewerTimeZone: Self.denver)?.start == at(2026, 10, 21, 14))
    }

    @Test func thisAndFutureMovesEveryLaterOccurrenceOnTheWallClockAcrossDST() throws {
        var event = try seminar()
        // From 26 October on: 10:00–11:30 and a new title. DST ends on 1 November; 10:00 stays 10:00.
        event.overrides = [
            change(event, at(2026, 10, 26, 9), range: .thisAndFuture) {
                $0.start = at(2026, 10, 26, 10)
                $0.end = at(2026, 10, 26, 11, 30)
                $0.title = "Seminar (new time)"
            }
        ]
        let all = window(event, at(2026, 10, 1), at(2027, 1, 1))
        #expect(all.count == 10)
        #expect(all.prefix(3).allSatisfy { $0.event.title == "Seminar" && $0.start.localDateTime.hour == 9 })
        let later = all.dropFirst(3)
        #expect(later.allSatisfy { $0.event.title == "Seminar (new time)" && $0.start.localDateTime.hour == 10 })
        #expect(later.allSatisfy { $0.endInstant.timeIntervalSince($0.startInstant) == 5400 })
        // 26 October 10:00 MDT is 16:00 UTC; 2 November 10:00 MST is 17:00 UTC.
        #expect(later.map { Int($0.startInstant.timeIntervalSince1970) }.prefix(2) == [1_793_030_400, 1_793_638_800])
        let mondays = (3..<10).map { week in LocalDate(year: 2026, month: 10, day: 5).adding(days: 7 * week) }
        #expect(later.map(\.recurrenceID) == mondays.map { Optional(at($0.year, $0.month, $0.day, 9)) })
    }

    @Test func singleOverrideAfterAThisAndFutureOneWins() throws {
        var event = try seminar()
        event.overrides = [
            change(event, at(2026, 10, 19, 9), range: .thisAndFuture) { $0.title = "Renamed" },
            change(event, at(2026, 11, 2, 9)) { $0.title = "Guest talk" },
        ]
        let titles = window(event, at(2026, 10, 1), at(2026, 11, 17)).map(\.event.title)
        #expect(titles == ["Seminar", "Seminar", "Renamed", "Renamed", "Guest talk", "Renamed", "Renamed"])
    }

    @Test func exceptionDateRemovesEvenAnOverriddenOccurrence() throws {
        var event = try seminar()
        event.overrides = [change(event, at(2026, 10, 12, 9)) { $0.title = "Moved" }]
        event.recurrence?.exdates = [at(2026, 10, 12, 9)]
        #expect(window(event, at(2026, 10, 1), at(2026, 10, 31)).map(\.event.title) == ["Seminar", "Seminar", "Seminar"])
        #expect(event.occurrence(recurrenceKey: at(2026, 10, 12, 9).recurrenceKey, viewerTimeZone: Self.denver) == nil)
    }

    @Test func changingTheSeriesStartDropsOverridesOfOccurrencesThatNoLongerExist() throws {
        var event = try seminar()
        event.overrides = [change(event, at(2026, 10, 12, 9)) { $0.title = "Moved" }]
        let sameTime = try EventChanges(title: "Seminar 2").applied(to: event)
        #expect(sameTime.overrides.count == 1)
        let later = try EventChanges(start: at(2026, 10, 5, 10), end: .set(at(2026, 10, 5, 10, 50))).applied(to: event)
        #expect(later.overrides.isEmpty)
    }
}
