import CampusCalICalendar
import Foundation

extension TaskPriority {
    /// iCalendar's PRIORITY for it (RFC 5545 §3.8.1.9): 1 high, 5 medium, 9 low — the middle of
    /// each third of the scale, as Apple Reminders, Thunderbird and DAVx5's task apps write them.
    public var iCalendarPriority: Int {
        switch self {
        case .high: 1
        case .medium: 5
        case .low: 9
        }
    }

    /// The priority an iCalendar PRIORITY means: 1–4 high, 5 medium, 6–9 low (RFC 5545's three
    /// levels); 0 and anything out of range mean "none given".
    public init?(iCalendarPriority value: Int?) {
        guard let value else { return nil }
        switch value {
        case 1...4: self = .high
        case 5: self = .medium
        case 6...9: self = .low
        default: return nil
        }
    }
}

extension TaskChanges {
    /// The changes a VTODO from a calendar or task program asks of `current` (nil: a new task), as
    /// a CalDAV PUT brings them: only what differs, so that putting back what was read changes
    /// nothing (and an overdue task can still be ticked off: an unchanged past due date is not
    /// "a due date in the past").
    ///
    /// - A missing PRIORITY keeps the task's (a new task gets medium: every task needs one).
    /// - COMPLETED status, a COMPLETED time or PERCENT-COMPLETE 100 complete it; anything else but
    ///   CANCELLED (which we cannot represent, so it changes nothing) reopens it.
    /// - The first CATEGORY is the course; VALARMs are the reminders (none: no reminders).
    /// - An assignment's title, course, description and due date are its LMS's: a VTODO that
    ///   changes one is refused with a sentence saying where to change it; the student's own fields
    ///   (priority, completion, reminders) are theirs to change.
    ///
    /// - Throws: `ValidationError` naming each LMS-owned field the VTODO changes.
    public init(importing todo: ICalendarTodo, current: TaskItem?, now: Date, timeZone: TimeZone) throws {
        self.init()
        let title = (todo.summary ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let course = todo.categories.first.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        let description = todo.description.flatMap { text in
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }
        var due = todo.due
        if due == nil, let start = todo.start, let duration = todo.duration {
            due = EventService.shifted(start, by: duration.totalSeconds)
        }
        let owned = current?.isAssignment == true
        var refused: [ValidationIssue] = []
        func refuse(_ field: String, _ what: String) {
            let system = current.map { LMSKind(rawValue: $0.source.name)?.displayName ?? $0.source.name } ?? "its LMS"
            refused.append(
                ValidationIssue(
                    field: field, code: "\(field).lms-owned",
                    message:
                        "The \(what) of this assignment comes from \(system); change it there (here you may change its priority, completion and reminders)."
                ))
        }

        let titleText = title.isEmpty ? (current?.title ?? "Untitled task") : title
        if titleText != current?.title {
            if owned { refuse("title", "title") } else { self.title = titleText }
        }
        if course != current?.course {
            if owned { refuse("course", "course") } else { self.course = course.map(FieldChange.set) ?? .clear }
        }
        if description != current?.description?.trimmingCharacters(in: .whitespacesAndNewlines) {
            if owned { refuse("description", "description") } else { self.description = description.map(FieldChange.set) ?? .clear }
        }
        // Compared as instants: a program may write back a zoned due time as UTC, which is no change.
        let dueChanged =
            switch (due, current?.due) {
            case (nil, nil): false
            case (let new?, let old?): TaskChanges.dueEnd(of: new, timeZone: timeZone) != TaskChanges.dueEnd(of: old, timeZone: timeZone)
            default: true
            }
        if dueChanged {
            if owned { refuse("due", "due date") } else { self.due = due.map(FieldChange.set) ?? .clear }
        }
        try ValidationError.check(refused)

        if let priority = TaskPriority(iCalendarPriority: todo.priority) {
            if priority != current?.priority { self.priority = .set(priority) }
        } else if current == nil {
            priority = .set(.medium)
        }
        let status = todo.status?.uppercased()
        if status != "CANCELLED" {
            let completed = status == "COMPLETED" || todo.completed != nil || todo.percentComplete == 100
            let wanted: TaskStatus = completed ? .completed : .open
            if wanted != (current?.status ?? .open) { self.status = wanted }
        }
        if todo.recurrenceRule != current?.recurrence?.rfc5545 { recurrenceRule = todo.recurrenceRule.map(FieldChange.set) ?? .clear }
        let reminders = Reminder.importing(todo.alarms, now: now, ofTodo: true) ?? []
        if reminders != (current?.reminders ?? []) { self.reminders = reminders }
    }
}
