import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

@testable import CampusCalStorage

@Suite("How event times are stored")
struct EventTimeColumnTests {
    @Test func everyKindRoundTripsAndGarbageIsRefused() {
        let local = LocalDateTime(year: 2026, month: 11, day: 23, hour: 9, minute: 5, second: 7)
        let times: [EventTime] = [
            .date(local.date), .floating(local), .utc(local), .zoned(local, timeZone: "America/Denver"),
            .zoned(local, timeZone: "odd:zone:with:colons"), .date(LocalDate(year: 1, month: 1, day: 1)),
        ]
        for time in times {
            #expect(EventTimeColumn.decode(EventTimeColumn.encode(time)) == time)
        }
        #expect(EventTimeColumn.decodeList(EventTimeColumn.encodeList(times)) == times)
        for garbage in [
            "", "D:", "D:2026112", "D:2026112x", "X:20261123", "U:20261123T0905", "U:20261123X090507", "Z::20261123T090507x", "Z:20261123T090507",
        ] {
            #expect(EventTimeColumn.decode(garbage) == nil, "\(garbage)")
        }
    }

    /// The digits are written by hand: they must be what `String(format: "%04d%02d%02d…")` wrote,
    /// which every stored event holds — for any year, month, day and time, even out-of-range ones.
    @Test func handWrittenDigitsAreWhatPrintfWrote() {
        var generator = SystemRandomNumberGenerator()
        let years = [0, 1, 9, 10, 99, 100, 999, 1000, 1970, 2026, 9999, 10_000, 123_456, -1, -45, -2026]
        for _ in 0..<3000 {
            let year = Bool.random(using: &generator) ? years.randomElement(using: &generator)! : Int.random(in: -99_999...99_999, using: &generator)
            let (month, day) = (Int.random(in: -3...120, using: &generator), Int.random(in: -3...120, using: &generator))
            let (hour, minute, second) = (
                Int.random(in: 0...99, using: &generator), Int.random(in: 0...99, using: &generator), Int.random(in: -2...99, using: &generator)
            )
            let date = LocalDate(year: year, month: month, day: day)
            let time = LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
            let printfDate = String(format: "%04d%02d%02d", year, month, day)
            #expect(EventTimeColumn.encode(.date(date)) == "D:" + printfDate)
            #expect(EventTimeColumn.encode(.utc(time)) == "U:" + printfDate + String(format: "T%02d%02d%02d", hour, minute, second))
        }
    }
}
