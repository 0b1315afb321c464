import CampusCalICalendar
import Foundation

/// Reminder arithmetic and wording for tasks and events.
public enum Reminders {
    /// The most reminders one task (or the defaults) may have.
    public static let maximumCount = 10
    /// A year: reminders further ahead than that are typing mistakes.
    public static let maximumMinutesBefore = 366 * 24 * 60

    /// When `reminder` fires for an item due (or starting) at `anchor`: whole days before on the
    /// wall clock of `timeZone` (same time of day, across DST), other offsets exactly.
    public static func fireAt(_ reminder: Reminder, anchor: Date, timeZone: TimeZone) -> Date {
        switch reminder {
        case .at(let date):
            return date
        case .before(let minutes):
            guard minutes % (24 * 60) == 0 else { return anchor.addingTimeInterval(-Double(minutes * 60)) }
            let days = minutes / (24 * 60)
            // The anchor on the user's wall clock, moved back whole days, read again in the zone.
            let wall = LocalDateTime(instant: anchor, in: timeZone)
            let earlier = LocalDateTime(date: wall.date.adding(days: -days), hour: wall.hour, minute: wall.minute, second: wall.second)
            return earlier.instant(in: timeZone)
        }
    }

    /// Refuses reminders that cannot work, naming the field: absolute times in the past ("invalid
    /// date"), negative or absurd offsets, too many.
    public static func check(_ reminders: [Reminder], now: Date?, field: String) throws {
        var issues: [ValidationIssue] = []
        if reminders.count > maximumCount {
            issues.append(ValidationIssue(field: field, code: "\(field).count", message: "At most \(maximumCount) reminders are allowed."))
        }
        for reminder in reminders {
            switch reminder {
            case .before(let minutes) where !(0...maximumMinutesBefore).contains(minutes):
                issues.append(
                    ValidationIssue(
                        field: field, code: "\(field).range", message: "A reminder comes 0 to \(maximumMinutesBefore) minutes before the due time."))
            case .at(let date) where now.map { date <= $0 } ?? false:
                issues.append(
                    ValidationIssue(
                        field: field, code: "\(field).past", message: "Invalid date: the reminder time is in the past; choose a time from now on."))
            default: break
            }
        }
        try ValidationError.check(issues)
    }

    /// "Problem set 4 (MATH 112) is due Monday, September 21 at 11:59 PM."
    static func sentence(_ task: TaskItem, due: EventTime, dueAt: Date, timeZone: TimeZone) -> String {
        var subject = task.displayText ?? task.title
        if let course = task.course { subject += " (\(course))" }
        return "\(subject) is due \(AgendaSummary.spoken(due, dueAt: dueAt, timeZone: timeZone))."
    }

    /// "Chemistry lab (Room 204) starts Monday, November 2 at 9:00 AM."; all-day: "… is on Monday, November 2."
    static func sentence(_ occurrence: EventOccurrence, startsAt: Date, timeZone: TimeZone) -> String {
        var subject = occurrence.event.title
        if let location = occurrence.event.location?.trimmingCharacters(in: .whitespacesAndNewlines), !location.isEmpty {
            subject += " (\(location))"
        }
        guard !occurrence.start.isAllDay else {
            // `spoken` reads a date at its due instant, the end of the day: a second in is the same day.
            return "\(subject) is on \(AgendaSummary.spoken(occurrence.start, dueAt: startsAt.addingTimeInterval(1), timeZone: timeZone))."
        }
        return "\(subject) starts \(AgendaSummary.spoken(occurrence.start, dueAt: startsAt, timeZone: timeZone))."
    }
}
