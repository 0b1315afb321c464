import Foundation

/// One line of the student's own to-do list (SRS 3.2.34): an assignment or task they added, or
/// text they typed, in the order they chose, ticked off or not.
///
/// The list is the student's checklist: ticking a line off does not complete the task it points
/// to (a student may tick "start the essay" long before the essay is done).
public struct TodoEntry: Sendable, Equatable {
    public var id: TodoEntryID
    public var ownerID: UserID
    /// 0-based place in the list.
    public var position: Int
    /// The task or assignment this line stands for; nil for a custom line.
    public var taskID: TaskID?
    /// The line's own words; nil for a task line that shows the task's display text or title.
    public var text: String?
    public var completedAt: Date?
    public var createdAt: Date

    public init(
        id: TodoEntryID, ownerID: UserID, position: Int, taskID: TaskID? = nil, text: String? = nil, completedAt: Date? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.ownerID = ownerID
        self.position = position
        self.taskID = taskID
        self.text = text
        self.completedAt = completedAt
        self.createdAt = createdAt
    }

    public var isCompleted: Bool { completedAt != nil }
}

/// A to-do line's id.
public struct TodoEntryID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static func generate() -> TodoEntryID { TodoEntryID(rawValue: RandomUUID.text()) }
    public var description: String { rawValue }
}

/// What can go wrong with the to-do list.
public enum TodoError: Error, Sendable, Equatable {
    /// No such line in the caller's list.
    case notFound
    /// Next of the last line, or previous of the first.
    case endOfList(atStart: Bool)
}
