import CampusCalCore
import Foundation
import Logging

/// RFC 3339 timestamps in UTC (`2026-11-22T04:47:16Z`), written by hand.
///
/// Foundation's ISO 8601 formatter costs tens of microseconds per date on Linux; a month view
/// writes thousands of timestamps, so the API's encoder uses this instead.
enum RFC3339 {
    /// The instant of an RFC 3339 date-time with `Z` or an offset (within ±18 h); nil otherwise.
    /// Fractions of a second are dropped.
    static func date(from text: String) -> Date? {
        guard let (local, offset, isUTC) = EventTimeJSON.parseDateTime(text), local.isValid, offset != nil || isUTC,
            abs(offset ?? 0) <= 18 * 3600
        else { return nil }
        return EventTime.utc(local).instant(viewerTimeZone: TimeZone(secondsFromGMT: 0)!).addingTimeInterval(-TimeInterval(offset ?? 0))
    }

    static func string(from date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let civil = LocalDate(dayNumber: days)
        let (year, month, day) = (civil.year, civil.month, civil.day)
        var bytes = [UInt8]()
        bytes.reserveCapacity(20)
        func append(_ value: Int, digits: Int) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
                rest %= divisor
                divisor /= 10
            }
        }
        append(year, digits: 4)
        bytes.append(UInt8(ascii: "-"))
        append(month, digits: 2)
        bytes.append(UInt8(ascii: "-"))
        append(day, digits: 2)
        bytes.append(UInt8(ascii: "T"))
        append(secondOfDay / 3600, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, digits: 2)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
