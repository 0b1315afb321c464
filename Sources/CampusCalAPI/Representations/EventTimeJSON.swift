import CampusCalCore
import CampusCalICalendar
import Foundation
import Logging

/// How the API writes an `EventTime` (the shape Google Calendar's API also uses):
/// `{"date":"2026-11-22"}` all day; `{"dateTime":"2026-11-22T09:30:00","timeZone":"America/Denver"}`
/// zoned; `{"dateTime":"2026-11-22T16:30:00Z"}` UTC; `{"dateTime":"2026-11-22T09:30:00"}` floating.
/// On input, a `dateTime` with an offset (`…-07:00`) is accepted and stored as UTC.
struct EventTimeJSON: Codable, Sendable {
    var time: EventTime

    init(_ time: EventTime) { self.time = time }

    private enum CodingKeys: String, CodingKey, CaseIterable { case date, dateTime, timeZone }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let allowed = Set(CodingKeys.allCases.map(\.rawValue))
        if let unknown = container.allKeys.first(where: { !allowed.contains($0.stringValue) }) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown field '\(unknown.stringValue)'; use date, or dateTime and timeZone.")
            )
        }
        let keyed = try decoder.container(keyedBy: CodingKeys.self)
        let date = try keyed.decodeUnlessAbsent(String.self, forKey: .date)
        let dateTime = try keyed.decodeUnlessAbsent(String.self, forKey: .dateTime)
        let timeZone = try keyed.decodeUnlessAbsent(String.self, forKey: .timeZone)
        func corrupt(_ message: String) -> DecodingError {
            DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: message))
        }
        switch (date, dateTime) {
        case (let date?, nil):
            guard timeZone == nil else { throw corrupt("an all-day 'date' takes no 'timeZone'.") }
            guard let parsed = RFC3339.parseDate(date) else { throw corrupt("'\(date.prefix(40))' is not a date like 2026-11-22.") }
            time = .date(parsed)
        case (nil, let text?):
            guard let (local, offset, isUTC) = RFC3339.parseDateTime(text) else {
                throw corrupt("'\(text.prefix(40))' is not a date-time like 2026-11-22T09:30:00.")
            }
            if let offset {
                guard timeZone == nil else { throw corrupt("give either an offset in 'dateTime' or a 'timeZone', not both.") }
                guard let zone = TimeZone(secondsFromGMT: offset) else { throw corrupt("the offset in '\(text.prefix(40))' is out of range.") }
                time = .utc(LocalDateTime(instant: local.instant(in: zone), in: TimeZone(identifier: "UTC")!))
            } else if isUTC {
                guard timeZone == nil else { throw corrupt("give either 'Z' in 'dateTime' or a 'timeZone', not both.") }
                time = .utc(local)
            } else if let timeZone {
                time = .zoned(local, timeZone: timeZone)
            } else {
                time = .floating(local)
            }
        default:
            throw corrupt("give exactly one of 'date' (all day) or 'dateTime'.")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch time {
        case .date(let date): try container.encode(date.description, forKey: .date)
        case .floating(let value): try container.encode(value.description, forKey: .dateTime)
        case .utc(let value): try container.encode(value.description + "Z", forKey: .dateTime)
        case .zoned(let value, let zone):
            try container.encode(value.description, forKey: .dateTime)
            try container.encode(zone, forKey: .timeZone)
        }
    }
}

/// Any key, for checking that a nested JSON object holds only known fields.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
