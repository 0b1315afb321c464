import Foundation

/// A study group (SRS 3.2.31): private — nobody joins without an invitation or an accepted
/// request —, owned by the user who created it until they hand it over.
public struct Group: Sendable, Equatable {
    public var id: GroupID
    public var name: String
    public var description: String?
    public var ownerID: UserID
    public var createdAt: Date
    public var updatedAt: Date
    /// Incremented on every change of the group's own fields or owner; the API's `ETag`.
    public var version: Int

    public init(
        id: GroupID, name: String, description: String? = nil, ownerID: UserID, createdAt: Date, updatedAt: Date, version: Int = 1
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.ownerID = ownerID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    public static let maximumNameLength = 200
    public static let maximumDescriptionLength = 2000
    /// What a group with no announcements, messages or links says (SRS 4.2.31).
    public static let emptyStateMessage = "No group work!"
}

/// A group's id: a random UUID, so ids reveal nothing about other groups.
public struct GroupID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static func generate() -> GroupID { GroupID(rawValue: UUID().uuidString.lowercased()) }
    public var description: String { rawValue }
}

/// The id of something inside a group: an invitation, a join request, an announcement, a message, a link.
public struct GroupItemID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static func generate() -> GroupItemID { GroupItemID(rawValue: UUID().uuidString.lowercased()) }
    public var description: String { rawValue }
}

/// What the owner grants to members one by one. The owner holds all of them.
public enum GroupPermission: String, Sendable, CaseIterable, Comparable {
    case postAnnouncements, chat, scheduleMeetings, acceptMembers, manageLinks, grantPermissions

    /// What a new member may do: chat, nothing more until the owner grants it.
    public static let memberDefaults: Set<GroupPermission> = [.chat]

    public static func < (lhs: GroupPermission, rhs: GroupPermission) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

public enum GroupRole: String, Sendable {
    case owner, member
}

/// One member of a group; `username` and `displayName` are read with it (for lists).
public struct GroupMember: Sendable, Equatable {
    public var groupID: GroupID
    public var userID: UserID
    public var role: GroupRole
    /// What this member may do; the owner's set is every permission.
    public var permissions: Set<GroupPermission>
    public var joinedAt: Date
    public var username: String
    public var displayName: String

    public init(
        groupID: GroupID, userID: UserID, role: GroupRole, permissions: Set<GroupPermission>, joinedAt: Date, username: String = "",
        displayName: String = ""
    ) {
        self.groupID = groupID
        self.userID = userID
        self.role = role
        self.permissions = role == .owner ? Set(GroupPermission.allCases) : permissions
        self.joinedAt = joinedAt
        self.username = username
        self.displayName = displayName
    }

    /// Whether this member may do what `permission` allows (the owner may everything).
    public func holds(_ permission: GroupPermission) -> Bool { role == .owner || permissions.contains(permission) }
}

/// Whether an invitation or a join request is still open, and how it ended.
public enum GroupRequestStatus: String, Sendable {
    case pending, accepted, declined, rejected
}

/// An invitation to join a group, sent by the owner or a member who may accept members.
public struct GroupInvitation: Sendable, Equatable {
    public var id: GroupItemID
    public var groupID: GroupID
    public var inviteeID: UserID
    public var inviterID: UserID
    public var status: GroupRequestStatus
    public var createdAt: Date
    public var decidedAt: Date?
    /// The group's name, read with the invitation (what the invitee is shown).
    public var groupName: String

    public init(
        id: GroupItemID, groupID: GroupID, inviteeID: UserID, inviterID: UserID, status: GroupRequestStatus = .pending, createdAt: Date,
        decidedAt: Date? = nil, groupName: String = ""
    ) {
        self.id = id
        self.groupID = groupID
        self.inviteeID = inviteeID
        self.inviterID = inviterID
        self.status = status
        self.createdAt = createdAt
        self.decidedAt = decidedAt
        self.groupName = groupName
    }
}

/// A user's request to join a group whose id they know. At most `GroupService.maximumJoinRequests` per user and group.
public struct JoinRequest: Sendable, Equatable {
    public var id: GroupItemID
    public var groupID: GroupID
    public var userID: UserID
    public var status: GroupRequestStatus
    public var createdAt: Date
    public var decidedAt: Date?
    public var decidedBy: UserID?
    /// The requester's username, read with the request.
    public var username: String

    public init(
        id: GroupItemID, groupID: GroupID, userID: UserID, status: GroupRequestStatus = .pending, createdAt: Date, decidedAt: Date? = nil,
        decidedBy: UserID? = nil, username: String = ""
    ) {
        self.id = id
        self.groupID = groupID
        self.userID = userID
        self.status = status
        self.createdAt = createdAt
        self.decidedAt = decidedAt
        self.decidedBy = decidedBy
        self.username = username
    }
}

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

/// What can go wrong with groups, in the domain's words.
public enum GroupError: Error, Sendable, Equatable {
    /// No group with this id that the caller may know of.
    case notFound
    /// No such member, invitation, request, announcement or link in a group the caller may see.
    case itemNotFound(String)
    /// The caller knows the group but may not do this; the sentence says why.
    case forbidden(String)
    /// The request conflicts with the group's state (already a member, owner leaving…).
    case conflict(code: String, message: String)
    /// The group changed since the caller read it (`If-Match` failed).
    case versionMismatch(current: Int)
}
