import Foundation

/// One message to a user in their in-app inbox (and, by their preferences, by email, text or to
/// their devices): a reminder, a grade, an invitation, a share, a maintenance notice…
///
/// Called `Notice` so that it never shadows `Foundation.Notification`.
public struct Notice: Sendable, Equatable {
    public var id: NoticeID
    public var userID: UserID
    public var kind: NoticeKind
    public var title: String
    public var body: String
    /// Where the client should take the user (an API path such as `/api/v1/tasks/…`).
    public var link: String?
    public var createdAt: Date
    /// When the user marked it read; nil while it is in the unread list.
    public var readAt: Date?

    public init(
        id: NoticeID, userID: UserID, kind: NoticeKind, title: String, body: String, link: String? = nil, createdAt: Date, readAt: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.title = title
        self.body = body
        self.link = link
        self.createdAt = createdAt
        self.readAt = readAt
    }
}

public struct NoticeID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static func generate() -> NoticeID { NoticeID(rawValue: RandomUUID.text()) }
    public var description: String { rawValue }
}

/// What a notice is about; clients pick icons and users filter by it.
public enum NoticeKind: String, Sendable, CaseIterable {
    case reminder, grade, feedback, invitation, share, announcement, maintenance
    /// Assignments changed in the LMS (a moved due date), or the LMS connection needs the student.
    case assignment
    /// Sent by a plugin with the `notify` permission (task-rewards: a new level).
    case plugin
}

/// A notice to be put in a user's inbox at `fireAt` — a reminder, typically.
///
/// `key` names what it is for (`task:<id>:<due instant>:<offset>`), so planning the same reminder
/// twice stores it once, and changing a task can withdraw exactly its pending reminders.
public struct ScheduledNotice: Sendable, Equatable {
    public var key: String
    public var userID: UserID
    public var fireAt: Date
    public var kind: NoticeKind
    public var title: String
    public var body: String
    public var link: String?

    public init(key: String, userID: UserID, fireAt: Date, kind: NoticeKind, title: String, body: String, link: String? = nil) {
        self.key = key
        self.userID = userID
        self.fireAt = fireAt
        self.kind = kind
        self.title = title
        self.body = body
        self.link = link
    }
}
