import CampusCalCore
import CampusCalICalendar
import Foundation

/// A JSON writer for the few hot responses written by hand (`OccurrenceListJSON`, `TaskJSON`):
/// appends exactly the bytes `APIJSON.encoder` would write for the same values — strings with its
/// escapes and unescaped slashes, numbers as it prints them, dates as RFC 3339 — so that their
/// tests can hold each writer to the encoder byte for byte. Keys are the caller's job, in sorted
/// order, as the encoder's `.sortedKeys` puts them.
///
/// Why by hand: Foundation's `JSONEncoder` on Linux costs about a microsecond per key through its
/// generic containers, and these lists have thousands of keys.
struct JSONBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// Text copied as is: punctuation and keys, e.g. `raw(",\"title\":")`.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func bool(_ value: Bool) { raw(value ? "true" : "false") }

    mutating func optional(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    mutating func int(_ value: Int) { number(value, width: 1) }

    mutating func optional(_ value: Int?) {
        if let value { int(value) } else { raw("null") }
    }

    /// As the encoder prints a `Double`: its `description` without a trailing `.0` (`10`, `7.5`,
    /// `1e-05`); `null` for the non-finite values the encoder would refuse.
    mutating func double(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    mutating func optional(_ value: Double?) {
        if let value { double(value) } else { raw("null") }
    }

    /// A date as the API writes every instant: an RFC 3339 string.
    mutating func date(_ value: Date) { string(RFC3339.string(from: value)) }

    mutating func optional(_ value: Date?) {
        if let value { date(value) } else { raw("null") }
    }

    /// `EventTimeJSON`'s shape: `{"date":…}`, `{"dateTime":…}` (floating, or UTC with `Z`), or `{"dateTime":…,"timeZone":…}`.
    mutating func time(_ time: EventTime) {
        switch time {
        case .date(let date):
            raw("{\"date\":\"")
            digits(date)
            raw("\"}")
        case .floating(let value), .utc(let value), .zoned(let value, _):
            raw("{\"dateTime\":\"")
            digits(value.date)
            bytes.append(UInt8(ascii: "T"))
            number(value.hour, width: 2)
            bytes.append(UInt8(ascii: ":"))
            number(value.minute, width: 2)
            bytes.append(UInt8(ascii: ":"))
            number(value.second, width: 2)
            if case .utc = time { bytes.append(UInt8(ascii: "Z")) }
            raw("\"")
            if case .zoned(_, let zone) = time {
                raw(",\"timeZone\":")
                string(zone)
            }
            raw("}")
        }
    }

    mutating func optional(_ value: EventTime?) {
        if let value { time(value) } else { raw("null") }
    }

    /// `YYYY-MM-DD`, as `LocalDate.description` writes it.
    mutating func digits(_ date: LocalDate) {
        number(date.year, width: 4)
        bytes.append(UInt8(ascii: "-"))
        number(date.month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        number(date.day, width: 2)
    }

    /// A number padded with zeros to `width` digits (like `%04d`); wider numbers in full.
    mutating func number(_ value: Int, width: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            // Int.min has no positive counterpart: print it as the encoder does.
            guard value != Int.min else { return bytes.append(contentsOf: String(value).utf8.dropFirst()) }
            number(-value, width: width)
            return
        }
        var digits = 1
        var limit = 10
        while value >= limit && digits < 19 {
            digits += 1
            limit &*= 10
        }
        for _ in digits..<max(width, digits) { bytes.append(UInt8(ascii: "0")) }
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// A JSON string with the escapes `JSONEncoder` uses: `\"`, `\\`, `\b \f \n \r \t`, other
    /// control characters as `\u00xx`; everything else, slashes included, as UTF-8.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        // One pass over the UTF-8 bytes, copying the runs that need no escape whole: most strings
        // (ids, names, times) are a single run. `withUTF8` is free for native strings.
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                escape(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The escape of one byte that may not appear raw in a JSON string.
    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        default:
            raw("\\u00")
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        }
    }
}
