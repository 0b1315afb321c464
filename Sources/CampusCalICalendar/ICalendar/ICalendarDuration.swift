import Foundation

/// A DURATION value (RFC 5545 §3.3.6): `P1W`, `PT1H30M`, `-P1D`, `P1DT12H`.
///
/// Weeks and days are kept apart from hours: a day is a calendar day (23 or 25 hours across a
/// DST change), so `P1D` and `PT24H` are not the same duration for a zoned event.
public struct ICalendarDuration: Sendable, Hashable, CustomStringConvertible {
    public var isNegative: Bool
    public var weeks: Int
    public var days: Int
    public var hours: Int
    public var minutes: Int
    public var seconds: Int

    public init(isNegative: Bool = false, weeks: Int = 0, days: Int = 0, hours: Int = 0, minutes: Int = 0, seconds: Int = 0) {
        self.isNegative = isNegative
        self.weeks = weeks
        self.days = days
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
    }

    /// The nominal length in seconds (days counted as 86 400 s), negative when `isNegative`.
    public var totalSeconds: Int {
        let magnitude = ((weeks * 7 + days) * 24 + hours) * 3600 + minutes * 60 + seconds
        return isNegative ? -magnitude : magnitude
    }

    /// Parses a duration; lenient about a week count mixed with other units, which some producers write.
    public init?(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while let last = bytes.last, last == 0x20 { bytes = bytes.dropLast() }
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        guard let p = bytes.first, p | 0x20 == UInt8(ascii: "p") else { return nil }
        bytes = bytes.dropFirst()
        var inTime = false
        var number: Int?
        var sawUnit = false
        var result = ICalendarDuration(isNegative: negative)
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                let (next, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
                guard !overflow, next < 1_000_000_000 else { return nil }
                number = next + Int(byte - 0x30)
            case _ where byte | 0x20 == UInt8(ascii: "t"):
                guard number == nil, !inTime else { return nil }
                inTime = true
            default:
                guard let value = number else { return nil }
                switch (byte | 0x20, inTime) {
                case (UInt8(ascii: "w"), false): result.weeks = value
                case (UInt8(ascii: "d"), false): result.days = value
                case (UInt8(ascii: "h"), true): result.hours = value
                case (UInt8(ascii: "m"), true): result.minutes = value
                case (UInt8(ascii: "s"), true): result.seconds = value
                default: return nil
                }
                number = nil
                sawUnit = true
            }
        }
        guard sawUnit, number == nil else { return nil }
        self = result
    }

    /// The RFC 5545 form; `P0D` for zero.
    public var description: String {
        var text = isNegative ? "-P" : "P"
        if weeks != 0 { text += "\(weeks)W" }
        if days != 0 { text += "\(days)D" }
        if hours != 0 || minutes != 0 || seconds != 0 {
            text += "T"
            if hours != 0 { text += "\(hours)H" }
            if minutes != 0 { text += "\(minutes)M" }
            if seconds != 0 { text += "\(seconds)S" }
        }
        if text.hasSuffix("P") { text += "0D" }
        return text
    }
}
