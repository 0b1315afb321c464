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
        String(format: "%04d%02d%02d", date.year, date.month, date.day)
    }

    /// `YYYYMMDDTHHMMSS`, with `Z` when `utc`.
    public static func format(_ value: LocalDateTime, utc: Bool = false) -> String {
        format(value.date) + String(format: "T%02d%02d%02d", value.hour, value.minute, value.second) + (utc ? "Z" : "")
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
