import Foundation

/// A UTC-OFFSET value (RFC 5545 §3.3.14): `-0700`, `+0530`, `+013000`.
public struct ICalendarUTCOffset: Sendable, Hashable, CustomStringConvertible {
    /// Seconds east of UTC.
    public var seconds: Int

    public init(seconds: Int) { self.seconds = seconds }

    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            bytes.dropFirst().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return nil }
        let digits = bytes.dropFirst().map { Int($0 - 0x30) }
        let hours = digits[0] * 10 + digits[1]
        let minutes = digits[2] * 10 + digits[3]
        let secs = digits.count == 6 ? digits[4] * 10 + digits[5] : 0
        guard hours < 24, minutes < 60, secs < 60 else { return nil }
        let magnitude = hours * 3600 + minutes * 60 + secs
        seconds = bytes[0] == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    /// `±HHMM`, or `±HHMMSS` when there are seconds.
    public var description: String {
        let magnitude = abs(seconds)
        let sign = seconds < 0 ? "-" : "+"
        let base = sign + String(format: "%02d%02d", magnitude / 3600, magnitude / 60 % 60)
        return magnitude % 60 == 0 ? base : base + String(format: "%02d", magnitude % 60)
    }
}

/// A GEO value (RFC 5545 §3.8.1.6): `latitude;longitude` in degrees.
public struct ICalendarGeo: Sendable, Hashable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses `37.386013;-122.082932` (a comma, as some producers write, is accepted too).
    public init?(_ text: String) {
        let parts = text.split(whereSeparator: { $0 == ";" || $0 == "," })
        guard parts.count == 2, let latitude = Double(parts[0].trimmingWhitespace()),
            let longitude = Double(parts[1].trimmingWhitespace()), (-90...90).contains(latitude),
            (-180...180).contains(longitude)
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    public var description: String { "\(latitude);\(longitude)" }
}

/// A PERIOD value (RFC 5545 §3.3.9): a start and either an end or a duration.
public struct ICalendarPeriod: Sendable, Hashable, CustomStringConvertible {
    /// How the period ends.
    public enum End: Sendable, Hashable {
        case end(LocalDateTime)
        case duration(ICalendarDuration)
    }

    public var start: LocalDateTime
    public var end: End
    /// Whether the times carry `Z`.
    public var isUTC: Bool

    public init(start: LocalDateTime, end: End, isUTC: Bool) {
        self.start = start
        self.end = end
        self.isUTC = isUTC
    }

    /// Parses `19970101T180000Z/19970102T070000Z` or `19970101T180000Z/PT5H30M`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = ICalendarDateTime.parseDateTime(String(parts[0])) else { return nil }
        if let end = ICalendarDateTime.parseDateTime(String(parts[1])) {
            self.init(start: start.value, end: .end(end.value), isUTC: start.isUTC)
        } else if let duration = ICalendarDuration(String(parts[1])) {
            self.init(start: start.value, end: .duration(duration), isUTC: start.isUTC)
        } else {
            return nil
        }
    }

    public var description: String {
        let head = ICalendarDateTime.format(start, utc: isUTC) + "/"
        switch end {
        case .end(let value): return head + ICalendarDateTime.format(value, utc: isUTC)
        case .duration(let duration): return head + duration.description
        }
    }
}
