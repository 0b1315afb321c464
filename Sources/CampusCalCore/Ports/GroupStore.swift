import Foundation

/// Persistent groups, their members, invitations, join requests and posts. Every method is atomic;
/// deleting a group deletes everything in it.
public protocol GroupStore: Sendable {
    /// Adds a group with its owner as its first member.
    func insert(_ group: Group, owner: GroupMember) async throws
    func group(id: GroupID) async throws -> Group?
    /// The groups `user` is a member of, by name.
    func groups(memberID user: UserID) async throws -> [Group]
    /// Replaces name and description when the stored version is `expectedVersion`; throws `GroupError.versionMismatch` / `.notFound`.
    func update(_ group: Group, expectedVersion: Int) async throws -> Group
    func delete(id: GroupID) async throws
    /// Makes `newOwner` (a member) the owner and the old owner a member holding every permission; bumps the version.
    func transfer(_ id: GroupID, to newOwner: UserID, at: Date) async throws -> Group

    func member(of group: GroupID, userID: UserID) async throws -> GroupMember?
    /// The members, owner first, then by username.
    func members(of group: GroupID) async throws -> [GroupMember]
    func setPermissions(_ permissions: Set<GroupPermission>, of member: UserID, in group: GroupID) async throws
    /// Removes a member; false when they were not one.
    func removeMember(_ member: UserID, from group: GroupID) async throws -> Bool

    func insert(_ invitation: GroupInvitation) async throws
    func invitation(id: GroupItemID) async throws -> GroupInvitation?
    /// The user's open invitation to the group, if any.
    func pendingInvitation(to group: GroupID, for user: UserID) async throws -> GroupInvitation?
    /// The user's open invitations, newest first.
    func pendingInvitations(for user: UserID) async throws -> [GroupInvitation]

    func insert(_ request: JoinRequest) async throws
    func joinRequest(id: GroupItemID) async throws -> JoinRequest?
    /// Every request `user` made to join `group`, any status, oldest first.
    func joinRequests(to group: GroupID, from user: UserID) async throws -> [JoinRequest]
    /// The group's open requests, oldest first.
    func pendingJoinRequests(to group: GroupID) async throws -> [JoinRequest]

    /// Closes an invitation (`accepted` or `declined`) at `at`; on acceptance adds `member` in the
    /// same transaction, closing any open join request of theirs too. False when it was not open.
    func close(invitation: GroupItemID, as status: GroupRequestStatus, at: Date, adding member: GroupMember?) async throws -> Bool
    /// Closes a join request (`accepted` or `rejected`) by `decider`; on acceptance adds `member` in the
    /// same transaction, closing any open invitation of theirs too. False when it was not open.
    func close(
        joinRequest: GroupItemID, as status: GroupRequestStatus, by decider: UserID, at: Date, adding member: GroupMember?
    ) async throws -> Bool

    /// Adds a post and returns it with its sequence number.
    func insert(_ post: GroupPost) async throws -> GroupPost
    func post(id: GroupItemID) async throws -> GroupPost?
    /// Posts of one kind, newest first, with sequence below `before` when given.
    func posts(in group: GroupID, kind: GroupPostKind, before: Int64?, limit: Int) async throws -> [GroupPost]
    func deletePost(id: GroupItemID) async throws
    /// Whether the group has any announcement, message or link.
    func hasContent(_ group: GroupID) async throws -> Bool
}
