import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

/// One request expands a bounded number of occurrences, and does bounded work, across all its
/// events (review H6, issue #24).
@Suite("Expansion budget")
struct ExpansionBudgetTests {
    let denver = TimeZone(identifier: "America/Denver")!
    let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    /// A stored event as an older server kept it: the rule is not checked again here, so this is
    /// what a calendar imported before sub-hourly rules were refused still holds.
    func storedEvent(_ rule: String, index: Int) throws -> CalendarEvent {
        let time = EventTime.utc(LocalDateTime(year: 2026, month: 1, day: 1, hour: 0))
        var event = CalendarEvent(
            id: EventID(rawValue: "e\(index)"), calendarID: CalendarID(rawValue: "c"), uid: "u\(index)", title: "t", start: time, end: time,
            createdAt: start, updatedAt: start)
        event.recurrence = RecurrenceSet(start: time, rules: [try RecurrenceRule(parsing: rule)])
        return event
    }

    func expandAll(_ events: [CalendarEvent], days: Double) throws -> Int {
        var budget = ExpansionBudget(maximumOccurrences: ResourceLimits.standard.maximumOccurrencesPerRequest)
        var count = 0
        for event in events {
            count += try EventService.occurrences(
                of: event, from: start, to: start.addingTimeInterval(days * 86_400), viewerTimeZone: denver, budget: &budget
            ).count
        }
        return count
    }

    @Test(arguments: [1.0 / 24, 1, 31, 366])
    func reviewH6TwoThousandSecondlyEventsAreRefusedQuicklyAtAnyWindow(days: Double) throws {
        let events = try (0..<2000).map { try storedEvent("FREQ=SECONDLY", index: $0) }
        let started = ContinuousClock.now
        #expect(throws: EventError.tooManyOccurrences(maximum: ResourceLimits.standard.maximumOccurrencesPerRequest)) {
            _ = try expandAll(events, days: days)
        }
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func aRuleThatNeverMatchesInTheWindowStillCostsItsWalk() throws {
        // Hourly in February only, asked for March to December: nothing to show, 7,000 hours to walk each.
        let events = try (0..<500).map { try storedEvent("FREQ=HOURLY;BYMONTH=2", index: $0) }
        #expect(throws: EventError.self) { _ = try expandAll(events, days: 366) }
    }

    @Test func aRealTimetableYearFitsEasily() throws {
        // Twelve classes meeting two or three times a week, and fifty one-off events, for a year.
        var events = try (0..<12).map { try storedEvent("FREQ=WEEKLY;BYDAY=MO,WE,FR", index: $0) }
        events += try (0..<50).map { index in
            var event = try storedEvent("FREQ=DAILY", index: 100 + index)
            event.recurrence = nil
            return event
        }
        let count = try expandAll(events, days: 366)
        #expect(count > 12 * 150)
    }

    @Test func occurrencesAreCountedAcrossEvents() throws {
        var budget = ExpansionBudget(maximumOccurrences: 100)
        try budget.charge(occurrences: 60)
        #expect(throws: EventError.tooManyOccurrences(maximum: 100)) { try budget.charge(occurrences: 41) }
    }

    @Test func storedRulesMayRepeatAtMostHourly() throws {
        let base = try storedEvent("FREQ=DAILY", index: 0)
        for frequency in ["SECONDLY", "MINUTELY"] {
            let changes = EventChanges(recurrenceRule: .set("FREQ=\(frequency);COUNT=5"))
            #expect(throws: ValidationError.self) { _ = try changes.applied(to: base, now: start) }
            do {
                _ = try changes.applied(to: base, now: start)
            } catch let error as ValidationError {
                #expect(error.issues.map(\.code) == ["recurrenceRule.too-frequent"])
            }
        }
        _ = try EventChanges(recurrenceRule: .set("FREQ=HOURLY;COUNT=5")).applied(to: base, now: start)
    }
}
