import CampusCalCore
import CampusCalICalendar
import Foundation
import Logging

/// A task as the API shows it. Optional fields are always present (null when unknown).
struct TaskRepresentation: Encodable {
    var task: TaskItem
    /// The owner's zone, in which a due date ends.
    var timeZone: TimeZone

    private enum CodingKeys: String, CodingKey {
        case id, kind, title, course, courseId, description, due, dueAt, estimatedMinutes, priority, status, completedAt, source, pointsPossible,
            grade
        case feedback, displayText, recurrenceRule, reminders, removedAt, createdAt, updatedAt, opensAt, cutoffAt, submissionStatus
    }

    private struct Source: Encodable {
        var system: String
        var id: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(system, forKey: .system)
            try container.encode(id, forKey: .id)
        }

        private enum CodingKeys: String, CodingKey { case system, id }
    }

    private struct Grade: Encodable {
        var score: Double?
        var percentage: Double?
        var letter: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(score, forKey: .score)
            try container.encode(percentage, forKey: .percentage)
            try container.encode(letter, forKey: .letter)
        }

        private enum CodingKeys: String, CodingKey { case score, percentage, letter }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(task.id.rawValue, forKey: .id)
        try container.encode(task.isAssignment ? "assignment" : "task", forKey: .kind)
        try container.encode(task.title, forKey: .title)
        try container.encode(task.course, forKey: .course)
        try container.encode(task.courseID?.rawValue, forKey: .courseId)
        try container.encode(task.description, forKey: .description)
        try container.encode(task.due.map(EventTimeJSON.init), forKey: .due)
        try container.encode(task.due.map { TaskChanges.dueEnd(of: $0, timeZone: timeZone) }, forKey: .dueAt)
        try container.encode(task.estimatedMinutes, forKey: .estimatedMinutes)
        try container.encode(task.priority?.rawValue, forKey: .priority)
        try container.encode(task.status.rawValue, forKey: .status)
        try container.encode(task.completedAt, forKey: .completedAt)
        var sourceID: String?
        if case .lms(_, let id) = task.source { sourceID = id }
        try container.encode(Source(system: task.source.name, id: sourceID), forKey: .source)
        try container.encode(task.pointsPossible, forKey: .pointsPossible)
        try container.encode(task.grade.map { Grade(score: $0.score, percentage: $0.percentage, letter: $0.letter) }, forKey: .grade)
        try container.encode(task.feedback, forKey: .feedback)
        try container.encode(task.displayText, forKey: .displayText)
        try container.encode(task.recurrence?.rfc5545, forKey: .recurrenceRule)
        try container.encode(task.reminders.map(NotificationRoutes.ReminderJSON.init), forKey: .reminders)
        try container.encode(task.removedAt, forKey: .removedAt)
        try container.encode(task.createdAt, forKey: .createdAt)
        try container.encode(task.updatedAt, forKey: .updatedAt)
        try container.encode(task.opensAt, forKey: .opensAt)
        try container.encode(task.cutoffAt, forKey: .cutoffAt)
        try container.encode(task.submissionStatus, forKey: .submissionStatus)
    }
}
