import Foundation

/// Proleptic Gregorian arithmetic between wall-clock fields and seconds, without `Calendar`
/// (which is slow and locale-laden for this). Algorithms after Howard Hinnant's `days_from_civil`.
enum CivilTime {
    static func days(from date: LocalDate) -> Int {
        let year = date.month <= 2 ? date.year - 1 : date.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let monthIndex = (date.month + 9) % 12
        let dayOfYear = (153 * monthIndex + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func date(fromDays days: Int) -> LocalDate {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return LocalDate(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// Seconds since 1970-01-01T00:00:00 reading `value` as if it were UTC.
    static func seconds(from value: LocalDateTime) -> Int {
        days(from: value.date) * 86_400 + value.hour * 3600 + value.minute * 60 + min(value.second, 59)
    }

    static func localDateTime(fromSeconds seconds: Int) -> LocalDateTime {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        return LocalDateTime(date: date(fromDays: days), hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)
    }
}

/// Instants of `EventTime`s, for comparing and for choosing the years a `VTIMEZONE` must cover.
public enum ICalendarInstant {
    /// The instant `time` denotes. Dates count from midnight; dates and floating times are read in
    /// `floatingZone`. A wall time skipped by a DST change is read with the offset before the change.
    public static func date(of time: EventTime, floatingZone: TimeZone = TimeZone(identifier: "UTC")!) -> Date {
        switch time {
        case .utc(let value): return Date(timeIntervalSince1970: Double(CivilTime.seconds(from: value)))
        case .date, .floating: return date(of: time.localDateTime, in: floatingZone)
        case .zoned(let value, let zone): return date(of: value, in: TimeZone(identifier: zone) ?? floatingZone)
        }
    }

    /// The instant of wall time `value` in `zone`. A repeated wall time (DST ends) is its first
    /// occurrence; a skipped one (DST starts) is read with the offset before the gap (RFC 5545 §3.3.5).
    public static func date(of value: LocalDateTime, in zone: TimeZone) -> Date {
        let wall = CivilTime.seconds(from: value)
        func offset(_ seconds: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))) }
        // Offsets a day either side bracket any single transition near this wall time.
        let before = offset(wall - 86_400)
        let candidates = [wall - before, wall - offset(wall + 86_400), wall - offset(wall)]
        if let earliest = candidates.filter({ $0 + offset($0) == wall }).min() { return Date(timeIntervalSince1970: Double(earliest)) }
        return Date(timeIntervalSince1970: Double(wall - before))
    }
}
