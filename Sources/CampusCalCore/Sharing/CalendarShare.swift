import Foundation

/// A share's id: a random UUID.
public struct ShareID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static func generate() -> ShareID { ShareID(rawValue: RandomUUID.text()) }
    public var description: String { rawValue }
}

/// Whom a calendar is shared with: one user, or every member of a group (members who join later
/// included, members who leave losing it at once).
public enum ShareRecipient: Sendable, Hashable {
    case user(UserID)
    case group(GroupID)
}

/// One calendar shared with one user or group at one level (SRS 3.2.21). At most one share per
/// calendar and recipient: sharing again changes the level.
public struct CalendarShare: Sendable, Equatable {
    public var id: ShareID
    public var calendarID: CalendarID
    public var recipient: ShareRecipient
    public var level: ShareLevel
    /// Who shared it: the owner, or someone the calendar is shared with at `manage`.
    public var sharedByID: UserID
    public var createdAt: Date
    public var updatedAt: Date
    /// The recipient's username or the group's name, read with the share (for lists).
    public var recipientName: String

    public init(
        id: ShareID, calendarID: CalendarID, recipient: ShareRecipient, level: ShareLevel, sharedByID: UserID, createdAt: Date, updatedAt: Date,
        recipientName: String = ""
    ) {
        self.id = id
        self.calendarID = calendarID
        self.recipient = recipient
        self.level = level
        self.sharedByID = sharedByID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.recipientName = recipientName
    }
}

/// The changes made to one shared calendar in one batching window, per person who made them.
public struct CalendarChangeBatch: Sendable, Equatable {
    public var calendarID: CalendarID
    /// How many changes each person made, most first.
    public var changesByActor: [(actor: UserID, count: Int)]

    public init(calendarID: CalendarID, changesByActor: [(actor: UserID, count: Int)]) {
        self.calendarID = calendarID
        self.changesByActor = changesByActor
    }

    public static func == (lhs: CalendarChangeBatch, rhs: CalendarChangeBatch) -> Bool {
        lhs.calendarID == rhs.calendarID && lhs.changesByActor.map(\.actor) == rhs.changesByActor.map(\.actor)
            && lhs.changesByActor.map(\.count) == rhs.changesByActor.map(\.count)
    }
}
