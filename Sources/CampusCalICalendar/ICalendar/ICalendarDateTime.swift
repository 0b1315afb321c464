import Foundation

/// DATE and DATE-TIME values (RFC 5545 §3.3.4, §3.3.5) as `LocalDate` / `LocalDateTime`.
public enum ICalendarDateTime {
    /// Parses `YYYYMMDD`.
    public static func parseDate(_ text: String) -> LocalDate? {
        let bytes = Array(text.utf8)
        guard bytes.count == 8, let date = date(bytes[0..<8]) else { return nil }
        return date
    }

    /// Parses `YYYYMMDDTHHMMSS` with an optional `Z`; returns the fields and whether it was UTC.
    public static func parseDateTime(_ text: String) -> (value: LocalDateTime, isUTC: Bool)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 15 || bytes.count == 16, bytes[8] | 0x20 == UInt8(ascii: "t") else { return nil }
        var isUTC = false
        if bytes.count == 16 {
            guard bytes[15] | 0x20 == UInt8(ascii: "z") else { return nil }
            isUTC = true
        }
        guard let date = date(bytes[0..<8]), let hour = number(bytes[9..<11]), let minute = number(bytes[11..<13]),
            let second = number(bytes[13..<15])
        else { return nil }
        let value = LocalDateTime(date: date, hour: hour, minute: minute, second: second)
        guard value.isValid else { return nil }
        return (value, isUTC)
    }

    /// `YYYYMMDD`.
    public static func format(_ date: LocalDate) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8)
        appendDigits(date.year, 4, &bytes)
        appendDigits(date.month, 2, &bytes)
        appendDigits(date.day, 2, &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `YYYYMMDDTHHMMSS`, with `Z` when `utc`.
    public static func format(_ value: LocalDateTime, utc: Bool = false) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        appendDigits(value.date.year, 4, &bytes)
        appendDigits(value.date.month, 2, &bytes)
        appendDigits(value.date.day, 2, &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(value.hour, 2, &bytes)
        appendDigits(value.minute, 2, &bytes)
        appendDigits(value.second, 2, &bytes)
        if utc { bytes.append(UInt8(ascii: "Z")) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Zero-padded decimal digits; `String(format:)` is slow on Linux and this runs per date written.
    private static func appendDigits(_ number: Int, _ width: Int, _ bytes: inout [UInt8]) {
        var digits: [UInt8] = []
        var rest = abs(number)
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        while digits.count < width { digits.append(UInt8(ascii: "0")) }
        if number < 0 { digits.append(UInt8(ascii: "-")) }
        bytes.append(contentsOf: digits.reversed())
    }

    /// The value text of an `EventTime` (the TZID or VALUE=DATE goes into parameters, see `parameters(for:)`).
    public static func format(_ time: EventTime) -> String {
        switch time {
        case .date(let date): format(date)
        case .floating(let value), .zoned(let value, _): format(value)
        case .utc(let value): format(value, utc: true)
        }
    }

    /// The parameters that go with `time`: `VALUE=DATE` for a date, `TZID=` for a zoned time.
    public static func parameters(for time: EventTime) -> [ICalendarParameter] {
        switch time {
        case .date: [ICalendarParameter(name: "VALUE", value: "DATE")]
        case .zoned(_, let zone): [ICalendarParameter(name: "TZID", value: zone)]
        case .floating, .utc: []
        }
    }

    /// A property carrying `time`.
    public static func property(_ name: String, _ time: EventTime) -> ICalendarProperty {
        ICalendarProperty(name: name, parameters: parameters(for: time), value: format(time))
    }

    /// A property carrying several times (EXDATE, RDATE), which must share one form; the first decides.
    public static func listProperty(_ name: String, _ times: [EventTime]) -> ICalendarProperty {
        ICalendarProperty(name: name, parameters: times.first.map(parameters(for:)) ?? [], value: times.map { format($0) }.joined(separator: ","))
    }

    private static func date(_ bytes: ArraySlice<UInt8>) -> LocalDate? {
        let base = bytes.startIndex
        guard let year = number(bytes[base..<(base + 4)]), let month = number(bytes[(base + 4)..<(base + 6)]),
            let day = number(bytes[(base + 6)..<(base + 8)])
        else { return nil }
        let date = LocalDate(year: year, month: month, day: day)
        return date.isValid ? date : nil
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
