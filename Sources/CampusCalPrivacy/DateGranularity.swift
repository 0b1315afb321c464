import CampusCalCore
import CampusCalICalendar
import Foundation

/// How precisely times are released. Exact times are quasi-identifiers (one student's 07:40 gym
/// slot picks them out of a cohort), so third parties get the day by default.
public enum DateGranularity: String, Sendable, CaseIterable {
    /// The instant (in UTC when time zones are stripped), or the date of an all-day item.
    case exact
    /// The calendar day the person lived it on (`2026-11-23`).
    case day
    /// The ISO week (`2026-W48`).
    case week

    /// `time` as released. `viewerTimeZone` places floating times; `stripTimeZones` writes instants in UTC
    /// instead of naming the zone (a zone can say where someone is).
    public func release(_ time: EventTime, viewerTimeZone: TimeZone, stripTimeZones: Bool) -> String {
        let localDate: LocalDate
        switch time {
        case .date(let date):
            localDate = date
        case .floating(let value), .utc(let value), .zoned(let value, _):
            localDate = value.date
        }
        switch self {
        case .exact:
            if case .date(let date) = time { return date.description }
            let instant = time.instant(viewerTimeZone: viewerTimeZone)
            if stripTimeZones { return instant.formatted(.iso8601) }
            if case .zoned(let value, let zone) = time { return value.description + " " + zone }
            return instant.formatted(.iso8601)
        case .day:
            return localDate.description
        case .week:
            return Self.isoWeek(of: localDate)
        }
    }

    /// `YYYY-Www`, ISO 8601 weeks (Monday first; week 1 holds the year's first Thursday).
    public static func isoWeek(of date: LocalDate) -> String {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let noon = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12)) ?? Date(timeIntervalSince1970: 0)
        let week = calendar.component(.weekOfYear, from: noon)
        let year = calendar.component(.yearForWeekOfYear, from: noon)
        return String(format: "%04d-W%02d", year, week)
    }
}
