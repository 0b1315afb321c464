import Foundation

/// Persistent tasks. Every method is atomic; single-task writes take the task's reminder plan and
/// write it in the same transaction (nil: leave the pending reminders as they are).
public protocol TaskStore: Sendable {
    func insert(_ task: TaskItem, reminders: ReminderPlan?) async throws
    /// Inserts many tasks in one transaction (an import): all or none.
    func insert(contentsOf tasks: [TaskItem]) async throws
    func task(id: TaskID) async throws -> TaskItem?
    /// Every task of `owner` (a student has hundreds, not millions: lists filter and rank in the core).
    func tasks(ownedBy owner: UserID) async throws -> [TaskItem]
    /// The tasks of `owner` that `selection` names (see `TaskSelection`), in no particular order.
    func tasks(ownedBy owner: UserID, _ selection: TaskSelection) async throws -> [TaskItem]
    /// Replaces the task when the stored version is `expectedVersion`; throws `TaskError.versionMismatch` / `.notFound`.
    func update(_ task: TaskItem, expectedVersion: Int, reminders: ReminderPlan?) async throws -> TaskItem
    /// Deletes the task when at `expectedVersion`.
    func delete(id: TaskID, expectedVersion: Int, reminders: ReminderPlan?) async throws
}

/// The same writes with no reminders to plan.
extension TaskStore {
    public func insert(_ task: TaskItem) async throws { try await insert(task, reminders: nil) }

    public func update(_ task: TaskItem, expectedVersion: Int) async throws -> TaskItem {
        try await update(task, expectedVersion: expectedVersion, reminders: nil)
    }

    public func delete(id: TaskID, expectedVersion: Int) async throws { try await delete(id: id, expectedVersion: expectedVersion, reminders: nil) }
}
