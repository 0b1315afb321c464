import CampusCalCore
import Foundation
import Logging

/// Writes an occurrence list as JSON by hand: byte for byte what `APIJSON.encoder` writes for
/// `OccurrenceListRepresentation` (sorted keys, slashes unescaped), which a test holds it to.
///
/// Why by hand: a month view is hundreds of occurrences of fifteen keys each, and Foundation's
/// `JSONEncoder` on Linux costs about a microsecond per key through its generic containers. This
/// is the one hot list of the API; everything else keeps using the encoder.
struct OccurrenceListJSON {
    private var bytes: [UInt8] = []
    /// Map links by location: occurrences of one series share it, and percent-encoding is not free.
    private var mapLinks: [String: String?] = [:]

    static func encode(_ occurrences: [EventOccurrence], timeZone: String) -> [UInt8] {
        var writer = OccurrenceListJSON()
        writer.bytes.reserveCapacity(occurrences.count * 480 + 64)
        writer.raw("{\"items\":[")
        for (index, occurrence) in occurrences.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.occurrence(occurrence)
        }
        writer.raw("],\"timeZone\":")
        writer.string(timeZone)
        writer.raw("}")
        return writer.bytes
    }

    private mutating func occurrence(_ occurrence: EventOccurrence) {
        let event = occurrence.event
        raw("{\"allDay\":")
        raw(event.isAllDay ? "true" : "false")
        raw(",\"calendarId\":")
        string(event.calendarID.rawValue)
        raw(",\"end\":")
        time(occurrence.end)
        raw(",\"endsAt\":")
        string(RFC3339.string(from: occurrence.endInstant))
        raw(",\"eventId\":")
        string(event.id.rawValue)
        raw(",\"location\":")
        optional(event.location)
        raw(",\"mapUrl\":")
        optional(mapLink(event.location))
        raw(",\"occurrenceId\":")
        optional(occurrence.recurrenceID.map(OccurrenceID.format))
        raw(",\"overridden\":")
        raw(occurrence.isOverridden ? "true" : "false")
        raw(",\"recurrenceId\":")
        if let recurrenceID = occurrence.recurrenceID { time(recurrenceID) } else { raw("null") }
        raw(",\"start\":")
        time(occurrence.start)
        raw(",\"startsAt\":")
        string(RFC3339.string(from: occurrence.startInstant))
        raw(",\"status\":")
        string(event.status.rawValue)
        raw(",\"title\":")
        string(event.title)
        raw(",\"transparency\":")
        string(event.transparency.rawValue)
        raw("}")
    }

    private mutating func mapLink(_ location: String?) -> String? {
        guard let location else { return nil }
        if let known = mapLinks[location] { return known }
        let link = MapLink.url(for: location)
        mapLinks[location] = link
        return link
    }

    /// `EventTimeJSON`'s shape: `{"date":…}`, `{"dateTime":…}` (floating, or UTC with `Z`), or `{"dateTime":…,"timeZone":…}`.
    private mutating func time(_ time: EventTime) {
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

    private mutating func digits(_ date: LocalDate) {
        number(date.year, width: 4)
        bytes.append(UInt8(ascii: "-"))
        number(date.month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        number(date.day, width: 2)
    }

    /// A number padded with zeros to `width` digits (like `%04d`); wider numbers in full.
    private mutating func number(_ value: Int, width: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
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

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func optional(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    /// A JSON string with the escapes `JSONEncoder` uses: `\"`, `\\`, `\b \f \n \r \t`, other
    /// control characters as `\u00xx`; everything else, slashes included, as UTF-8.
    private mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings (ids, names, times) need no escape: copy them whole.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: value.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
