import Foundation

/// A calendar date without a time or a zone (iCalendar `DATE`, e.g. `20261122`): the day of an
/// all-day event, which stays that day wherever it is viewed from.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// ISO 8601 `2026-11-22`.
    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    /// Whether the fields name a real day of the proleptic Gregorian calendar.
    public var isValid: Bool {
        (1...9999).contains(year) && (1...12).contains(month) && (1...LocalDate.daysIn(month: month, year: year)).contains(day)
    }

    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// A wall-clock date and time without a zone (the fields of an iCalendar `DATE-TIME`).
/// Whether it is UTC, in a named zone or floating is said by `EventTime`, not here.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var date: LocalDate
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(date: LocalDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.init(date: LocalDate(year: year, month: month, day: day), hour: hour, minute: minute, second: second)
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.hour, lhs.minute, lhs.second) < (rhs.date, rhs.hour, rhs.minute, rhs.second)
    }

    /// ISO 8601 `2026-11-22T14:30:00`.
    public var description: String { date.description + String(format: "T%02d:%02d:%02d", hour, minute, second) }

    /// Whether the fields name a real date and a time of day. A leap second (`:60`) is accepted, as RFC 5545 allows.
    public var isValid: Bool { date.isValid && (0...23).contains(hour) && (0...59).contains(minute) && (0...60).contains(second) }
}
