import CampusCalCore
import CampusCalICalendar
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
}
