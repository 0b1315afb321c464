import CampusCalICalendar
import Foundation

/// Between reminders and iCalendar VALARMs, so that alarms set in another calendar program come
/// along on import and ours go out on export.
extension Reminder {
    /// The alarm actions that remind a person (PROCEDURE and unknown ones do not).
    static let remindingActions: Set<String> = ["DISPLAY", "AUDIO", "EMAIL"]

    /// The reminder a VALARM asks for, or nil when it cannot be one of ours: an action that does
    /// not remind, a trigger after the start or relative to the end, an offset over a year, or an
    /// absolute time not after `now` (a past alarm is dropped rather than failing the import).
    ///
    /// `ofTodo`: a VTODO's alarm, whose reminders count back from the due time — RFC 5545 relates
    /// such a trigger to the END (DUE); one related to the start is taken the same way, as this
    /// server wrote them before and as apps write them for a task without DTSTART.
    init?(importing alarm: ICalendarAlarm, now: Date?, ofTodo: Bool = false) {
        guard Self.remindingActions.contains(alarm.action) else { return nil }
        switch alarm.trigger {
        case .relative(let duration, let relativeToEnd) where duration.totalSeconds <= 0 && (!relativeToEnd || ofTodo):
            // Seconds round up to the whole minute before, so the reminder is never later than asked.
            let minutes = (-duration.totalSeconds + 59) / 60
            guard minutes <= Reminders.maximumMinutesBefore else { return nil }
            self = .before(minutes: minutes)
        case .absolute(let time):
            let instant = EventTime.utc(time).instant(viewerTimeZone: .utc)
            if let now, instant <= now { return nil }
            self = .at(instant)
        default:
            return nil
        }
    }

    /// The reminders of a VEVENT's alarms, in file order, without repeats, at most
    /// `Reminders.maximumCount`; nil when it has no alarms at all, so that importing a file without
    /// any (an LMS feed) keeps reminders the student set here.
    static func importing(_ alarms: [ICalendarAlarm], now: Date?, ofTodo: Bool = false) -> [Reminder]? {
        guard !alarms.isEmpty else { return nil }
        var reminders: [Reminder] = []
        for reminder in alarms.compactMap({ Reminder(importing: $0, now: now, ofTodo: ofTodo) }) where !reminders.contains(reminder) {
            reminders.append(reminder)
        }
        return Array(reminders.prefix(Reminders.maximumCount))
    }

    /// The VALARM for this reminder: a DISPLAY alarm describing it with `title`. Whole days are
    /// written as days (`-P1D`), which iCalendar, like us, counts on the wall clock. `ofTodo`: a
    /// task's, counted back from its due time, so related to the VTODO's END (DUE, RFC 5545 §3.8.6.3).
    func alarm(title: String, ofTodo: Bool = false) -> ICalendarAlarm {
        let trigger: ICalendarAlarm.Trigger
        switch self {
        case .before(let minutes) where minutes > 0 && minutes % (24 * 60) == 0:
            trigger = .relative(ICalendarDuration(isNegative: true, days: minutes / (24 * 60)), relativeToEnd: ofTodo)
        case .before(let minutes):
            trigger = .relative(ICalendarDuration(isNegative: minutes > 0, minutes: minutes), relativeToEnd: ofTodo)
        case .at(let date):
            trigger = .absolute(LocalDateTime(instant: date, in: .utc))
        }
        return ICalendarAlarm(action: "DISPLAY", trigger: trigger, description: title)
    }
}
