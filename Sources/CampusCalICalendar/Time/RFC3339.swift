import Foundation

/// RFC 3339 timestamps (`2026-11-22T04:47:16Z`), read and written by hand.
///
/// Foundation's ISO 8601 formatter costs tens of microseconds per date on Linux (it builds an ICU
/// formatter each time); a month view writes thousands of timestamps and an LMS sync reads
/// thousands, so the API's encoder and the importers use this instead.
public enum RFC3339 {
    /// The instant of an RFC 3339 date-time with `Z` or an offset (within ±18 h); nil otherwise.
    /// Fractions of a second are dropped.
    public static func date(from text: String) -> Date? {
        guard let (local, offset, isUTC) = parseDateTime(text), local.isValid, offset != nil || isUTC,
            abs(offset ?? 0) <= 18 * 3600
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(local.localSeconds - (offset ?? 0)))
    }

    public static func string(from date: Date) -> String {
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

    /// `2026-11-22`.
    public static func parseDate(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// `2026-11-22T09:30[:00[.000]]` with an optional `Z` or `±hh:mm`; returns the local fields,
    /// the offset in seconds when one was given, and whether it was `Z`.
    public static func parseDateTime(_ text: String) -> (LocalDateTime, Int?, Bool)? {
        guard text.count >= 16, text.count <= 40, let tIndex = text.firstIndex(where: { $0 == "T" || $0 == "t" }),
            let date = parseDate(String(text[..<tIndex]))
        else { return nil }
        var rest = String(text[text.index(after: tIndex)...])
        var offset: Int?
        var isUTC = false
        if rest.hasSuffix("Z") || rest.hasSuffix("z") {
            isUTC = true
            rest.removeLast()
        } else if rest.count > 6, let sign = rest.dropLast(5).last.flatMap({ $0 == "+" ? 1 : $0 == "-" ? -1 : nil }) {
            let tail = rest.suffix(5)
            guard tail.count == 5, tail.dropFirst(2).first == ":", let hours = Int(tail.prefix(2)), let minutes = Int(tail.suffix(2)),
                hours <= 18, minutes < 60
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
            rest.removeLast(6)
        }
        if let dot = rest.firstIndex(of: ".") {
            guard rest[rest.index(after: dot)...].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            rest = String(rest[..<dot])
        }
        let fields = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), fields.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(fields[0]), let minute = Int(fields[1])
        else { return nil }
        let second = fields.count == 3 ? Int(fields[2]) ?? 0 : 0
        return (LocalDateTime(date: date, hour: hour, minute: minute, second: second), offset, isUTC)
    }
}
