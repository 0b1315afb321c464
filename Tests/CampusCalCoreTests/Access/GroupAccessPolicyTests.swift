import CampusCalCore
import Foundation
import Testing

/// `AccessPolicy` alone: a pure function of the caller, the group and the caller's membership row.
@Suite("Group policy: who may do what with a group")
struct GroupAccessPolicyTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let group = Group(id: GroupID(rawValue: "g"), name: "G", ownerID: UserID(rawValue: "owner"), createdAt: .distantPast, updatedAt: .distantPast)

    func user(_ id: String, role: Role = .student) -> User {
        User(
            id: UserID(rawValue: id), username: id, displayName: id, email: nil, phone: nil, timeZone: "UTC", role: role, createdAt: now,
            updatedAt: now, version: 1)
    }

    func access(_ id: String, member: GroupRole? = nil, permissions: Set<GroupPermission> = [], knows: Bool = false, role: Role = .student)
        -> GroupAccess
    {
        let membership = member.map {
            GroupMember(groupID: group.id, userID: UserID(rawValue: id), role: $0, permissions: permissions, joinedAt: now)
        }
        return GroupAccess(caller: user(id, role: role), group: group, membership: membership, knowsOfGroup: knows)
    }

    static let everyAction: [GroupAction] = [
        .view, .viewMembers, .readContent, .update, .delete, .transferOwnership, .removeMember, .invite, .decideJoinRequests,
        .changePermissions(Set(GroupPermission.allCases)), .postAnnouncement, .chat, .addLink, .deleteAnnouncement(author: UserID(rawValue: "x")),
        .deleteLink(author: UserID(rawValue: "x")), .leave, .openCalendar, .requestToJoin,
    ]

    @Test func theOwnerMayEverything() {
        for action in Self.everyAction { #expect(AccessPolicy.decide(action, access("owner", member: .owner)) == .allow, "\(action)") }
    }

    @Test func strangersAreToldNothingExceptThatTheyMayAsk() {
        for action in Self.everyAction where action != .requestToJoin {
            #expect(AccessPolicy.decide(action, access("eve")) == .hide, "\(action)")
        }
        #expect(AccessPolicy.decide(.requestToJoin, access("eve")) == .allow)
        #expect(throws: GroupError.notFound) { try AccessPolicy.authorize(.readContent, access("eve")) }
    }

    @Test func peopleWhoKnowOfTheGroupSeeItsPageOnly() {
        let invited = access("ivy", knows: true)
        #expect(AccessPolicy.decide(.view, invited) == .allow)
        for action in Self.everyAction where action != .view && action != .requestToJoin {
            guard case .forbid = AccessPolicy.decide(action, invited) else {
                Issue.record("\(action) should be forbidden")
                continue
            }
        }
    }

    @Test func eachPermissionOpensExactlyItsActions() {
        let gated: [(GroupPermission, GroupAction)] = [
            (.postAnnouncements, .postAnnouncement), (.chat, .chat), (.manageLinks, .addLink), (.acceptMembers, .invite),
            (.acceptMembers, .decideJoinRequests), (.postAnnouncements, .deleteAnnouncement(author: UserID(rawValue: "x"))),
            (.manageLinks, .deleteLink(author: UserID(rawValue: "x"))), (.grantPermissions, .changePermissions([])),
        ]
        for (permission, action) in gated {
            #expect(AccessPolicy.decide(action, access("m", member: .member, permissions: [permission])) == .allow, "\(action)")
            let others = Set(GroupPermission.allCases).subtracting([permission])
            guard case .forbid(let reason) = AccessPolicy.decide(action, access("m", member: .member, permissions: others)) else {
                Issue.record("\(action) without \(permission) should be forbidden")
                continue
            }
            #expect(reason.contains("'\(permission.rawValue)'"))
        }
        // Members read, and delete what they wrote; the owner's own rights are the owner's alone.
        let plain = access("m", member: .member)
        for action in [GroupAction.view, .viewMembers, .readContent, .leave, .openCalendar, .deleteLink(author: UserID(rawValue: "m"))] {
            #expect(AccessPolicy.decide(action, plain) == .allow, "\(action)")
        }
        let everything = access("m", member: .member, permissions: Set(GroupPermission.allCases))
        for action in [GroupAction.update, .delete, .transferOwnership, .removeMember] {
            #expect(AccessPolicy.decide(action, everything) == .forbid("Only the group's owner may \(Self.phrase(action))."), "\(action)")
        }
    }

    static func phrase(_ action: GroupAction) -> String {
        switch action {
        case .update: "change this group's name or description"
        case .delete: "delete this group"
        case .transferOwnership: "hand this group to another member"
        default: "remove members from this group"
        }
    }

    @Test func grantingTakesHoldingWhatIsGranted() {
        let granter = access("m", member: .member, permissions: [.grantPermissions, .chat])
        #expect(AccessPolicy.decide(.changePermissions([.chat]), granter) == .allow)
        #expect(
            AccessPolicy.decide(.changePermissions([.chat, .acceptMembers, .manageLinks]), granter)
                == .forbid("You may grant or withdraw only permissions you hold yourself; you do not hold 'acceptMembers', 'manageLinks'."))
    }

    @Test func administratorsReadAndDeleteButDoNotActInGroups() {
        let admin = access("root", role: .admin)
        for action in [GroupAction.view, .viewMembers, .readContent, .delete, .requestToJoin] {
            #expect(AccessPolicy.decide(action, admin) == .allow, "\(action)")
        }
        for action in [GroupAction.update, .postAnnouncement, .chat, .invite, .transferOwnership, .openCalendar] {
            guard case .forbid = AccessPolicy.decide(action, admin) else {
                Issue.record("admin \(action) should be forbidden")
                continue
            }
        }
        // An administrator who is a member has a member's rights besides.
        #expect(AccessPolicy.decide(.chat, access("root", member: .member, permissions: [.chat], role: .admin)) == .allow)
    }
}
