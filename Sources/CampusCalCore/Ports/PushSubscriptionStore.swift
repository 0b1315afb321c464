import Foundation

/// Where Web Push subscriptions are kept (issue #30). One row per endpoint: a browser that
/// subscribes again (new keys after its storage was cleared) replaces its row.
public protocol PushSubscriptionStore: Sendable {
    /// Stores `subscription`, or updates the keys of the row with the same endpoint.
    /// - Parameter limit: the most rows one person may hold, checked in the same transaction as the
    ///   insert, so that requests racing each other cannot pass it together.
    /// - Returns: the stored subscription (the existing id when the endpoint was known) and whether it is new.
    /// - Throws: `PushSubscriptionError.tooMany` when a new row would pass `limit`.
    func upsert(_ subscription: PushSubscription, limit: Int) async throws -> (subscription: PushSubscription, created: Bool)
    func subscriptions(of user: UserID) async throws -> [PushSubscription]
    /// Deletes the person's subscription; false when they have none with this id.
    func delete(id: String, of user: UserID) async throws -> Bool
    /// Deletes every subscription at `endpoint`: its push service said the browser is gone (404, 410).
    func delete(endpoint: String) async throws
    func markDelivered(id: String, at date: Date) async throws
}
