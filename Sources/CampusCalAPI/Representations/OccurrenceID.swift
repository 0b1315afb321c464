import CampusCalCore
import CampusCalICalendar
import Foundation

/// The id of one occurrence of a series in URLs (`/api/v1/events/{id}/occurrences/{occurrenceId}`):
/// its recurrence id as one string — `2026-11-23` for all-day series, the UTC instant
/// `2026-11-23T16:00:00Z` for timed ones, `2026-11-23T09:00:00` for floating ones.
///
/// Parsing accepts those forms, an RFC 3339 offset, and iCalendar's basic form (`20261123T160000Z`),
/// and yields the recurrence key the core matches occurrences by.
enum OccurrenceID {
    static func format(_ time: EventTime) -> String {
        switch time {
        case .date(let date): date.description
        case .floating(let value): value.description
        case .utc, .zoned: RFC3339.string(from: Date(timeIntervalSince1970: TimeInterval(time.recurrenceKey)))
        }
    }

    /// The recurrence key of an occurrence id, or nil if it is not one.
    static func key(_ text: String) -> Int? {
        let extended = basicToExtended(text) ?? text
        if let date = RFC3339.parseDate(extended), date.isValid { return EventTime.date(date).recurrenceKey }
        guard let (local, offset, isUTC) = RFC3339.parseDateTime(extended), local.isValid else { return nil }
        if let offset { return EventTime.utc(local).recurrenceKey - offset }
        return isUTC ? EventTime.utc(local).recurrenceKey : EventTime.floating(local).recurrenceKey
    }

    /// `20261123` → `2026-11-23`; `20261123T160000[Z]` → `2026-11-23T16:00:00[Z]`; anything else nil.
    private static func basicToExtended(_ text: String) -> String? {
        let c = Array(text.utf8)
        guard c.count == 8 || c.count == 15 || c.count == 16, c[0..<8].allSatisfy({ (48...57).contains($0) }) else { return nil }
        let digits = String(decoding: c, as: UTF8.self)
        func part(_ r: Range<Int>) -> Substring { digits.dropFirst(r.lowerBound).prefix(r.count) }
        let date = "\(part(0..<4))-\(part(4..<6))-\(part(6..<8))"
        if c.count == 8 { return date }
        guard c[8] == UInt8(ascii: "T"), c[9..<15].allSatisfy({ (48...57).contains($0) }), c.count == 15 || c[15] == UInt8(ascii: "Z") else {
            return nil
        }
        return "\(date)T\(part(9..<11)):\(part(11..<13)):\(part(13..<15))" + (c.count == 16 ? "Z" : "")
    }
}
