import CampusCalCore
import CampusCalICalendar
import Foundation

/// How an `EventTime` is stored in one TEXT column, keeping its kind and zone:
/// `D:20261122`, `F:20261122T093000`, `U:20261122T163000`, `Z:America/Denver:20261122T093000`.
enum EventTimeColumn {
    static func encode(_ time: EventTime) -> String {
        switch time {
        case .date(let date): "D:" + digits(date)
        case .floating(let value): "F:" + digits(value)
        case .utc(let value): "U:" + digits(value)
        case .zoned(let value, let zone): "Z:\(zone):" + digits(value)
        }
    }

    /// Parsed from the bytes: this runs for every time of every event a calendar view reads.
    static func decode(_ text: String) -> EventTime? {
        var text = text
        return text.withUTF8 { bytes -> EventTime? in
            guard bytes.count >= 10, bytes[1] == UInt8(ascii: ":") else { return nil }
            switch bytes[0] {
            case UInt8(ascii: "D"): return bytes.count == 10 ? date(bytes, at: 2).map(EventTime.date) : nil
            case UInt8(ascii: "F"): return bytes.count == 17 ? dateTime(bytes, at: 2).map(EventTime.floating) : nil
            case UInt8(ascii: "U"): return bytes.count == 17 ? dateTime(bytes, at: 2).map(EventTime.utc) : nil
            case UInt8(ascii: "Z"):
                // Z:<zone>:<15 digits>; the zone may itself contain colons, the time never does.
                guard bytes.count > 19, bytes[bytes.count - 16] == UInt8(ascii: ":"), let value = dateTime(bytes, at: bytes.count - 15) else {
                    return nil
                }
                return .zoned(value, timeZone: String(decoding: bytes[2..<(bytes.count - 16)], as: UTF8.self))
            default: return nil
            }
        }
    }

    static func encodeList(_ times: [EventTime]) -> String { times.map(encode).joined(separator: ",") }

    static func decodeList(_ text: String) -> [EventTime] { text.split(separator: ",").compactMap { decode(String($0)) } }

    // Written digit by digit: `String(format:)` (varargs through Foundation) was a hundredth of a
    // CalDAV PUT, which encodes every time of the event it stores.
    private static func digits(_ date: LocalDate) -> String {
        var text = String.UnicodeScalarView()
        append(date, to: &text)
        return String(text)
    }

    private static func digits(_ value: LocalDateTime) -> String {
        var text = String.UnicodeScalarView()
        append(value.date, to: &text)
        text.append("T")
        for part in [value.hour, value.minute, value.second] { append(part, width: 2, to: &text) }
        return String(text)
    }

    private static func append(_ date: LocalDate, to text: inout String.UnicodeScalarView) {
        append(date.year, width: 4, to: &text)
        append(date.month, width: 2, to: &text)
        append(date.day, width: 2, to: &text)
    }

    /// `value` as `%0<width>d` writes it: zero-padded to `width`, wider when it needs to be.
    private static func append(_ value: Int, width: Int, to text: inout String.UnicodeScalarView) {
        guard value >= 0 else { return text.append(contentsOf: String(format: "%0\(width)d", value).unicodeScalars) }
        let written = String(value)
        for _ in 0..<max(width - written.utf8.count, 0) { text.append("0") }
        text.append(contentsOf: written.unicodeScalars)
    }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let digit = Int(bytes[index]) - 48
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// `YYYYMMDD` at `start`.
    private static func date(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> LocalDate? {
        guard start + 8 <= bytes.count, let year = number(bytes, start, 4), let month = number(bytes, start + 4, 2),
            let day = number(bytes, start + 6, 2)
        else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// `YYYYMMDDTHHMMSS` at `start`.
    private static func dateTime(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> LocalDateTime? {
        guard start + 15 <= bytes.count, bytes[start + 8] == UInt8(ascii: "T"), let date = date(bytes, at: start),
            let hour = number(bytes, start + 9, 2), let minute = number(bytes, start + 11, 2), let second = number(bytes, start + 13, 2)
        else { return nil }
        return LocalDateTime(date: date, hour: hour, minute: minute, second: second)
    }
}
