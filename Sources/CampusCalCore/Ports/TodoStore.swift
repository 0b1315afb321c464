import Foundation

/// A user's persistent to-do list. Every method is atomic.
public protocol TodoStore: Sendable {
    /// The owner's lines in list order.
    func entries(ownedBy owner: UserID) async throws -> [TodoEntry]
    /// Replaces the owner's whole list (lines, order, states) in one transaction; lists are short,
    /// and a reorder touches every position after the moved line anyway.
    func replaceEntries(of owner: UserID, with entries: [TodoEntry]) async throws
}
