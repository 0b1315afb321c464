/// Something a user may try to do to or in a group.
public enum GroupAction: Sendable, Equatable {
    /// Read the group's page (name, description, owner, empty state).
    case view
    case viewMembers
    /// Read announcements, chat messages and links.
    case readContent
    /// Change the name or description.
    case update
    case delete
    case transferOwnership
    case removeMember
    case invite
    /// List, accept and reject requests to join.
    case decideJoinRequests
    /// Grant or withdraw these permissions (the ones that change) on a member.
    case changePermissions(Set<GroupPermission>)
    case postAnnouncement
    case chat
    case addLink
    /// Delete an announcement written by `author`.
    case deleteAnnouncement(author: UserID)
    /// Delete a link added by `author`.
    case deleteLink(author: UserID)
    case leave
    /// Open the group's meetings calendar (what one may do in it is then the calendar's rule).
    case openCalendar
    /// Ask to join a group whose id one knows.
    case requestToJoin

    /// The words of "you may not …".
    var phrase: String {
        switch self {
        case .view: "see this group"
        case .viewMembers: "see this group's members"
        case .readContent: "read this group's announcements, chat and links"
        case .update: "change this group's name or description"
        case .delete: "delete this group"
        case .transferOwnership: "hand this group to another member"
        case .removeMember: "remove members from this group"
        case .invite: "invite people to this group"
        case .decideJoinRequests: "accept or reject requests to join this group"
        case .changePermissions: "change members' permissions in this group"
        case .postAnnouncement: "post announcements in this group"
        case .chat: "write in this group's chat"
        case .addLink: "add links to this group"
        case .deleteAnnouncement: "delete this announcement"
        case .deleteLink: "delete this link"
        case .leave: "leave this group"
        case .openCalendar: "open this group's calendar"
        case .requestToJoin: "ask to join this group"
        }
    }
}

/// What the policy needs to know: who asks, about which group, and how they stand with it.
public struct GroupAccess: Sendable {
    public var caller: User
    public var group: Group
    /// The caller's membership row; nil when they are not a member.
    public var membership: GroupMember?
    /// The caller has an open invitation to the group or has asked to join it: they know it exists.
    public var knowsOfGroup: Bool

    public init(caller: User, group: Group, membership: GroupMember?, knowsOfGroup: Bool) {
        self.caller = caller
        self.group = group
        self.membership = membership
        self.knowsOfGroup = knowsOfGroup
    }
}

/// Groups. Every group operation of `GroupService` asks first, with the caller's membership row.
///
/// - The owner may everything.
/// - A member may read the group, its members and its content, and leave; anything more takes the
///   matching permission (`GroupPermission`), granted individually. Granting or withdrawing a
///   permission takes `grantPermissions` *and* holding that permission oneself. Changing the group,
///   removing members, handing the group over and deleting it are the owner's alone.
/// - Administrators (`Role.admin`) may read and delete any group, and nothing more unless they are members.
/// - Someone invited to the group, or who asked to join it, may see its page and nothing more.
/// - Anyone who knows a group's id may ask to join it.
/// - Everyone else is told the group does not exist (404), never that they may not see it.
extension AccessPolicy {
    public static func decide(_ action: GroupAction, _ access: GroupAccess) -> AccessDecision {
        let decision = access.membership.map { groupMemberDecision(action, $0, access) } ?? groupOutsiderDecision(action, access)
        if decision != .allow, access.caller.role == .admin, groupAdminMay(action) { return .allow }
        return decision
    }

    /// Throws `GroupError.notFound` or `.forbidden` unless `decide` allows.
    public static func authorize(_ action: GroupAction, _ access: GroupAccess) throws {
        switch decide(action, access) {
        case .allow: return
        case .forbid(let reason): throw GroupError.forbidden(reason)
        case .hide: throw GroupError.notFound
        }
    }

    private static func groupAdminMay(_ action: GroupAction) -> Bool {
        switch action {
        case .view, .viewMembers, .readContent, .delete: true
        default: false
        }
    }

    private static func groupMemberDecision(_ action: GroupAction, _ member: GroupMember, _ access: GroupAccess) -> AccessDecision {
        if member.role == .owner { return .allow }
        func needs(_ permission: GroupPermission) -> AccessDecision {
            member.holds(permission)
                ? .allow : .forbid("You may not \(action.phrase): the owner has not given you the '\(permission.rawValue)' permission.")
        }
        let ownerOnly = AccessDecision.forbid("Only the group's owner may \(action.phrase).")
        switch action {
        case .view, .viewMembers, .readContent, .leave, .openCalendar, .requestToJoin: return .allow
        case .update, .delete, .transferOwnership, .removeMember: return ownerOnly
        case .invite, .decideJoinRequests: return needs(.acceptMembers)
        case .postAnnouncement: return needs(.postAnnouncements)
        case .chat: return needs(.chat)
        case .addLink: return needs(.manageLinks)
        case .deleteAnnouncement(let author): return author == member.userID ? .allow : needs(.postAnnouncements)
        case .deleteLink(let author): return author == member.userID ? .allow : needs(.manageLinks)
        case .changePermissions(let changed):
            if case .forbid(let reason) = needs(.grantPermissions) { return .forbid(reason) }
            let missing = changed.subtracting(member.permissions).sorted()
            if !missing.isEmpty {
                return .forbid(
                    "You may grant or withdraw only permissions you hold yourself; you do not hold \(missing.map { "'\($0.rawValue)'" }.joined(separator: ", "))."
                )
            }
            return .allow
        }
    }

    private static func groupOutsiderDecision(_ action: GroupAction, _ access: GroupAccess) -> AccessDecision {
        switch action {
        case .requestToJoin: return .allow
        case .view where access.knowsOfGroup: return .allow
        default:
            if access.knowsOfGroup || access.caller.role == .admin { return .forbid("Only members of this group may \(action.phrase).") }
            return .hide
        }
    }
}
