import Foundation
import GRDB
import Testing

@testable import CampusCalStorage

/// `StoredDate` must write exactly the text GRDB's own `Date` binding writes: stored dates are
/// compared as text in SQL, so one differing digit would make a lock end early or late.
@Suite("Dates written as GRDB writes them, without its DateFormatter")
struct StoredDateTests {
    static func grdb(_ date: Date) -> String? { String.fromDatabaseValue(date.databaseValue) }

    @Test func randomInstantsMatchGRDBsFormatter() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            // 1890–10010, past both ends of the arithmetic's range, with arbitrary fractions.
            let seconds = Double.random(in: -2_524_608_000...253_717_747_200, using: &generator)
            let date = Date(timeIntervalSince1970: seconds)
            #expect(StoredDate.text(date) == Self.grdb(date), "\(seconds)")
        }
    }

    @Test func edgesOfDaysYearsAndMillisecondsMatch() {
        var instants: [Double] = [0, -0.0005, -0.001, 0.0009999, 0.999_999_9, 59.9995, 86_399.999, 86_400, -86_400.0001]
        // Year and leap-day boundaries from 1900 to 2400, each with a hair either side.
        for year in [1900, 1901, 1969, 1970, 1999, 2000, 2024, 2026, 2038, 2100, 2400, 9999] {
            var components = DateComponents(year: year, month: 1, day: 1)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            for (month, day) in [(1, 1), (2, 28), (2, 29), (3, 1), (12, 31)] {
                components.month = month
                components.day = day
                guard let date = calendar.date(from: components) else { continue }
                let t = date.timeIntervalSince1970
                instants += [t, t - 0.0001, t + 0.0001, t - 1, t + 0.9999]
            }
        }
        for seconds in instants {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(StoredDate.text(date) == Self.grdb(date), "\(seconds)")
        }
    }

    @Test func nowAndTheSessionClockMatch() {
        for _ in 0..<1000 {
            let date = Date()
            #expect(StoredDate.text(date) == Self.grdb(date))
        }
    }
}
