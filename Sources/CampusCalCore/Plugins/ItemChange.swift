import CampusCalICalendar
import Foundation

/// Something in a person's calendar that changed, reported after the change was committed: what
/// plugins' event hooks hear about (through the privacy module, which decides what of it each
/// plugin may see).
public struct ItemChange: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case created, updated, deleted, completed
    }

    public enum Item: String, Sendable, Equatable {
        case event, task, assignment

        /// The data category a plugin needs to hear about this kind of item.
        public var category: DataCategory { self == .event ? .events : .tasks }
    }

    public var kind: Kind
    public var item: Item
    /// The item's id (an event's or a task's).
    public var itemID: String
    public var ownerID: UserID
    public var priority: TaskPriority?
    /// For completions: whether it was done by its due time; nil when nothing was due.
    public var onTime: Bool?
    public var at: Date

    public init(
        kind: Kind, item: Item, itemID: String, ownerID: UserID, priority: TaskPriority? = nil, onTime: Bool? = nil, at: Date
    ) {
        self.kind = kind
        self.item = item
        self.itemID = itemID
        self.ownerID = ownerID
        self.priority = priority
        self.onTime = onTime
        self.at = at
    }
}

/// Hears about committed changes. Called on the path of a request, after its write: it must not
/// block or fail (queue the change and return).
public protocol ItemChangeObserver: Sendable {
    func itemChanged(_ change: ItemChange)
}

extension ItemChange {
    /// The change a task's update amounts to: `completed` when it went from open to done.
    public static func ofTask(from old: TaskItem?, to new: TaskItem?, at now: Date, timeZone: TimeZone) -> ItemChange? {
        guard let task = new ?? old else { return nil }
        let item: Item = task.source == .manual ? .task : .assignment
        let kind: Kind
        var onTime: Bool?
        switch (old, new) {
        case (nil, _?): kind = .created
        case (_?, nil): kind = .deleted
        case (let old?, let new?):
            if old.status != .completed, new.status == .completed {
                kind = .completed
                if let due = new.due { onTime = (new.completedAt ?? now) <= due.instant(viewerTimeZone: timeZone).addingTimeInterval(dueGrace(due)) }
            } else {
                kind = .updated
            }
        default: return nil
        }
        return ItemChange(kind: kind, item: item, itemID: task.id.rawValue, ownerID: task.ownerID, priority: task.priority, onTime: onTime, at: now)
    }

    /// A date-only due date is due by the end of that day.
    private static func dueGrace(_ due: EventTime) -> TimeInterval {
        if case .date = due { return 86_400 }
        return 0
    }
}
