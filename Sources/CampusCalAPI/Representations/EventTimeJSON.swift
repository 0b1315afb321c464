import CampusCalCore
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
            guard let parsed = Self.parseDate(date) else { throw corrupt("'\(date.prefix(40))' is not a date like 2026-11-22.") }
            time = .date(parsed)
        case (nil, let text?):
            guard let (local, offset, isUTC) = Self.parseDateTime(text) else {
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

    /// `2026-11-22`.
    static func parseDate(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// `2026-11-22T09:30[:00[.000]]` with an optional `Z` or `±hh:mm`; returns the local fields,
    /// the offset in seconds when one was given, and whether it was `Z`.
    static func parseDateTime(_ text: String) -> (LocalDateTime, Int?, Bool)? {
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

/// Any key, for checking that a nested JSON object holds only known fields.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
