import Foundation

/// Persistent notices: the scheduled ones, every user's inbox, and their notification preferences.
/// Every method is atomic — `fireDue` above all, which is what makes reminders fire exactly once.
public protocol NoticeStore: Sendable {
    /// Plans notices; first withdraws the pending ones whose key starts with `prefix` (when given).
    /// A key that has already fired is not planned again, so re-planning never repeats a reminder.
    func schedule(_ notices: [ScheduledNotice], replacingPendingWithPrefix prefix: String?) async throws
    /// In one transaction: puts every pending notice due at `now` (at most `limit`, earliest first)
    /// into its user's inbox, marks it fired, and queues the email and text deliveries its user's
    /// preferences ask for (`NotificationPreferences.outbound`). Returns the notices made.
    func fireDue(at now: Date, limit: Int) async throws -> [FiredNotice]
    /// When the earliest pending notice is due; nil when none is.
    func nextFireAt() async throws -> Date?
    /// Puts a notice straight into its user's inbox and, in the same transaction, queues its email
    /// and text deliveries as `fireDue` does.
    func add(_ notice: Notice) async throws
    /// In one transaction: a notice for every user, made by `make` from the user's id and time-zone
    /// name, each with the deliveries its user's preferences ask for (as `add`). Returns them.
    func broadcast(at date: Date, _ make: @escaping @Sendable (UserID, String) -> Notice) async throws -> [Notice]
    /// The user's unread notices, newest first.
    func unread(for user: UserID, limit: Int) async throws -> [Notice]
    /// How many notices the user has not read (all of them, not one page).
    func unreadCount(for user: UserID) async throws -> Int
    /// Marks one of the user's notices read; false when the user has no such notice.
    func markRead(_ id: NoticeID, for user: UserID, at date: Date) async throws -> Bool
    /// Claims outbox deliveries due for an attempt at `now`, oldest first: in one transaction, moves
    /// their next attempt `lease` seconds ahead, so that no other sender takes them meanwhile and a
    /// sender that crashes mid-send leaves them to be retried when the lease runs out.
    func claimDeliveries(at now: Date, limit: Int, lease: TimeInterval) async throws -> [NoticeDelivery]
    /// Records a sent delivery: it leaves the outbox.
    func markDelivered(_ id: Int64, at date: Date) async throws
    /// Records a failed attempt: tried again at `retryAt`, or never when it is nil (given up).
    func markDeliveryFailed(_ id: Int64, error: String, retryAt: Date?, at date: Date) async throws
    /// How many deliveries wait in the outbox (for metrics and tests).
    func outboxDepth() async throws -> Int
    /// Deletes schedule rows fired before `firedBefore`, notices read before `readBefore`, and
    /// deliveries sent or abandoned before `deliveriesFinishedBefore`; returns the rows deleted.
    func purge(firedBefore: Date, readBefore: Date, deliveriesFinishedBefore: Date) async throws -> Int
    func preferences(for user: UserID) async throws -> NotificationPreferences
    func setPreferences(_ preferences: NotificationPreferences, for user: UserID) async throws
}

/// A way of telling a user about a notice besides the inbox: their open apps (live), email, text.
public protocol NoticeChannel: Sendable {
    /// Delivers, if `preferences` ask for this channel. Failures are the channel's to log and retry:
    /// the notice is already safe in the inbox.
    func deliver(_ notice: Notice, preferences: NotificationPreferences) async
}
