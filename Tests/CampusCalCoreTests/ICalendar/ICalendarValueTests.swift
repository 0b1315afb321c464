import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

@Suite("iCalendar values: dates, durations, offsets, periods, geo, time zones")
struct ICalendarValueTests {
    @Test func parsesDatesAndDateTimes() throws {
        #expect(ICalendarDateTime.parseDate("20261122") == LocalDate(year: 2026, month: 11, day: 22))
        #expect(ICalendarDateTime.parseDate("20260230") == nil)
        let utc = try #require(ICalendarDateTime.parseDateTime("20260912T055900Z"))
        #expect(utc.isUTC && utc.value == LocalDateTime(year: 2026, month: 9, day: 12, hour: 5, minute: 59))
        #expect(ICalendarDateTime.parseDateTime("20260912T055900")?.isUTC == false)
        #expect(ICalendarDateTime.parseDateTime("20260912T255900") == nil)
        #expect(ICalendarDateTime.parseDateTime("2026-09-12T05:59") == nil)
        #expect(ICalendarDateTime.format(.utc(LocalDateTime(year: 2026, month: 1, day: 2, hour: 3, minute: 4, second: 5))) == "20260102T030405Z")
    }

    @Test(arguments: [
        ("P1W", 604_800, "P1W"), ("PT1H30M", 5400, "PT1H30M"), ("-P1D", -86_400, "-P1D"), ("+P1DT2H", 93_600, "P1DT2H"),
        ("-P0DT0H30M0S", -1800, "-PT30M"), ("PT0S", 0, "P0D"),
    ])
    func parsesDurations(_ text: String, _ seconds: Int, _ canonical: String) throws {
        let duration = try #require(ICalendarDuration(text))
        #expect(duration.totalSeconds == seconds)
        #expect(duration.description == canonical)
    }

    @Test(arguments: ["", "P", "PT", "1H", "PT1D", "P1H", "PTH", "P1W1", "P99999999999999999999D"])
    func rejectsMalformedDurations(_ text: String) {
        #expect(ICalendarDuration(text) == nil)
    }

    @Test func parsesOffsetsPeriodsAndGeo() throws {
        #expect(ICalendarUTCOffset("-0700")?.seconds == -25_200)
        #expect(ICalendarUTCOffset("+053000")?.seconds == 19_800)
        #expect(ICalendarUTCOffset("+0545")?.description == "+0545")
        #expect(ICalendarUTCOffset("0700") == nil)
        let period = try #require(ICalendarPeriod("19970101T180000Z/PT5H30M"))
        #expect(period.isUTC && period.end == .duration(ICalendarDuration(hours: 5, minutes: 30)))
        #expect(ICalendarPeriod("19970101T180000Z/19970102T070000Z")?.description == "19970101T180000Z/19970102T070000Z")
        #expect(ICalendarGeo("37.386013;-122.082932") == ICalendarGeo(latitude: 37.386013, longitude: -122.082932))
        #expect(ICalendarGeo("100;0") == nil)
    }

    @Test(arguments: [
        ("America/Denver", "America/Denver"), ("Mountain Standard Time", "America/Denver"), ("Pacific Standard Time", "America/Los_Angeles"),
        ("W. Europe Standard Time", "Europe/Berlin"), ("eastern standard time", "America/New_York"), ("India Standard Time", "Asia/Kolkata"),
        ("/mozilla.org/20070129_1/Europe/Berlin", "Europe/Berlin"), ("/softwarestudio.org/Olson_20011030_5/America/New_York", "America/New_York"),
        ("/citadel.org/20190914_1/Asia/Tokyo", "Asia/Tokyo"), ("\"Romance Standard Time\"", "Europe/Paris"), ("UTC", "Etc/UTC"),
    ])
    func resolvesTZIDs(_ tzid: String, _ iana: String) {
        #expect(ICalendarTimeZoneResolver.ianaIdentifier(for: tzid) == iana)
    }

    @Test func everyWindowsZoneMapsToAZoneFoundationKnows() {
        for name in ["Dateline Standard Time", "Greenland Standard Time", "FLE Standard Time", "Myanmar Standard Time", "Line Islands Standard Time"]
        {
            #expect(ICalendarTimeZoneResolver.ianaIdentifier(for: name) != nil, "\(name)")
        }
    }

    @Test func unknownTZIDIsReportedAndReadAsFloating() throws {
        let imported = ICalendarImport(
            text: ICalendarFixtures.crlf(
                "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:x", "DTSTART;TZID=Customized Time Zone:20261105T090000", "END:VEVENT", "END:VCALENDAR"
            )
        )
        #expect(imported.events.first?.start == .floating(LocalDateTime(year: 2026, month: 11, day: 5, hour: 9)))
        #expect(imported.issues.map(\.description) == ["line 4: unknown TZID 'Customized Time Zone' on DTSTART; the time is read as floating"])
    }

    @Test func vtimezoneLocationResolvesCustomTZIDs() throws {
        let imported = ICalendarImport(
            text: ICalendarFixtures.crlf(
                "BEGIN:VCALENDAR", "BEGIN:VTIMEZONE", "TZID:My Zone", "X-LIC-LOCATION:Europe/Paris", "END:VTIMEZONE", "BEGIN:VEVENT", "UID:x",
                "DTSTART;TZID=My Zone:20261105T090000", "END:VEVENT", "END:VCALENDAR"
            )
        )
        #expect(imported.events.first?.start == .zoned(LocalDateTime(year: 2026, month: 11, day: 5, hour: 9), timeZone: "Europe/Paris"))
        #expect(imported.issues.isEmpty)
    }

    @Test func listsAndRecurrenceIDRange() throws {
        let imported = ICalendarImport(
            text: ICalendarFixtures.crlf(
                "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:x", "DTSTART;TZID=Europe/Berlin:20261013T160000",
                "EXDATE;TZID=Europe/Berlin:20261020T160000,20261027T160000", "EXDATE;VALUE=DATE:20261103", "RDATE:20261201T150000Z",
                "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20261013T160000", "END:VEVENT", "END:VCALENDAR"
            )
        )
        let event = try #require(imported.events.first)
        #expect(
            event.exceptionDates == [
                .zoned(LocalDateTime(year: 2026, month: 10, day: 20, hour: 16), timeZone: "Europe/Berlin"),
                .zoned(LocalDateTime(year: 2026, month: 10, day: 27, hour: 16), timeZone: "Europe/Berlin"),
                .date(LocalDate(year: 2026, month: 11, day: 3)),
            ]
        )
        #expect(event.recurrenceDates == [.utc(LocalDateTime(year: 2026, month: 12, day: 1, hour: 15))])
        #expect(event.recurrenceIDThisAndFuture)
        #expect(event.start!.instant(viewerTimeZone: TimeZone(identifier: "UTC")!) == Date(timeIntervalSince1970: 1_791_900_000))
    }
}

@Suite("iCalendar instants across DST changes")
struct ICalendarInstantTests {
    private let denver = TimeZone(identifier: "America/Denver")!

    @Test func repeatedWallTimeIsItsFirstOccurrence() {
        // 01:30 happens twice on 2026-11-01 in Denver; the first is MDT (UTC−6).
        let instant = LocalDateTime(year: 2026, month: 11, day: 1, hour: 1, minute: 30).instant(in: denver)
        #expect(instant == Date(timeIntervalSince1970: 1_793_518_200))
    }

    @Test func skippedWallTimeUsesTheOffsetBeforeTheGap() {
        // 02:30 does not exist on 2026-03-08 in Denver; read with MST (UTC−7) it is 09:30Z.
        let instant = LocalDateTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30).instant(in: denver)
        #expect(instant == Date(timeIntervalSince1970: 1_772_962_200))
    }
}

@Suite("iCalendar Windows and customised time zones")
struct ICalendarWindowsZoneTests {
    @Test func everyWindowsZoneMapsToAZoneFoundationKnows() {
        #expect(ICalendarTimeZoneResolver.windowsZones.count >= 130)
        for (windows, iana) in ICalendarTimeZoneResolver.windowsZones {
            #expect(TimeZone(identifier: iana) != nil, "\(windows) → \(iana)")
            #expect(ICalendarTimeZoneResolver.ianaIdentifier(for: windows) != nil, "\(windows)")
        }
    }

    @Test func outlookCustomizedTimeZoneIsMatchedByOffsetsAndReported() throws {
        let imported = ICalendarImport(
            text: ICalendarFixtures.crlf(
                "BEGIN:VCALENDAR", "BEGIN:VTIMEZONE", "TZID:Customized Time Zone", "BEGIN:STANDARD", "DTSTART:16010101T020000",
                "TZOFFSETFROM:-0600", "TZOFFSETTO:-0700", "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11", "END:STANDARD", "BEGIN:DAYLIGHT",
                "DTSTART:16010101T020000", "TZOFFSETFROM:-0700", "TZOFFSETTO:-0600", "RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3", "END:DAYLIGHT",
                "END:VTIMEZONE", "BEGIN:VEVENT", "UID:x", "DTSTART;TZID=Customized Time Zone:20261105T090000",
                "DTEND;TZID=Customized Time Zone:20261105T100000", "END:VEVENT", "END:VCALENDAR"
            )
        )
        #expect(imported.events.first?.start == .zoned(LocalDateTime(year: 2026, month: 11, day: 5, hour: 9), timeZone: "America/Denver"))
        #expect(imported.issues.count == 1)
        #expect(imported.issues.first?.line == 19)
        #expect(imported.issues.first?.message.contains("America/Denver has the offsets of its VTIMEZONE") == true)
    }
}
