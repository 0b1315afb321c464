import Foundation

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
