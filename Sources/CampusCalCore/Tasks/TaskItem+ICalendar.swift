import CampusCalICalendar
import Foundation

extension TaskItem {
    /// The task as a VTODO (RFC 5545 §3.6.2), for calendar programs and for the person's data export.
    /// Priorities map to iCalendar's scale (high 1, medium 5, low 9); the course becomes a category;
    /// reminders become VALARMs counted back from DUE (`RELATED=END`).
    public var iCalendarTodo: ICalendarTodo {
        let utc = TimeZone(identifier: "UTC") ?? .current
        var todo = ICalendarTodo(uid: resourceUID, summary: title, due: due)
        todo.description = description
        todo.priority = priority?.iCalendarPriority
        todo.status = status == .completed ? "COMPLETED" : "NEEDS-ACTION"
        todo.completed = completedAt.map { .utc(LocalDateTime(instant: $0, in: utc)) }
        if status == .completed { todo.percentComplete = 100 }
        todo.categories = course.map { [$0] } ?? []
        todo.recurrenceRule = recurrence?.rfc5545
        todo.created = .utc(LocalDateTime(instant: createdAt, in: utc))
        todo.lastModified = .utc(LocalDateTime(instant: updatedAt, in: utc))
        todo.alarms = reminders.map { $0.alarm(title: title, ofTodo: true) }
        return todo
    }
}

extension TaskItem {
    /// The task as an event at its due time, for subscription feeds: Google Calendar and
    /// Outlook.com ignore VTODOs in a subscribed calendar, so a student who subscribes there would
    /// never see an assignment. A due date becomes an all-day event on that day; a due time, an
    /// event of no length at that time (shown as a point, not as busy: `TRANSPARENT`). Nil for a
    /// task that is done, removed by its LMS, or has no due date — nothing to show on a day.
    public var dueEvent: ICalendarEvent? {
        guard status == .open, removedAt == nil, let due else { return nil }
        let utc = TimeZone(identifier: "UTC") ?? .current
        let end: EventTime
        if case .date(let day) = due { end = .date(day.adding(days: 1)) } else { end = due }
        var event = ICalendarEvent(uid: "due-" + id.rawValue + "@campuscal", summary: "Due: " + title, start: due, end: end)
        event.description = [course, description].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
        if event.description?.isEmpty == true { event.description = nil }
        event.categories = course.map { [$0] } ?? []
        event.transparency = "TRANSPARENT"
        event.recurrenceRule = recurrence?.rfc5545
        event.created = .utc(LocalDateTime(instant: createdAt, in: utc))
        event.lastModified = .utc(LocalDateTime(instant: updatedAt, in: utc))
        event.sequence = version - 1
        return event
    }
}
