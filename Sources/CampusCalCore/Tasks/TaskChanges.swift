import CampusCalICalendar
import Foundation

/// The fields of a task a user chooses: on creation (`title` and, for tasks, `priority` required)
/// or as a merge patch (`.unchanged` keeps, `.clear` removes).
public struct TaskChanges: Sendable {
    public var title: String?
    public var course: FieldChange<String>
    public var description: FieldChange<String>
    public var due: FieldChange<EventTime>
    public var estimatedMinutes: FieldChange<Int>
    public var priority: FieldChange<TaskPriority>
    public var status: TaskStatus?
    public var pointsPossible: FieldChange<Double>
    public var grade: FieldChange<TaskGrade>
    public var feedback: FieldChange<String>
    public var displayText: FieldChange<String>
    /// RFC 5545 RRULE text; the task's due time is its first instance.
    public var recurrenceRule: FieldChange<String>
    /// Replaces the task's reminders (an empty list removes them).
    public var reminders: [Reminder]?

    public init(
        title: String? = nil, course: FieldChange<String> = .unchanged, description: FieldChange<String> = .unchanged,
        due: FieldChange<EventTime> = .unchanged, estimatedMinutes: FieldChange<Int> = .unchanged,
        priority: FieldChange<TaskPriority> = .unchanged, status: TaskStatus? = nil, pointsPossible: FieldChange<Double> = .unchanged,
        grade: FieldChange<TaskGrade> = .unchanged, feedback: FieldChange<String> = .unchanged, displayText: FieldChange<String> = .unchanged,
        recurrenceRule: FieldChange<String> = .unchanged, reminders: [Reminder]? = nil
    ) {
        self.title = title
        self.course = course
        self.description = description
        self.due = due
        self.estimatedMinutes = estimatedMinutes
        self.priority = priority
        self.status = status
        self.pointsPossible = pointsPossible
        self.grade = grade
        self.feedback = feedback
        self.displayText = displayText
        self.recurrenceRule = recurrenceRule
        self.reminders = reminders
    }

    public static let maximumTitleLength = 500
    public static let maximumTextLength = 10_000
    /// A week of work; longer estimates are typing mistakes.
    public static let maximumEstimatedMinutes = 10_080

    /// `task` with these changes applied at `now`, or every broken rule.
    ///
    /// - Parameter timeZone: the owner's zone, in which a due *date* ends (it is due by the end of that day).
    public func applied(to task: TaskItem, now: Date, timeZone: TimeZone) throws -> TaskItem {
        var issues: [ValidationIssue] = []
        func issue(_ field: String, _ code: String, _ message: String) {
            issues.append(ValidationIssue(field: field, code: "\(field).\(code)", message: message))
        }
        var task = task
        if let title {
            let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { issue("title", "empty", "A task needs a title.") }
            if title.unicodeScalars.count > Self.maximumTitleLength {
                issue("title", "length", "Title must be at most \(Self.maximumTitleLength) characters long.")
            }
            task.title = trimmed
        }
        for (field, change, keyPath, limit) in [
            ("course", course, \TaskItem.course, 200), ("description", description, \TaskItem.description, Self.maximumTextLength),
            ("feedback", feedback, \TaskItem.feedback, Self.maximumTextLength), ("displayText", displayText, \TaskItem.displayText, 1000),
        ] as [(String, FieldChange<String>, WritableKeyPath<TaskItem, String?>, Int)] {
            switch change {
            case .unchanged: break
            case .clear: task[keyPath: keyPath] = nil
            case .set(let value):
                let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
                if value.unicodeScalars.count > limit { issue(field, "length", "\(field) must be at most \(limit) characters long.") }
                task[keyPath: keyPath] = trimmed.isEmpty ? nil : trimmed
            }
        }
        switch due {
        case .unchanged: break
        case .clear: task.due = nil
        case .set(let value):
            let timeIssues = EventChanges.timeIssues(value, field: "due")
            issues += timeIssues
            if timeIssues.isEmpty, Self.dueEnd(of: value, timeZone: timeZone) <= now {
                issue("due", "past", "The due date \(value.localDateTime) is in the past; choose a time from now on.")
            }
            task.due = value
        }
        switch estimatedMinutes {
        case .unchanged: break
        case .clear: task.estimatedMinutes = nil
        case .set(let minutes):
            if !(1...Self.maximumEstimatedMinutes).contains(minutes) {
                issue("estimatedMinutes", "range", "Estimated time must be between 1 and \(Self.maximumEstimatedMinutes) minutes.")
            }
            task.estimatedMinutes = minutes
        }
        switch priority {
        case .unchanged: break
        case .clear: task.priority = nil
        case .set(let value): task.priority = value
        }
        if task.priority == nil && !task.isAssignment {
            issue("priority", "required", "Choose a priority for this task: high, medium or low.")
        }
        if let status, status != task.status {
            task.status = status
            task.completedAt = status == .completed ? now : nil
        }
        switch pointsPossible {
        case .unchanged: break
        case .clear: task.pointsPossible = nil
        case .set(let points):
            if !(points >= 0 && points <= 100_000) { issue("pointsPossible", "range", "Points possible must be between 0 and 100000.") }
            task.pointsPossible = points
        }
        switch grade {
        case .unchanged: break
        case .clear: task.grade = nil
        case .set(let value):
            if let score = value.score, !(score >= 0 && score <= 100_000) { issue("grade", "score", "A score must be between 0 and 100000.") }
            if let percentage = value.percentage, !(percentage >= 0 && percentage <= 1000) {
                issue("grade", "percentage", "A percentage must be between 0 and 1000.")
            }
            if let letter = value.letter, letter.isEmpty || letter.count > 8 { issue("grade", "letter", "A letter grade has 1 to 8 characters.") }
            task.grade = value
        }
        switch recurrenceRule {
        case .unchanged: break
        case .clear: task.recurrence = nil
        case .set(let text):
            do {
                task.recurrence = try RecurrenceRule(parsing: text)
            } catch {
                issue("recurrenceRule", "invalid", "Recurrence rule '\(text.prefix(120))' is not valid: \(error.message)")
            }
        }
        if let reminders {
            do {
                try Reminders.check(reminders, now: now, field: "reminders")
            } catch let error as ValidationError {
                issues += error.issues
            }
            task.reminders = reminders
        }
        if task.recurrence != nil && task.due == nil {
            issue("recurrenceRule", "needs-due", "A repeating task needs a due date: its first occurrence.")
        }
        try ValidationError.check(issues)
        return task
    }

    /// The instant by which `due` must be done: the time itself, or the end of the day for a date.
    public static func dueEnd(of due: EventTime, timeZone: TimeZone) -> Date {
        if case .date(let date) = due { return EventTime.date(date.adding(days: 1)).instant(viewerTimeZone: timeZone) }
        return due.instant(viewerTimeZone: timeZone)
    }
}
