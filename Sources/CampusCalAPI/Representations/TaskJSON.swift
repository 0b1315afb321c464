import CampusCalCore
import CampusCalICalendar
import Foundation

/// Writes tasks as JSON by hand (`JSONBytes`): byte for byte what `APIJSON.encoder` writes for
/// `TaskRepresentation` and the lists around it (`TaskRoutes.TaskList`, `TaskRoutes.DayView`,
/// `TodoRoutes.ListRepresentation`), which a test holds it to.
///
/// Why: the task list, the day's tasks and the to-do list are a third of a student's requests at
/// the campus peak, each tens of tasks of 24 keys; through `JSONEncoder` they were the largest
/// single cost of the server (issue #11).
enum TaskJSON {
    /// `{"completedAt":…,"course":…,…,"updatedAt":…}`: every key, null when unknown.
    static func task(_ task: TaskItem, timeZone: TimeZone, into json: inout JSONBytes) {
        json.raw("{\"completedAt\":")
        json.optional(task.completedAt)
        json.raw(",\"course\":")
        json.optional(task.course)
        json.raw(",\"courseId\":")
        json.optional(task.courseID?.rawValue)
        json.raw(",\"createdAt\":")
        json.date(task.createdAt)
        json.raw(",\"cutoffAt\":")
        json.optional(task.cutoffAt)
        json.raw(",\"description\":")
        json.optional(task.description)
        json.raw(",\"displayText\":")
        json.optional(task.displayText)
        json.raw(",\"due\":")
        json.optional(task.due)
        json.raw(",\"dueAt\":")
        json.optional(task.due.map { TaskChanges.dueEnd(of: $0, timeZone: timeZone) })
        json.raw(",\"estimatedMinutes\":")
        json.optional(task.estimatedMinutes)
        json.raw(",\"feedback\":")
        json.optional(task.feedback)
        json.raw(",\"grade\":")
        if let grade = task.grade {
            json.raw("{\"letter\":")
            json.optional(grade.letter)
            json.raw(",\"percentage\":")
            json.optional(grade.percentage)
            json.raw(",\"score\":")
            json.optional(grade.score)
            json.raw("}")
        } else {
            json.raw("null")
        }
        json.raw(",\"id\":")
        json.string(task.id.rawValue)
        json.raw(",\"kind\":")
        json.raw(task.isAssignment ? "\"assignment\"" : "\"task\"")
        json.raw(",\"opensAt\":")
        json.optional(task.opensAt)
        json.raw(",\"pointsPossible\":")
        json.optional(task.pointsPossible)
        json.raw(",\"priority\":")
        json.optional(task.priority?.rawValue)
        json.raw(",\"recurrenceRule\":")
        json.optional(task.recurrence?.rfc5545)
        json.raw(",\"reminders\":[")
        for (index, reminder) in task.reminders.enumerated() {
            if index > 0 { json.raw(",") }
            switch reminder {
            case .before(let minutes):
                json.raw("{\"minutesBefore\":")
                json.int(minutes)
            case .at(let date):
                json.raw("{\"at\":")
                json.date(date)
            }
            json.raw("}")
        }
        json.raw("],\"removedAt\":")
        json.optional(task.removedAt)
        json.raw(",\"source\":{\"id\":")
        if case .lms(_, let id) = task.source { json.string(id) } else { json.raw("null") }
        json.raw(",\"system\":")
        json.string(task.source.name)
        json.raw("},\"status\":")
        json.string(task.status.rawValue)
        json.raw(",\"submissionStatus\":")
        json.optional(task.submissionStatus)
        json.raw(",\"title\":")
        json.string(task.title)
        json.raw(",\"updatedAt\":")
        json.date(task.updatedAt)
        json.raw("}")
    }

    /// One task: the body of `GET`, `POST` and `PATCH` on a task.
    static func task(_ task: TaskItem, timeZone: TimeZone) -> [UInt8] {
        var json = JSONBytes(capacity: 768)
        Self.task(task, timeZone: timeZone, into: &json)
        return json.bytes
    }

    /// `{"count":N,"items":[…]}`: `GET /api/v1/tasks`.
    static func list(_ tasks: [TaskItem], timeZone: TimeZone) -> [UInt8] {
        var json = JSONBytes(capacity: tasks.count * 720 + 32)
        json.raw("{\"count\":")
        json.int(tasks.count)
        json.raw(",\"items\":[")
        for (index, task) in tasks.enumerated() {
            if index > 0 { json.raw(",") }
            Self.task(task, timeZone: timeZone, into: &json)
        }
        json.raw("]}")
        return json.bytes
    }

    /// `{"date":…,"items":[{"due":…,"dueAt":…,"task":…}],"message":…,"nothingDue":…}`: `GET /api/v1/tasks/day/{date}`.
    static func day(_ date: LocalDate, _ due: [TaskService.Due], message: String, timeZone: TimeZone) -> [UInt8] {
        var json = JSONBytes(capacity: due.count * 800 + 128)
        json.raw("{\"date\":\"")
        json.digits(date)
        json.raw("\",\"items\":[")
        for (index, item) in due.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{\"due\":")
            json.time(item.due)
            json.raw(",\"dueAt\":")
            json.date(item.dueAt)
            json.raw(",\"task\":")
            task(item.task, timeZone: timeZone, into: &json)
            json.raw("}")
        }
        json.raw("],\"message\":")
        json.string(message)
        json.raw(",\"nothingDue\":")
        json.bool(due.isEmpty)
        json.raw("}")
        return json.bytes
    }

    /// `{"count":N,"items":[{"completed":…,…,"text":…}]}`: `GET /api/v1/todo`.
    static func todo(_ lines: [TodoListService.Line], timeZone: TimeZone) -> [UInt8] {
        var json = JSONBytes(capacity: lines.count * 900 + 32)
        json.raw("{\"count\":")
        json.int(lines.count)
        json.raw(",\"items\":[")
        for (index, line) in lines.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{\"completed\":")
            json.bool(line.entry.isCompleted)
            json.raw(",\"completedAt\":")
            json.optional(line.entry.completedAt)
            json.raw(",\"createdAt\":")
            json.date(line.entry.createdAt)
            json.raw(",\"id\":")
            json.string(line.entry.id.rawValue)
            json.raw(",\"position\":")
            json.int(line.entry.position)
            json.raw(",\"task\":")
            if let linked = line.task { task(linked, timeZone: timeZone, into: &json) } else { json.raw("null") }
            json.raw(",\"taskId\":")
            json.optional(line.entry.taskID?.rawValue)
            json.raw(",\"text\":")
            json.string(line.text)
            json.raw("}")
        }
        json.raw("]}")
        return json.bytes
    }
}
