import Foundation

/// The reminders one item (a task or an event) should have pending: every pending notice whose key
/// starts with `prefix` gives way to `notices` (none, for an item deleted, completed or cancelled).
///
/// Stores take a plan beside the item it belongs to and write both in one transaction: a crash
/// between the two would leave an event without its reminder, or a reminder of a deleted task
/// that still fires (issue #11's crash test caught the first).
public struct ReminderPlan: Sendable, Equatable {
    public var prefix: String
    public var notices: [ScheduledNotice]

    public init(prefix: String, notices: [ScheduledNotice]) {
        self.prefix = prefix
        self.notices = notices
    }
}
