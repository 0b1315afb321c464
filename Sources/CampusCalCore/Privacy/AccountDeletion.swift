import Foundation

/// The record that an account was deleted (kept after the account and its data are gone, so the
/// university can show when and at whose request). It holds no identifier but the internal user id.
public struct AccountDeletion: Sendable, Equatable {
    public var id: String
    public var userID: UserID
    /// The administrator who deleted it; nil when the person deleted their own account.
    public var requestedBy: UserID?
    public var deletedAt: Date
    /// What went, by kind (`events`, `tasks`, …), and what was handed on (`groupsHandedOver`).
    public var counts: [String: Int]

    public init(id: String, userID: UserID, requestedBy: UserID?, deletedAt: Date, counts: [String: Int]) {
        self.id = id
        self.userID = userID
        self.requestedBy = requestedBy
        self.deletedAt = deletedAt
        self.counts = counts
    }
}
