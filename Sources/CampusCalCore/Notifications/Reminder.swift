import Foundation

/// When to remind about a task or event: some time before it is due, or at a fixed instant.
public enum Reminder: Sendable, Equatable, Hashable {
    /// Minutes before the due time. Whole days are counted on the wall clock of the user's zone
    /// (a reminder "1 day before" a 09:00 deadline comes at 09:00 the day before, across DST too);
    /// other offsets are exact.
    case before(minutes: Int)
    /// At this instant ("start working on this" alarms).
    case at(Date)
}
