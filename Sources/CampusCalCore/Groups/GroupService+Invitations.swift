import CampusCalICalendar
import Foundation

/// Invitations and requests to join.
extension GroupService {
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
        try AccessPolicy.authorize(.invite, access)
        if usernames.isEmpty {
            throw ValidationError([ValidationIssue(field: "usernames", code: "usernames.empty", message: "You must select at least one user.")])
        }
        if usernames.count > Self.maximumInvitees {
            throw ValidationError([
                ValidationIssue(
                    field: "usernames", code: "usernames.too-many", message: "Invite at most \(Self.maximumInvitees) users at a time.")
            ])
        }
        var results: [InvitationResult] = []
        for person in try await people.resolve(usernames, for: caller.id) {
            let name = person.name
            guard let user = person.user else {
                results.append(InvitationResult(username: person.typed, outcome: .unknownUser))
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
        try AccessPolicy.authorize(.requestToJoin, access)
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
        try AccessPolicy.authorize(.decideJoinRequests, access)
        return try await groups.pendingJoinRequests(to: id)
    }

    /// Accepts (the requester joins with the default permissions) or rejects an open request; tells the requester.
    public func decideJoinRequest(_ id: GroupID, request requestID: GroupItemID, accept: Bool, for caller: User) async throws -> JoinRequest {
        let access = try await access(id, caller)
        try AccessPolicy.authorize(.decideJoinRequests, access)
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
}
