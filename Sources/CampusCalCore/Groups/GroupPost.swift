import Foundation

/// What a group holds: announcements, chat messages and links, one shape for all three.
public enum GroupPostKind: String, Sendable {
    case announcement, message, link
}

/// An announcement (title + body), a chat message (body) or a link (title + url) in a group.
public struct GroupPost: Sendable, Equatable {
    public var id: GroupItemID
    public var groupID: GroupID
    public var kind: GroupPostKind
    public var authorID: UserID
    /// Announcements' and links' title; nil for messages.
    public var title: String?
    /// Announcements' and messages' text; nil for links.
    public var body: String?
    /// Links' http(s) URL; nil otherwise.
    public var url: String?
    public var createdAt: Date
    /// Increasing with each post on the server: the order of a group's chat, and its page cursor.
    public var sequence: Int64
    /// The author's username, read with the post.
    public var authorUsername: String

    public init(
        id: GroupItemID, groupID: GroupID, kind: GroupPostKind, authorID: UserID, title: String? = nil, body: String? = nil,
        url: String? = nil, createdAt: Date, sequence: Int64 = 0, authorUsername: String = ""
    ) {
        self.id = id
        self.groupID = groupID
        self.kind = kind
        self.authorID = authorID
        self.title = title
        self.body = body
        self.url = url
        self.createdAt = createdAt
        self.sequence = sequence
        self.authorUsername = authorUsername
    }
}
