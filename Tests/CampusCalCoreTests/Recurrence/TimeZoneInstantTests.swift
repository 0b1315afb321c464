import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

@Suite("EventTime instants across DST")
struct TimeZoneInstantTests {
    let denver = TimeZone(identifier: "America/Denver")!

    @Test func nonexistentTimeUsesTheOffsetBeforeTheGap() {
        let time = EventTime.zoned(LocalDateTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30), timeZone: "America/Denver")
        #expect(time.instant(viewerTimeZone: .gmt) == Date(timeIntervalSince1970: 1_772_962_200))  // 09:30Z
        #expect(time.wallClock(in: denver, viewerTimeZone: .gmt) == LocalDateTime(year: 2026, month: 3, day: 8, hour: 3, minute: 30))
    }

    @Test func ambiguousTimeMeansTheFirstOccurrence() {
        let time = EventTime.zoned(LocalDateTime(year: 2026, month: 11, day: 1, hour: 1, minute: 30), timeZone: "America/Denver")
        #expect(time.instant(viewerTimeZone: .gmt) == Date(timeIntervalSince1970: 1_793_518_200))  // 07:30Z, still MDT
    }

    @Test func floatingAndDateTimesAreReadInTheViewersZone() {
        let date = EventTime.date(LocalDate(year: 2026, month: 11, day: 22))
        #expect(date.instant(viewerTimeZone: TimeZone(identifier: "Pacific/Auckland")!) == Date(timeIntervalSince1970: 1_795_258_800))
        #expect(date.instant(viewerTimeZone: TimeZone(identifier: "America/Los_Angeles")!) == Date(timeIntervalSince1970: 1_795_334_400))
    }

    @Test func conversionBetweenZonesKeepsTheInstant() {
        let time = EventTime.utc(LocalDateTime(year: 2026, month: 7, day: 1, hour: 12))
        #expect(
            time.converted(toTimeZone: "Europe/London", viewerTimeZone: .gmt)
                == .zoned(LocalDateTime(year: 2026, month: 7, day: 1, hour: 13), timeZone: "Europe/London"))
        #expect(time.converted(toTimeZone: "Mars/Olympus_Mons", viewerTimeZone: .gmt) == nil)
        #expect(EventTime.isKnownTimeZone("Australia/Lord_Howe"))
        #expect(!EventTime.isKnownTimeZone("Mars/Olympus_Mons"))
    }
}
