/// How far a calendar is shared with someone; each level includes the ones before it.
public enum ShareLevel: String, Sendable, CaseIterable, Comparable {
    /// When the calendar is busy, nothing about what.
    case freeBusy = "free-busy"
    /// Every event with its details.
    case read
    /// Create, change and delete events (and import into the calendar).
    case write
    /// Rename the calendar and share it on (re-share), change and withdraw its shares.
    case manage

    public static func < (lhs: ShareLevel, rhs: ShareLevel) -> Bool { CalendarAccessLevel(lhs) < CalendarAccessLevel(rhs) }
}

/// How a user stands with a calendar: one of the share levels, or its owner. Through a direct
/// share, a share with one of their groups, or membership of the group the calendar belongs to —
/// the highest of them counts.
public enum CalendarAccessLevel: Int, Sendable, CaseIterable, Comparable {
    case freeBusy, read, write, manage, owner

    public init(_ level: ShareLevel) {
        switch level {
        case .freeBusy: self = .freeBusy
        case .read: self = .read
        case .write: self = .write
        case .manage: self = .manage
        }
    }

    /// As the API names it: the share level's name, or `owner`.
    public var name: String {
        switch self {
        case .freeBusy: "free-busy"
        case .read: "read"
        case .write: "write"
        case .manage: "manage"
        case .owner: "owner"
        }
    }

    public static func < (lhs: CalendarAccessLevel, rhs: CalendarAccessLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A calendar with how the caller stands with it: what the calendar list and the agenda hand out.
public struct AccessibleCalendar: Sendable, Equatable {
    public var calendar: CalendarCollection
    public var access: CalendarAccessLevel

    public init(calendar: CalendarCollection, access: CalendarAccessLevel) {
        self.calendar = calendar
        self.access = access
    }
}
