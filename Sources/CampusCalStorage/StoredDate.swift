import CampusCalICalendar
import Foundation
import GRDB

/// A `Date` as GRDB stores it — TEXT `yyyy-MM-dd HH:mm:ss.SSS` in UTC — written by arithmetic
/// instead of GRDB's `DateFormatter`.
///
/// Why: GRDB binds every `Date` through one shared `DateFormatter` (ICU underneath), and that
/// formatting was the largest single cost of the statements a CalDAV PUT runs — the login
/// throttle's `now`, an event's `createdAt` and `updatedAt` — more than the index look-ups
/// themselves (issue #29). The text must be exactly GRDB's, since stored dates are compared as
/// text in SQL (`lockedUntil > ?`): `StoredDateTests` checks it against GRDB's own over random
/// and edge-case instants. Outside 1900–9999 (where ICU's calendar turns Julian or years grow a
/// fifth digit) GRDB's formatter writes it, as before.
enum StoredDate {
    /// The TEXT GRDB would store for `date`.
    static func text(_ date: Date) -> String {
        // The same arithmetic as Foundation's formatter: milliseconds since 1970 as a Double,
        // rounded to the nearest (half away from zero) before ICU formats them.
        let milliseconds = ((date.timeIntervalSinceReferenceDate + Date.timeIntervalBetween1970AndReferenceDate) * 1000).rounded()
        guard milliseconds >= Self.earliest, milliseconds < Self.latest else {
            return String.fromDatabaseValue(date.databaseValue) ?? ""
        }
        let total = Int64(milliseconds)
        let millisecondsPerDay: Int64 = 86_400_000
        let days = total >= 0 ? total / millisecondsPerDay : (total - millisecondsPerDay + 1) / millisecondsPerDay
        let ofDay = total - days * millisecondsPerDay
        let date = LocalDate(dayNumber: Int(days))  // days since 1970-01-01, proleptic Gregorian
        var bytes = [UInt8](repeating: 0, count: 23)
        func put(_ value: Int64, digits: Int, at offset: Int) {
            var value = value
            for index in stride(from: offset + digits - 1, through: offset, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(Int64(date.year), digits: 4, at: 0)
        bytes[4] = UInt8(ascii: "-")
        put(Int64(date.month), digits: 2, at: 5)
        bytes[7] = UInt8(ascii: "-")
        put(Int64(date.day), digits: 2, at: 8)
        bytes[10] = UInt8(ascii: " ")
        put(ofDay / 3_600_000, digits: 2, at: 11)
        bytes[13] = UInt8(ascii: ":")
        put(ofDay / 60_000 % 60, digits: 2, at: 14)
        bytes[16] = UInt8(ascii: ":")
        put(ofDay / 1000 % 60, digits: 2, at: 17)
        bytes[19] = UInt8(ascii: ".")
        put(ofDay % 1000, digits: 3, at: 20)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// 1900-01-01 00:00:00 UTC and 10000-01-01 00:00:00 UTC, in milliseconds since 1970.
    private static let earliest: Double = -2_208_988_800_000
    private static let latest: Double = 253_402_300_800_000
}
