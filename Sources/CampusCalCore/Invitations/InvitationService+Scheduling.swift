import Foundation

/// CalDAV scheduling (RFC 6638) mapped onto invitations (issue #29), not a second system: an
/// organiser's ATTENDEEs who are CampusCal accounts are invited through `send`, and an invitee's
/// PARTSTAT is `respond` — the same notices, privacy settings and access rules as REST.
extension InvitationService {
    /// Invites `people` (accounts the caller's ATTENDEE lines named) to one of the caller's events,
    /// as `send` does. People the caller already invited to it come back `alreadyInvited`, so a
    /// client that PUTs the event again with each change invites nobody twice.
    public func inviteAttendees(_ people: [UserID], to eventID: EventID, for caller: User) async throws -> [RecipientResult] {
        var usernames: [String] = []
        for id in Set(people).subtracting([caller.id]).sorted(by: { $0.rawValue < $1.rawValue }) {
            if let user = try await users.credentials(id: id)?.user { usernames.append(user.username) }
        }
        guard !usernames.isEmpty else { return [] }
        let request = Request(eventID: eventID, usernames: Array(usernames.prefix(Self.maximumRecipients)))
        return try await send(request, for: caller).results
    }

    /// An event the caller was invited to, as they may see it (`EventService.inviteeView`), with
    /// their latest answer and who invited them.
    public struct InvitedEvent: Sendable {
        public var event: CalendarEvent
        public var organizer: User?
        public var response: InvitationResponse
    }

    /// The events of the caller's open invitations that they may still see, one per event.
    public func invitedEvents(for caller: User) async throws -> [InvitedEvent] {
        var organizers: [EventID: Set<UserID>] = [:]
        var latest: [EventID: (organizer: UserID, response: InvitationResponse)] = [:]
        // Newest first: the first answer met for an event is the latest.
        for (invitation, invitee) in try await invitations.received(by: caller.id, response: nil) where invitation.cancelledAt == nil {
            guard let eventID = invitation.eventID else { continue }
            organizers[eventID, default: []].insert(invitation.organizerID)
            if latest[eventID] == nil { latest[eventID] = (invitation.organizerID, invitee.response) }
        }
        var result: [InvitedEvent] = []
        for (eventID, invitedBy) in organizers.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let seen = try await events.inviteeView(of: eventID, invitedBy: invitedBy), let answer = latest[eventID] else { continue }
            let organizer = try await users.credentials(id: answer.organizer)?.user
            result.append(InvitedEvent(event: seen.event, organizer: organizer, response: answer.response))
        }
        return result
    }

    /// Answers every open invitation of the caller to the event they see under `uid`.
    public func respond(toEventNamed uid: String, response: InvitationResponse, for caller: User) async throws {
        guard let invited = try await invitedEvents(for: caller).first(where: { $0.event.uid == uid }) else { throw InvitationError.notFound }
        for (invitation, _) in try await invitations.received(by: caller.id, response: nil)
        where invitation.eventID == invited.event.id && invitation.cancelledAt == nil {
            _ = try await respond(invitation.id, response: response, for: caller)
        }
    }
}
