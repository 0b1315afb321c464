import Foundation

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
