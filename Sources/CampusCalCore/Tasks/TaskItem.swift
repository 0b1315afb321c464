import CampusCalICalendar
import Foundation

/// A task or an assignment (SRS 3.2.4, 3.2.17, 3.2.33–3.2.35): something a student has to do,
/// usually by a due time, VTODO-like.
///
/// Named `TaskItem` so that it never shadows Swift's `Task`.
public struct TaskItem: Sendable, Equatable {
    public var id: TaskID
    public var ownerID: UserID
    public var title: String
    /// The class or course it belongs to, e.g. "CS 235".
    public var course: String?
    /// The shared course record it belongs to (`GET /api/v1/courses`): set by the LMS sync from the
    /// course the LMS files the assignment under, so tasks, events and class lists name one course.
    public var courseID: CourseID?
    public var description: String?
    /// When it is due: a date-time, or a date (due that day); nil when it has no due date.
    public var due: EventTime?
    public var estimatedMinutes: Int?
    public var priority: TaskPriority?
    public var status: TaskStatus
    /// When it was completed; nil while open.
    public var completedAt: Date?
    public var source: TaskSource
    public var pointsPossible: Double?
    public var grade: TaskGrade?
    public var feedback: String?
    /// What the to-do list shows instead of the title, when the student wrote their own.
    public var displayText: String?
    /// How it repeats (e.g. a weekly reading response); its occurrences are due at each instance.
    public var recurrence: RecurrenceRule?
    /// When to remind the owner (each occurrence, for a repeating task).
    public var reminders: [Reminder]
    /// When the LMS stopped listing it (after a complete sync); nil while it is there. Removed
    /// assignments leave the student's lists but are kept, with their grade and the student's notes.
    public var removedAt: Date?
    /// When the LMS starts taking submissions (Moodle `allowsubmissionsfromdate`); nil: from the start.
    public var opensAt: Date?
    /// After this the LMS takes no submission, not even a late one (Moodle `cutoffdate`); nil: none.
    public var cutoffAt: Date?
    /// Where the student's submission stands in the LMS (Moodle: `new`, `draft`, `submitted`,
    /// `reopened`); nil when the LMS does not say.
    public var submissionStatus: String?
    public var createdAt: Date
    public var updatedAt: Date
    /// Incremented on every change; the API's `ETag`.
    public var version: Int
    /// The VTODO UID a CalDAV client gave it when it made the task there; nil for every other task,
    /// whose UID is `<id>@campuscal` (`resourceUID`).
    public var uid: String?

    public init(
        id: TaskID, ownerID: UserID, title: String, course: String? = nil, description: String? = nil, due: EventTime? = nil,
        estimatedMinutes: Int? = nil, priority: TaskPriority? = nil, status: TaskStatus = .open, completedAt: Date? = nil,
        source: TaskSource = .manual, pointsPossible: Double? = nil, grade: TaskGrade? = nil, feedback: String? = nil,
        displayText: String? = nil, recurrence: RecurrenceRule? = nil, reminders: [Reminder] = [], removedAt: Date? = nil, createdAt: Date,
        updatedAt: Date, version: Int = 1, opensAt: Date? = nil, cutoffAt: Date? = nil, submissionStatus: String? = nil,
        courseID: CourseID? = nil, uid: String? = nil
    ) {
        self.uid = uid
        self.courseID = courseID
        self.opensAt = opensAt
        self.cutoffAt = cutoffAt
        self.submissionStatus = submissionStatus
        self.removedAt = removedAt
        self.id = id
        self.ownerID = ownerID
        self.title = title
        self.course = course
        self.description = description
        self.due = due
        self.estimatedMinutes = estimatedMinutes
        self.priority = priority
        self.status = status
        self.completedAt = completedAt
        self.source = source
        self.pointsPossible = pointsPossible
        self.grade = grade
        self.feedback = feedback
        self.displayText = displayText
        self.recurrence = recurrence
        self.reminders = reminders
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    /// True for items that came from a learning-management system (assignments).
    public var isAssignment: Bool { source != .manual }

    /// Its UID as a VTODO, which names its CalDAV resource: the client's, or one made from its id.
    public var resourceUID: String { uid ?? Self.generatedUID(id) }

    /// The UID of a task no client named: `<id>@campuscal`, as REST-made events are named.
    public static func generatedUID(_ id: TaskID) -> String { id.rawValue + "@campuscal" }
}
