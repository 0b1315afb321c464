import Foundation

/// Persistent invitations, their invitees' answers and users' invitation settings. Every method is atomic.
public protocol InvitationStore: Sendable {
    /// Adds an invitation with its invitees.
    func insert(_ invitation: Invitation, invitees: [Invitee]) async throws
    func invitation(id: InvitationID) async throws -> Invitation?
    /// The invitees, by username.
    func invitees(of invitation: InvitationID) async throws -> [Invitee]
    func invitee(of invitation: InvitationID, userID: UserID) async throws -> Invitee?
    /// Sets an invitee's answer; false when they are not an invitee.
    func respond(_ invitation: InvitationID, userID: UserID, response: InvitationResponse, at: Date) async throws -> Bool
    /// The invitations `user` received (with their own row), newest first, optionally only those with `response`.
    func received(by user: UserID, response: InvitationResponse?) async throws -> [(Invitation, Invitee)]
    /// The invitations `user` sent, newest first.
    func sent(by user: UserID) async throws -> [Invitation]
    /// The open (not cancelled) invitations to an event.
    func invitations(toEvent event: EventID) async throws -> [Invitation]
    /// Keeps the invitations' title in step with their event.
    func setTitle(_ title: String, forEvent event: EventID) async throws
    /// Marks every open invitation to an event cancelled.
    func cancel(event: EventID, at: Date) async throws
    /// The events of open invitations `user` accepted or tentatively accepted.
    func attendingEventIDs(of user: UserID) async throws -> [EventID]

    func privacy(of user: UserID) async throws -> InvitationPrivacy
    func setPrivacy(_ privacy: InvitationPrivacy, of user: UserID) async throws
}
