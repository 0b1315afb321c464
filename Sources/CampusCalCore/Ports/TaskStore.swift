import Foundation

/// Persistent tasks. Every method is atomic.
public protocol TaskStore: Sendable {
    func insert(_ task: TaskItem) async throws
    /// Inserts many tasks in one transaction (an import): all or none.
    func insert(contentsOf tasks: [TaskItem]) async throws
    func task(id: TaskID) async throws -> TaskItem?
    /// Every task of `owner` (a student has hundreds, not millions: lists filter and rank in the core).
    func tasks(ownedBy owner: UserID) async throws -> [TaskItem]
    /// Replaces the task when the stored version is `expectedVersion`; throws `TaskError.versionMismatch` / `.notFound`.
    func update(_ task: TaskItem, expectedVersion: Int) async throws -> TaskItem
    /// Deletes the task when at `expectedVersion`.
    func delete(id: TaskID, expectedVersion: Int) async throws
}
