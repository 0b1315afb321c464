import CampusCalICalendar
import Foundation
import Testing

@testable import CampusCalCore

/// The hand-written "Monday, November 2 at 9:00 AM" against Foundation's formatter, which it replaced for speed.
@Suite("Spoken due dates match Foundation's formatter")
struct SpokenDateTests {
    @Test func randomInstantsInSeveralZones() throws {
        var generator = SplitMix(seed: 2026)
        for zoneName in ["America/Denver", "Asia/Tokyo", "Pacific/Chatham", "UTC"] {
            let zone = try #require(TimeZone(identifier: zoneName))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = zone
            for _ in 0..<2_000 {
                let instant = Date(timeIntervalSince1970: Double(1_700_000_000 + Int(generator.next() % 400_000_000)))
                formatter.dateFormat = "EEEE, MMMM d 'at' h:mm a"
                let timed = EventTime.utc(LocalDateTime(instant: instant, in: .gmt))
                #expect(AgendaSummary.spoken(timed, dueAt: instant, timeZone: zone) == formatter.string(from: instant))
                formatter.dateFormat = "EEEE, MMMM d"
                let day = EventTime.date(LocalDateTime(instant: instant, in: zone).date)
                #expect(AgendaSummary.spoken(day, dueAt: instant, timeZone: zone) == formatter.string(from: instant.addingTimeInterval(-1)))
            }
        }
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
