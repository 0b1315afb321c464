import Foundation

/// Study groups (SRS 3.2.31): create, change, hand over, delete; members, invitations and
/// requests to join; announcements, chat and links.
///
/// Every operation asks `GroupPolicy` first. Someone who may not know a group exists gets
/// `GroupError.notFound`, as for a group that does not exist.
public struct GroupService: Sendable {
    public let groups: any GroupStore
    public let users: any UserStore
    public let clock: any TimeSource
    /// Tells people about invitations, answers, announcements and changed rights; nil in some tests.
    public let notifications: NotificationService?

    /// How many times one user may ask to join one group, in all (the first ask and two more after rejections).
    public static let maximumJoinRequests = 3
    /// The most usernames one invitation request may name.
    public static let maximumInvitees = 50
    public static let maximumTitleLength = 200
    public static let maximumAnnouncementLength = 10_000
    public static let maximumMessageLength = 4000
    public static let maximumURLLength = 2000

    public init(groups: any GroupStore, users: any UserStore, clock: any TimeSource = SystemTimeSource(), notifications: NotificationService? = nil) {
        self.groups = groups
        self.users = users
        self.clock = clock
        self.notifications = notifications
    }

    /// A group as one user sees it: their membership, and whether there is any group work yet.
    public struct Overview: Sendable, Equatable {
        public var group: Group
        public var membership: GroupMember?
        public var memberCount: Int
        /// False when the group has no announcements, messages or links ("No group work!").
        public var hasContent: Bool
    }

    // MARK: Groups

    /// Creates a group owned by `caller`, its only member.
    public func create(for caller: User, name: String?, description: String?) async throws -> Overview {
        guard let name else {
            throw ValidationError([ValidationIssue(field: "name", code: "name.required", message: "A group needs a name.")])
        }
        let now = clock.now()
        var group = Group(id: .generate(), name: "", ownerID: caller.id, createdAt: now, updatedAt: now)
        try Self.apply(name: name, description: description.map { .set($0) } ?? .unchanged, to: &group)
        let owner = GroupMember(groupID: group.id, userID: caller.id, role: .owner, permissions: [], joinedAt: now)
        try await groups.insert(group, owner: owner)
        return try await overview(group, for: caller)
    }

    /// The groups the caller is a member of.
    public func groups(for caller: User) async throws -> [Overview] {
        var result: [Overview] = []
        for group in try await groups.groups(memberID: caller.id) { result.append(try await overview(group, for: caller)) }
        return result
    }

    public func group(_ id: GroupID, for caller: User) async throws -> Overview {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(.view, access)
        return try await overview(access.group, for: caller, membership: access.membership)
    }

    /// Changes the name and description (merge patch), optionally only if still at `expectedVersion`.
    public func update(_ id: GroupID, for caller: User, name: String?, description: FieldChange<String>, expectedVersion: Int?) async throws
        -> Overview
    {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(.update, access)
        let current = access.group
        if let expectedVersion, expectedVersion != current.version { throw GroupError.versionMismatch(current: current.version) }
        var updated = current
        try Self.apply(name: name, description: description, to: &updated)
        if updated == current { return try await overview(current, for: caller, membership: access.membership) }
        updated.updatedAt = clock.now()
        let stored = try await groups.update(updated, expectedVersion: current.version)
        return try await overview(stored, for: caller, membership: access.membership)
    }

    /// Deletes the group and everything in it (owner, or an administrator); tells the other members.
    public func delete(_ id: GroupID, for caller: User, expectedVersion: Int?) async throws {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(.delete, access)
        if let expectedVersion, expectedVersion != access.group.version { throw GroupError.versionMismatch(current: access.group.version) }
        let members = try await groups.members(of: id)
        try await groups.delete(id: id)
        for member in members where member.userID != caller.id {
            try await notifications?.notify(
                member.userID, kind: .announcement, title: "Group deleted: \(access.group.name)",
                body: "The group '\(access.group.name)' was deleted, with its announcements, chat and links.")
        }
    }

    // MARK: Members

    public func members(_ id: GroupID, for caller: User) async throws -> [GroupMember] {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(.viewMembers, access)
        return try await groups.members(of: id)
    }

    /// Replaces a member's permissions. The caller needs `grantPermissions` and must hold every
    /// permission that changes; the owner's cannot change.
    public func setPermissions(_ id: GroupID, of memberID: UserID, for caller: User, to names: [String]) async throws -> GroupMember {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(.changePermissions([]), access)
        var permissions = Set<GroupPermission>()
        var unknown: [String] = []
        for name in names {
            if let permission = GroupPermission(rawValue: name) { permissions.insert(permission) } else { unknown.append(name) }
        }
        if !unknown.isEmpty {
            let allowed = GroupPermission.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError([
                ValidationIssue(
                    field: "permissions", code: "permissions.unknown",
                    message: "Unknown permission \(unknown.map { "'\($0.prefix(40))'" }.joined(separator: ", ")); use \(allowed).")
            ])
        }
        guard var member = try await groups.member(of: id, userID: memberID) else { throw Self.noSuchMember }
        if member.role == .owner {
            throw GroupError.conflict(
                code: "owner-permissions", message: "The owner holds every permission; hand the group to another member to change that.")
        }
        let changed = permissions.symmetricDifference(member.permissions)
        try GroupPolicy.authorize(.changePermissions(changed), access)
        if changed.isEmpty { return member }
        try await groups.setPermissions(permissions, of: memberID, in: id)
        member.permissions = permissions
        if memberID != caller.id {
            let listed = permissions.isEmpty ? "none" : permissions.sorted().map(\.rawValue).joined(separator: ", ")
            try await notifications?.notify(
                memberID, kind: .share, title: "Your permissions in \(access.group.name) changed",
                body: "\(caller.displayName) changed what you may do in '\(access.group.name)'. Your permissions now: \(listed).",
                link: Self.link(id))
        }
        return member
    }

    /// Removes a member (owner only). The owner cannot be removed.
    public func removeMember(_ id: GroupID, memberID: UserID, for caller: User) async throws {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(.removeMember, access)
        guard let member = try await groups.member(of: id, userID: memberID) else { throw Self.noSuchMember }
        if member.role == .owner {
            throw GroupError.conflict(
                code: "owner-cannot-be-removed", message: "The owner cannot be removed; hand the group to another member first, or delete it.")
        }
        _ = try await groups.removeMember(memberID, from: id)
        try await notifications?.notify(
            memberID, kind: .share, title: "Removed from \(access.group.name)",
            body: "\(caller.displayName) removed you from the group '\(access.group.name)'.")
    }

    /// Hands the group to another member; the old owner stays a member with every permission.
    public func transfer(_ id: GroupID, to newOwner: UserID, for caller: User) async throws -> Overview {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(.transferOwnership, access)
        if newOwner == caller.id {
            throw ValidationError([ValidationIssue(field: "userId", code: "userId.self", message: "You already own this group.")])
        }
        guard try await groups.member(of: id, userID: newOwner) != nil else {
            throw ValidationError([
                ValidationIssue(
                    field: "userId", code: "userId.not-member",
                    message: "Only a member can become the owner; invite them first, then hand the group over.")
            ])
        }
        let group = try await groups.transfer(id, to: newOwner, at: clock.now())
        try await notifications?.notify(
            newOwner, kind: .share, title: "You now own \(group.name)",
            body: "\(caller.displayName) handed the group '\(group.name)' to you. You may now do everything in it.", link: Self.link(id))
        return try await overview(group, for: caller)
    }

    /// Leaves the group. The owner must hand it over (or delete it) first.
    public func leave(_ id: GroupID, for caller: User) async throws {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(.leave, access)
        if access.membership?.role == .owner {
            throw GroupError.conflict(
                code: "owner-cannot-leave",
                message:
                    "You own this group, so you cannot leave it: first hand it to another member (POST /api/v1/groups/\(id)/transfer), or delete it."
            )
        }
        _ = try await groups.removeMember(caller.id, from: id)
    }

    // MARK: Invitations

    /// What happened to one name of an invitation request.
    public enum InvitationOutcome: String, Sendable {
        case invited, alreadyMember, alreadyInvited, unknownUser, yourself
    }

    public struct InvitationResult: Sendable, Equatable {
        public var username: String
        public var outcome: InvitationOutcome
        public var invitation: GroupInvitation?
    }

    /// Invites users by username (owner or `acceptMembers`); one result per distinct name, in order.
    public func invite(_ id: GroupID, usernames: [String], for caller: User) async throws -> [InvitationResult] {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(.invite, access)
        if usernames.isEmpty {
            throw ValidationError([ValidationIssue(field: "usernames", code: "usernames.empty", message: "You must select at least one user.")])
        }
        if usernames.count > Self.maximumInvitees {
            throw ValidationError([
                ValidationIssue(
                    field: "usernames", code: "usernames.too-many", message: "Invite at most \(Self.maximumInvitees) users at a time.")
            ])
        }
        var seen = Set<String>()
        var results: [InvitationResult] = []
        for raw in usernames {
            let name = Username.normalize(raw)
            guard seen.insert(name).inserted else { continue }
            guard let user = try await users.credentials(username: name)?.user else {
                results.append(InvitationResult(username: String(raw.prefix(64)), outcome: .unknownUser))
                continue
            }
            if user.id == caller.id {
                results.append(InvitationResult(username: name, outcome: .yourself))
            } else if try await groups.member(of: id, userID: user.id) != nil {
                results.append(InvitationResult(username: name, outcome: .alreadyMember))
            } else if let open = try await groups.pendingInvitation(to: id, for: user.id) {
                results.append(InvitationResult(username: name, outcome: .alreadyInvited, invitation: open))
            } else {
                let invitation = GroupInvitation(
                    id: .generate(), groupID: id, inviteeID: user.id, inviterID: caller.id, createdAt: clock.now(), groupName: access.group.name)
                try await groups.insert(invitation)
                try await notifications?.notify(
                    user.id, kind: .invitation, title: "Invitation to \(access.group.name)",
                    body:
                        "\(caller.displayName) invited you to join the group '\(access.group.name)'. Accept or decline it in your group invitations.",
                    link: "/api/v1/group-invitations")
                results.append(InvitationResult(username: name, outcome: .invited, invitation: invitation))
            }
        }
        return results
    }

    /// The caller's open invitations, newest first.
    public func invitations(for caller: User) async throws -> [GroupInvitation] {
        try await groups.pendingInvitations(for: caller.id)
    }

    /// Accepts (joining the group with the default permissions) or declines one of the caller's open invitations.
    public func answerInvitation(_ invitationID: GroupItemID, accept: Bool, for caller: User) async throws -> GroupInvitation {
        guard var invitation = try await groups.invitation(id: invitationID), invitation.inviteeID == caller.id,
            try await groups.group(id: invitation.groupID) != nil
        else { throw GroupError.itemNotFound("No invitation with this id is among your group invitations.") }
        guard invitation.status == .pending else {
            throw GroupError.conflict(code: "already-answered", message: "You already \(invitation.status.rawValue) this invitation.")
        }
        let now = clock.now()
        let status: GroupRequestStatus = accept ? .accepted : .declined
        let member =
            accept
            ? GroupMember(groupID: invitation.groupID, userID: caller.id, role: .member, permissions: GroupPermission.memberDefaults, joinedAt: now)
            : nil
        guard try await groups.close(invitation: invitationID, as: status, at: now, adding: member) else {
            throw GroupError.conflict(code: "already-answered", message: "This invitation was already answered.")
        }
        invitation.status = status
        invitation.decidedAt = now
        return invitation
    }

    // MARK: Requests to join

    /// Asks to join a group whose id the caller knows; at most `maximumJoinRequests` times in all.
    public func requestToJoin(_ id: GroupID, for caller: User) async throws -> JoinRequest {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(.requestToJoin, access)
        if access.membership != nil {
            throw GroupError.conflict(code: "already-member", message: "You are already a member of this group.")
        }
        if try await groups.pendingInvitation(to: id, for: caller.id) != nil {
            throw GroupError.conflict(
                code: "already-invited", message: "You are already invited to this group; accept the invitation in your group invitations.")
        }
        let earlier = try await groups.joinRequests(to: id, from: caller.id)
        if earlier.contains(where: { $0.status == .pending }) {
            throw GroupError.conflict(
                code: "join-request-pending", message: "You already asked to join this group; wait for the owner's answer.")
        }
        if earlier.count >= Self.maximumJoinRequests {
            throw GroupError.conflict(
                code: "join-request-limit",
                message:
                    "You have asked to join this group \(earlier.count) times, the most allowed (\(Self.maximumJoinRequests)); ask a member to invite you instead."
            )
        }
        let request = JoinRequest(id: .generate(), groupID: id, userID: caller.id, createdAt: clock.now(), username: caller.username)
        try await groups.insert(request)
        for member in try await groups.members(of: id) where member.holds(.acceptMembers) {
            try await notifications?.notify(
                member.userID, kind: .invitation, title: "Request to join \(access.group.name)",
                body: "\(caller.displayName) (\(caller.username)) asks to join the group '\(access.group.name)'.",
                link: "/api/v1/groups/\(id)/join-requests")
        }
        return request
    }

    /// The group's open requests to join (owner or `acceptMembers`).
    public func joinRequests(_ id: GroupID, for caller: User) async throws -> [JoinRequest] {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(.decideJoinRequests, access)
        return try await groups.pendingJoinRequests(to: id)
    }

    /// Accepts (the requester joins with the default permissions) or rejects an open request; tells the requester.
    public func decideJoinRequest(_ id: GroupID, request requestID: GroupItemID, accept: Bool, for caller: User) async throws -> JoinRequest {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(.decideJoinRequests, access)
        guard var request = try await groups.joinRequest(id: requestID), request.groupID == id else {
            throw GroupError.itemNotFound("No request to join with this id was made to this group.")
        }
        guard request.status == .pending else {
            throw GroupError.conflict(code: "already-decided", message: "This request was already \(request.status.rawValue).")
        }
        let now = clock.now()
        let status: GroupRequestStatus = accept ? .accepted : .rejected
        let member =
            accept
            ? GroupMember(groupID: id, userID: request.userID, role: .member, permissions: GroupPermission.memberDefaults, joinedAt: now) : nil
        guard try await groups.close(joinRequest: requestID, as: status, by: caller.id, at: now, adding: member) else {
            throw GroupError.conflict(code: "already-decided", message: "This request was already decided.")
        }
        request.status = status
        request.decidedAt = now
        request.decidedBy = caller.id
        let name = access.group.name
        if accept {
            try await notifications?.notify(
                request.userID, kind: .invitation, title: "Welcome to \(name)", body: "Your request to join the group '\(name)' was accepted.",
                link: Self.link(id))
        } else {
            let left = Self.maximumJoinRequests - (try await groups.joinRequests(to: id, from: request.userID)).count
            let again = left > 0 ? "You may ask again \(left) more time\(left == 1 ? "" : "s")." : "You may not ask again."
            try await notifications?.notify(
                request.userID, kind: .invitation, title: "Request to join \(name) declined",
                body: "Your request to join the group '\(name)' was declined. \(again)")
        }
        return request
    }

    // MARK: Announcements, chat, links

    /// Posts an announcement (`postAnnouncements`; tells every other member), a chat message
    /// (`chat`) or a link (`manageLinks`).
    public func post(_ kind: GroupPostKind, in id: GroupID, for caller: User, title: String?, body: String?, url: String?) async throws
        -> GroupPost
    {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(Self.action(posting: kind), access)
        var issues: [ValidationIssue] = []
        func text(_ field: String, _ value: String?, limit: Int, what: String) -> String? {
            let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if trimmed.isEmpty {
                issues.append(ValidationIssue(field: field, code: "\(field).required", message: what))
            } else if value!.unicodeScalars.count > limit {
                issues.append(ValidationIssue(field: field, code: "\(field).length", message: "\(field) must be at most \(limit) characters long."))
            }
            return trimmed
        }
        var post = GroupPost(id: .generate(), groupID: id, kind: kind, authorID: caller.id, createdAt: clock.now(), authorUsername: caller.username)
        switch kind {
        case .announcement:
            post.title = text("title", title, limit: Self.maximumTitleLength, what: "An announcement needs a title.")
            post.body = text("body", body, limit: Self.maximumAnnouncementLength, what: "An announcement needs a text.")
        case .message:
            post.body = text("body", body, limit: Self.maximumMessageLength, what: "A message needs a text.")
        case .link:
            post.title = text("title", title, limit: Self.maximumTitleLength, what: "A link needs a title.")
            let address = text("url", url, limit: Self.maximumURLLength, what: "A link needs a URL.")
            if let address, !address.isEmpty, !Self.isWebAddress(address) {
                issues.append(
                    ValidationIssue(
                        field: "url", code: "url.invalid", message: "'\(address.prefix(80))' is not a web address; give an http:// or https:// URL."))
            }
            post.url = address
        }
        try ValidationError.check(issues)
        let stored = try await groups.insert(post)
        if kind == .announcement {
            for member in try await groups.members(of: id) where member.userID != caller.id {
                try await notifications?.notify(
                    member.userID, kind: .announcement, title: "\(access.group.name): \(stored.title ?? "")",
                    body: String((stored.body ?? "").prefix(1000)), link: "/api/v1/groups/\(id)/announcements")
            }
        }
        return stored
    }

    /// One kind of the group's posts, newest first, a page at a time (the cursor is the last post's sequence).
    public func posts(_ kind: GroupPostKind, in id: GroupID, for caller: User, before: Int64?, limit: Int) async throws -> Page<GroupPost> {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(.readContent, access)
        let limit = max(1, min(limit, PageSize.maximum))
        let fetched = try await groups.posts(in: id, kind: kind, before: before, limit: limit + 1)
        let items = Array(fetched.prefix(limit))
        return Page(items: items, nextCursor: fetched.count > limit ? items.last.map { String($0.sequence) } : nil)
    }

    /// Deletes an announcement or a link: its author, or a member holding the matching permission.
    public func deletePost(_ kind: GroupPostKind, _ postID: GroupItemID, in id: GroupID, for caller: User) async throws {
        let access = try await access(id, caller)
        try GroupPolicy.authorize(.readContent, access)
        guard let post = try await groups.post(id: postID), post.groupID == id, post.kind == kind else {
            throw GroupError.itemNotFound("No \(kind.rawValue) with this id is in this group.")
        }
        try GroupPolicy.authorize(kind == .link ? .deleteLink(author: post.authorID) : .deleteAnnouncement(author: post.authorID), access)
        try await groups.deletePost(id: postID)
    }

    // MARK: Helpers

    private func access(_ id: GroupID, _ caller: User) async throws -> GroupAccess {
        guard let group = try await groups.group(id: id) else { throw GroupError.notFound }
        let membership = try await groups.member(of: id, userID: caller.id)
        var knows = false
        if membership == nil {
            knows = try await groups.pendingInvitation(to: id, for: caller.id) != nil
            if !knows { knows = try await !groups.joinRequests(to: id, from: caller.id).isEmpty }
        }
        return GroupAccess(caller: caller, group: group, membership: membership, knowsOfGroup: knows)
    }

    private func overview(_ group: Group, for caller: User, membership: GroupMember?? = nil) async throws -> Overview {
        let mine: GroupMember?
        if let membership { mine = membership } else { mine = try await groups.member(of: group.id, userID: caller.id) }
        return Overview(
            group: group, membership: mine, memberCount: try await groups.members(of: group.id).count,
            hasContent: try await groups.hasContent(group.id))
    }

    private static func action(posting kind: GroupPostKind) -> GroupAction {
        switch kind {
        case .announcement: .postAnnouncement
        case .message: .chat
        case .link: .addLink
        }
    }

    private static let noSuchMember = GroupError.itemNotFound("No member with this id is in this group.")

    static func link(_ id: GroupID) -> String { "/api/v1/groups/\(id)" }

    static func isWebAddress(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return false }
        return !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 }
    }

    static func apply(name: String?, description: FieldChange<String>, to group: inout Group) throws {
        var issues: [ValidationIssue] = []
        if let name {
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { issues.append(ValidationIssue(field: "name", code: "name.empty", message: "A group needs a name.")) }
            if name.unicodeScalars.count > Group.maximumNameLength {
                issues.append(
                    ValidationIssue(
                        field: "name", code: "name.length", message: "A group's name must be at most \(Group.maximumNameLength) characters long."))
            }
            group.name = trimmed
        }
        switch description {
        case .unchanged: break
        case .clear: group.description = nil
        case .set(let value):
            if value.unicodeScalars.count > Group.maximumDescriptionLength {
                issues.append(
                    ValidationIssue(
                        field: "description", code: "description.length",
                        message: "A group's description must be at most \(Group.maximumDescriptionLength) characters long."))
            }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            group.description = trimmed.isEmpty ? nil : trimmed
        }
        try ValidationError.check(issues)
    }
}
