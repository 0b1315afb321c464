import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

@Suite("Recurrence expansion")
struct RecurrenceExpansionTests {
    func expand(_ rule: String, from start: EventTime, limit: Int = 20, viewer: TimeZone = .gmt) throws -> [EventTime] {
        Array(RecurrenceSet(start: start, rules: [try RecurrenceRule(parsing: rule)]).occurrences(viewerTimeZone: viewer).prefix(limit))
    }

    func day(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0) -> LocalDateTime {
        LocalDateTime(year: y, month: m, day: d, hour: h, minute: mi)
    }

    @Test func dailyAtHalfPastTwoInDenverAcrossSpringForwardAndFallBack() throws {
        let start = EventTime.zoned(day(2026, 3, 7, 2, 30), timeZone: "America/Denver")
        let spring = try expand("FREQ=DAILY;COUNT=3", from: start)
        // The wall-clock time (the RECURRENCE-ID) stays 02:30 even on the day it does not exist.
        #expect(spring.map(\.localDateTime) == [day(2026, 3, 7, 2, 30), day(2026, 3, 8, 2, 30), day(2026, 3, 9, 2, 30)])
        #expect(spring.map { $0.instant(viewerTimeZone: .gmt).timeIntervalSince1970 } == [1_772_875_800, 1_772_962_200, 1_773_045_000])
        let autumn = try expand("FREQ=DAILY;COUNT=2", from: .zoned(day(2026, 10, 31, 2, 30), timeZone: "America/Denver"))
        #expect(autumn.map { $0.instant(viewerTimeZone: .gmt).timeIntervalSince1970 } == [1_793_435_400, 1_793_525_400])
        let overlap = try expand("FREQ=DAILY;COUNT=2", from: .zoned(day(2026, 10, 31, 1, 30), timeZone: "America/Denver"))
        #expect(overlap[1].instant(viewerTimeZone: .gmt).timeIntervalSince1970 == 1_793_518_200)  // the first 01:30, MDT
    }

    @Test(arguments: ["Pacific/Auckland", "America/Los_Angeles"])
    func allDayEventStaysOnItsDateWhereverViewed(_ zone: String) throws {
        let viewer = TimeZone(identifier: zone)!
        let set = RecurrenceSet(start: .date(LocalDate(year: 2026, month: 11, day: 22)), rules: [try RecurrenceRule(parsing: "FREQ=WEEKLY;COUNT=3")])
        let midnight = EventTime.date(LocalDate(year: 2026, month: 11, day: 29)).instant(viewerTimeZone: viewer)
        let found = set.occurrences(from: midnight, to: midnight.addingTimeInterval(86_400), viewerTimeZone: viewer, limit: 10)
        #expect(found == [.date(LocalDate(year: 2026, month: 11, day: 29))])
        #expect(found[0].wallClock(in: viewer, viewerTimeZone: viewer) == day(2026, 11, 29))
    }

    @Test func weeklyWithDateUntilIncludesTheWholeLastDay() throws {
        let found = try expand("FREQ=WEEKLY;UNTIL=20260126", from: .zoned(day(2026, 1, 5, 9), timeZone: "Europe/London"))
        #expect(found.map(\.localDateTime.date.day) == [5, 12, 19, 26])
    }

    @Test func thirtyFirstOfTheMonthSkipsShortMonthsInsteadOfClamping() throws {
        let found = try expand("FREQ=MONTHLY;BYMONTHDAY=31;COUNT=7", from: .floating(day(2026, 1, 31, 9)))
        #expect(found.map(\.localDateTime.date.month) == [1, 3, 5, 7, 8, 10, 12])
    }

    @Test func lastWeekdayOfTheMonthWithBySetPos() throws {
        let found = try expand("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=4", from: .utc(day(2026, 1, 30, 17)))
        #expect(
            found.map(\.localDateTime.date) == [
                LocalDate(year: 2026, month: 1, day: 30), LocalDate(year: 2026, month: 2, day: 27),
                LocalDate(year: 2026, month: 3, day: 31), LocalDate(year: 2026, month: 4, day: 30),
            ])
    }

    @Test func startCountsAsFirstInstanceEvenWhenTheRuleDoesNotMatchIt() throws {
        // RFC 5545: DTSTART is always the first instance and COUNT counts it (dateutil would drop it).
        let found = try expand("FREQ=WEEKLY;BYDAY=MO;COUNT=3", from: .floating(day(2026, 1, 1, 9)))
        #expect(found.map(\.localDateTime.date.day) == [1, 5, 12])
    }

    @Test func isoWeekFiftyTwoOf2010EndsOnJanuarySecond2011() throws {
        // python-dateutil 2.9 calls 2011-01-01 week 53; ISO 8601 says week 52 of 2010.
        let found = try expand("FREQ=YEARLY;BYWEEKNO=52;BYDAY=SA,SU", from: .floating(day(2011, 1, 1)), limit: 4)
        #expect(
            found.map(\.localDateTime.date) == [
                LocalDate(year: 2011, month: 1, day: 1), LocalDate(year: 2011, month: 1, day: 2),
                LocalDate(year: 2011, month: 12, day: 31), LocalDate(year: 2012, month: 1, day: 1),
            ])
        // 2010 has 52 ISO weeks, so the first week 53 after DTSTART is 2015's (from Monday 2015-12-28).
        let week53 = try expand("FREQ=YEARLY;BYWEEKNO=53", from: .floating(day(2011, 1, 3)), limit: 2)
        #expect(week53.last?.localDateTime.date == LocalDate(year: 2015, month: 12, day: 28))
    }

    @Test func windowFarFromStartJumpsAheadAndCountRulesStayExact() throws {
        let start = EventTime.zoned(day(1970, 1, 1, 9), timeZone: "Europe/London")
        let from = Date(timeIntervalSince1970: 1_893_456_000)  // 2030-01-01T00:00Z
        let daily = RecurrenceSet(start: start, rules: [try RecurrenceRule(parsing: "FREQ=DAILY")])
        let clock = ContinuousClock()
        var found: [EventTime] = []
        let elapsed = clock.measure {
            found = daily.occurrences(from: from, to: from.addingTimeInterval(3 * 86_400), viewerTimeZone: .gmt, limit: 10)
        }
        #expect(found.map(\.localDateTime) == [day(2030, 1, 1, 9), day(2030, 1, 2, 9), day(2030, 1, 3, 9)])
        #expect(elapsed < .seconds(1))
        let counted = RecurrenceSet(start: start, rules: [try RecurrenceRule(parsing: "FREQ=YEARLY;COUNT=61")])
        #expect(
            counted.occurrences(from: from, to: from.addingTimeInterval(366 * 86_400), viewerTimeZone: .gmt, limit: 10)
                == [.zoned(day(2030, 1, 1, 9), timeZone: "Europe/London")])
        let ended = RecurrenceSet(start: start, rules: [try RecurrenceRule(parsing: "FREQ=YEARLY;COUNT=60")])
        #expect(ended.occurrences(from: from, to: from.addingTimeInterval(366 * 86_400), viewerTimeZone: .gmt, limit: 10).isEmpty)
    }

    @Test(arguments: ["YEARLY", "MONTHLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"])
    func ruleThatNeverMatchesEndsQuickly(_ freq: String) throws {
        let set = RecurrenceSet(start: .floating(day(2026, 1, 1)), rules: [try RecurrenceRule(parsing: "FREQ=\(freq);BYMONTHDAY=31;BYMONTH=2")])
        var count = 0
        let elapsed = ContinuousClock().measure { count = Array(set.occurrences(viewerTimeZone: .gmt).prefix(5)).count }
        #expect(count == 1)  // only DTSTART, which RFC 5545 always includes
        #expect(elapsed < .seconds(3))
    }

    @Test func exdatesAndRdates() throws {
        let set = RecurrenceSet(
            start: .floating(day(2026, 1, 5, 9)), rules: [try RecurrenceRule(parsing: "FREQ=WEEKLY;COUNT=3")],
            rdates: [.floating(day(2026, 1, 7, 9))], exdates: [.floating(day(2026, 1, 12, 9))])
        #expect(Array(set.occurrences(viewerTimeZone: .gmt)).map(\.localDateTime.date.day) == [5, 7, 19])
    }
}
