import CampusCalICalendar
import Foundation

/// Study groups (SRS 3.2.31): create, change, hand over, delete; members, invitations and
/// requests to join; announcements, chat and links.
///
/// Every operation asks `AccessPolicy` first. Someone who may not know a group exists gets
/// `GroupError.notFound`, as for a group that does not exist.
public struct GroupService: Sendable {
    public let groups: any GroupStore
    public let users: any UserStore
    public let clock: any TimeSource
    /// Tells people about invitations, answers, announcements and changed rights; nil in some tests.
    public let notifications: NotificationService?
    /// Groups one person may own (`limits.max_groups_per_user`), checked at `create`.
    public let quota: Quota
    /// Turns typed usernames into accounts, with a budget of misses (review L3); shared with sharing and invitations.
    public let people: PeopleByName

    /// How many times one user may ask to join one group, in all (the first ask and two more after rejections).
    public static let maximumJoinRequests = 3
    /// The most usernames one invitation request may name.
    public static let maximumInvitees = 50
    public static let maximumTitleLength = 200
    public static let maximumAnnouncementLength = 10_000
    public static let maximumMessageLength = 4000
    public static let maximumURLLength = 2000

    public init(
        groups: any GroupStore, users: any UserStore, clock: any TimeSource = SystemTimeSource(), notifications: NotificationService? = nil,
        limits: ResourceLimits = .standard, people: PeopleByName? = nil
    ) {
        self.quota = Quota(.groups, limit: limits.maximumGroupsPerUser)
        self.people = people ?? PeopleByName(users: users, limits: limits, clock: clock)
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

    /// Creates a group owned by `caller`, its only member; refused with `QuotaExceeded` when they own `quota.limit` already.
    public func create(for caller: User, name: String?, description: String?) async throws -> Overview {
        guard let name else {
            throw ValidationError([ValidationIssue(field: "name", code: "name.required", message: "A group needs a name.")])
        }
        let now = clock.now()
        var group = Group(id: .generate(), name: "", ownerID: caller.id, createdAt: now, updatedAt: now)
        try Self.apply(name: name, description: description.map { .set($0) } ?? .unchanged, to: &group)
        let owner = GroupMember(groupID: group.id, userID: caller.id, role: .owner, permissions: [], joinedAt: now)
        try await quota.admitting(
            caller.id, count: { try await groups.groups(memberID: caller.id).filter { $0.ownerID == caller.id }.count },
            make: { try await groups.insert(group, owner: owner) })
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
        try AccessPolicy.authorize(.view, access)
        return try await overview(access.group, for: caller, membership: access.membership)
    }

    /// Changes the name and description (merge patch), optionally only if still at `expectedVersion`.
    public func update(_ id: GroupID, for caller: User, name: String?, description: FieldChange<String>, expectedVersion: Int?) async throws
        -> Overview
    {
        let access = try await access(id, caller)
        try AccessPolicy.authorize(.update, access)
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
        try AccessPolicy.authorize(.delete, access)
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
        try AccessPolicy.authorize(.viewMembers, access)
        return try await groups.members(of: id)
    }

    /// Replaces a member's permissions. The caller needs `grantPermissions` and must hold every
    /// permission that changes; the owner's cannot change.
    public func setPermissions(_ id: GroupID, of memberID: UserID, for caller: User, to names: [String]) async throws -> GroupMember {
        let access = try await access(id, caller)
        try AccessPolicy.authorize(.changePermissions([]), access)
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
        try AccessPolicy.authorize(.changePermissions(changed), access)
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
        try AccessPolicy.authorize(.removeMember, access)
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
        try AccessPolicy.authorize(.transferOwnership, access)
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
        try AccessPolicy.authorize(.leave, access)
        if access.membership?.role == .owner {
            throw GroupError.conflict(
                code: "owner-cannot-leave",
                message:
                    "You own this group, so you cannot leave it: first hand it to another member (POST /api/v1/groups/\(id)/transfer), or delete it."
            )
        }
        _ = try await groups.removeMember(caller.id, from: id)
    }

    // MARK: Helpers

    func access(_ id: GroupID, _ caller: User) async throws -> GroupAccess {
        guard let group = try await groups.group(id: id) else { throw GroupError.notFound }
        let membership = try await groups.member(of: id, userID: caller.id)
        var knows = false
        if membership == nil {
            knows = try await groups.pendingInvitation(to: id, for: caller.id) != nil
            if !knows { knows = try await !groups.joinRequests(to: id, from: caller.id).isEmpty }
        }
        return GroupAccess(caller: caller, group: group, membership: membership, knowsOfGroup: knows)
    }

    func overview(_ group: Group, for caller: User, membership: GroupMember?? = nil) async throws -> Overview {
        let mine: GroupMember?
        if let membership { mine = membership } else { mine = try await groups.member(of: group.id, userID: caller.id) }
        return Overview(
            group: group, membership: mine, memberCount: try await groups.members(of: group.id).count,
            hasContent: try await groups.hasContent(group.id))
    }

    static let noSuchMember = GroupError.itemNotFound("No member with this id is in this group.")

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
