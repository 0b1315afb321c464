import Foundation

/// Day-number arithmetic on the proleptic Gregorian calendar.
///
/// Recurrence expansion walks millions of days; Foundation's `Calendar` is both slow for that and
/// ambiguous about time zones, so dates are mapped to a plain integer (days since 1970-01-01) with
/// Howard Hinnant's civil-date algorithms and all stepping is integer arithmetic.
extension LocalDate {
    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int { LocalDate.dayNumber(year: year, month: month, day: day) }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        let (y, m, d) = LocalDate.civil(fromDayNumber: dayNumber)
        self.init(year: y, month: m, day: d)
    }

    /// The day of the week.
    public var weekday: Weekday { Weekday(rawValue: LocalDate.weekdayIndex(dayNumber: dayNumber))! }

    /// 1 for January 1st.
    public var dayOfYear: Int { dayNumber - LocalDate.dayNumber(year: year, month: 1, day: 1) + 1 }

    /// The date `days` later (or earlier when negative).
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDayNumber n: Int) -> (year: Int, month: Int, day: Int) {
        let z = n + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Monday = 0. 1970-01-01 was a Thursday.
    static func weekdayIndex(dayNumber n: Int) -> Int { ((n + 3) % 7 + 7) % 7 }
}

extension LocalDateTime {
    /// Wall-clock seconds since 1970-01-01T00:00:00 *as if* the fields were UTC; the currency of
    /// recurrence expansion, which works on wall-clock time (RFC 5545 §3.3.10).
    package var localSeconds: Int { date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second }

    /// The inverse of `localSeconds`.
    package init(localSeconds s: Int) {
        let day = s >= 0 ? s / 86_400 : (s - 86_399) / 86_400
        let rest = s - day * 86_400
        self.init(date: LocalDate(dayNumber: day), hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)
    }
}
