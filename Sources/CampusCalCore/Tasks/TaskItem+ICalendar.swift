import CampusCalICalendar
import Foundation

extension TaskItem {
    /// The task as a VTODO (RFC 5545 §3.6.2), for calendar programs and for the person's data export.
    /// Priorities map to iCalendar's scale (high 1, medium 5, low 9); the course becomes a category;
    /// reminders become VALARMs.
    public var iCalendarTodo: ICalendarTodo {
        let utc = TimeZone(identifier: "UTC") ?? .current
        var todo = ICalendarTodo(uid: id.rawValue + "@campuscal", summary: title, due: due)
        todo.description = description
        todo.priority = priority.map {
            switch $0 {
            case .high: 1
            case .medium: 5
            case .low: 9
            }
        }
        todo.status = status == .completed ? "COMPLETED" : "NEEDS-ACTION"
        todo.completed = completedAt.map { .utc(LocalDateTime(instant: $0, in: utc)) }
        if status == .completed { todo.percentComplete = 100 }
        todo.categories = course.map { [$0] } ?? []
        todo.recurrenceRule = recurrence?.rfc5545
        todo.created = .utc(LocalDateTime(instant: createdAt, in: utc))
        todo.lastModified = .utc(LocalDateTime(instant: updatedAt, in: utc))
        todo.alarms = reminders.map { $0.alarm(title: title) }
        return todo
    }
}
