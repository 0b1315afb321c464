import Foundation

/// The writes one sync makes, computed by `LMSSyncPlanner` before anything is written.
public struct LMSSyncPlan: Sendable {
    public var insertTasks: [TaskItem] = []
    /// Each with the version it replaces (optimistic: a student's edit meanwhile wins; the next sync retries).
    public var updateTasks: [(task: TaskItem, expectedVersion: Int)] = []
    public var insertEvents: [CalendarEvent] = []
    public var replaceEvents: [CalendarEvent] = []
    public var deleteEvents: [EventID] = []
    /// Assignments whose due date moved (for the "due date changed" notice), old → new.
    public var dueChanges: [(old: TaskItem, new: TaskItem)] = []
    /// Assignments whose grade or feedback changed (for grade notices), old → new.
    public var gradeChanges: [(old: TaskItem?, new: TaskItem)] = []
    public var unchanged = 0
    public var removed = 0

    public init() {}

    /// True when the sync writes nothing.
    public var isEmpty: Bool { insertTasks.isEmpty && updateTasks.isEmpty && insertEvents.isEmpty && replaceEvents.isEmpty && deleteEvents.isEmpty }
}
