import CampusCalICalendar
import Foundation

/// Who `EventService` tells after it changed or deleted an event: the people invited to it. A port,
/// so that every caller of the service — the REST routes today, a CalDAV layer tomorrow — keeps
/// invitees informed by the same rules, instead of each route remembering to.
public protocol EventInvitees: Sendable {
    /// After a change of `event` (its calendar is owned by `ownerID`) by `actor` was written.
    func eventChanged(_ event: CalendarEvent, ownerID: UserID, by actor: User) async throws
    /// After the event was deleted (or its last occurrence cancelled) by `actor`.
    func eventDeleted(_ id: EventID, by actor: User) async throws
}

/// `EventInvitees` through the invitation store: changes reach every invitee who did not decline;
/// a deletion cancels the invitations (no more answers) and tells every invitee. Notices are `invitation`.
public struct InvitationNotices: EventInvitees {
    let invitations: any InvitationStore
    let notifications: NotificationService?
    let clock: any TimeSource

    public init(invitations: any InvitationStore, notifications: NotificationService?, clock: any TimeSource) {
        self.invitations = invitations
        self.notifications = notifications
        self.clock = clock
    }

    /// The invitations' titles follow the event's, except where that would tell invitees more
    /// than their organiser may show them: a private event's new title reaches only invitations
    /// its owner sent (`AccessPolicy+Events`); others keep the title they had.
    public func eventChanged(_ event: CalendarEvent, ownerID: UserID, by actor: User) async throws {
        let open = try await invitations.invitations(toEvent: event.id)
        if open.isEmpty { return }
        func shownTitle(_ invitation: Invitation) -> String {
            event.hasPrivateParts && invitation.organizerID != ownerID ? invitation.title : event.title
        }
        if open.allSatisfy({ shownTitle($0) == event.title }) { try await invitations.setTitle(event.title, forEvent: event.id) }
        for invitation in open {
            let title = shownTitle(invitation)
            for invitee in try await invitations.invitees(of: invitation.id) where invitee.response != .declined {
                try await notifications?.notify(
                    invitee.userID, kind: .invitation, title: "Updated: \(title)",
                    body: "\(actor.displayName) changed '\(title)', which you were invited to.", link: InvitationService.link(invitation.id))
            }
        }
    }

    public func eventDeleted(_ eventID: EventID, by actor: User) async throws {
        let open = try await invitations.invitations(toEvent: eventID)
        if open.isEmpty { return }
        try await invitations.cancel(event: eventID, at: clock.now())
        for invitation in open {
            for invitee in try await invitations.invitees(of: invitation.id) {
                try await notifications?.notify(
                    invitee.userID, kind: .invitation, title: "Cancelled: \(invitation.title)",
                    body: "\(actor.displayName) cancelled '\(invitation.title)', which you were invited to.",
                    link: InvitationService.link(invitation.id))
            }
        }
    }
}
