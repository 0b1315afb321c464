import CampusCalICalendar
import Foundation

/// Invitations and RSVPs (SRS 3.2.23): invite users and/or the members of one's groups to one of
/// one's events (or to something not tied to an event); invitees answer accepted, declined or
/// tentative; the organiser sees the answers; accepted events show in the invitee's invitation
/// agenda; changes and cancellations of the event reach the invitees. Users choose who may invite them.
///
/// Access follows `AccessPolicy`: only the organiser and the invitees know an invitation exists;
/// everyone else gets `InvitationError.notFound`, as for one that does not exist. Inviting people to
/// an event takes the right to change it (only its owner invites to a private one), and invitees
/// see what the organiser may still show them (`AccessPolicy+Events`, security review M5).
public struct InvitationService: Sendable {
    public let invitations: any InvitationStore
    public let events: EventService
    public let groups: any GroupStore
    public let users: any UserStore
    public let clock: any TimeSource
    public let notifications: NotificationService?
    /// Turns typed usernames into accounts, with a budget of misses (review L3).
    public let people: PeopleByName

    /// The most usernames plus group ids one request may name.
    public static let maximumRecipients = 50

    public init(
        invitations: any InvitationStore, events: EventService, groups: any GroupStore, users: any UserStore,
        clock: any TimeSource = SystemTimeSource(), notifications: NotificationService? = nil, people: PeopleByName? = nil
    ) {
        self.people = people ?? PeopleByName(users: users, clock: clock)
        self.invitations = invitations
        // Its event service tells invitees of every change, whoever calls it.
        var events = events
        if events.invitees == nil { events.invitees = InvitationNotices(invitations: invitations, notifications: notifications, clock: clock) }
        self.events = events
        self.groups = groups
        self.users = users
        self.clock = clock
        self.notifications = notifications
    }

    /// What the organiser asks for.
    public struct Request: Sendable {
        public var eventID: EventID?
        public var title: String?
        public var message: String?
        public var start: Date?
        public var end: Date?
        public var usernames: [String]
        public var groupIDs: [GroupID]

        public init(
            eventID: EventID? = nil, title: String? = nil, message: String? = nil, start: Date? = nil, end: Date? = nil, usernames: [String] = [],
            groupIDs: [GroupID] = []
        ) {
            self.eventID = eventID
            self.title = title
            self.message = message
            self.start = start
            self.end = end
            self.usernames = usernames
            self.groupIDs = groupIDs
        }
    }

    /// What happened to one recipient.
    public enum Outcome: String, Sendable {
        case invited, alreadyInvited, unknownUser, unknownGroup, notAllowed, yourself
    }

    public struct RecipientResult: Sendable, Equatable {
        /// The username (as given, or the member's), nil for a group that was not found.
        public var username: String?
        /// The group the recipient came through, if any.
        public var groupID: GroupID?
        public var outcome: Outcome
    }

    public struct SendResult: Sendable {
        /// The new invitation; nil when nobody could be invited.
        public var invitation: Invitation?
        public var results: [RecipientResult]
    }

    /// An invitation as one user sees it.
    public struct View: Sendable {
        public var invitation: Invitation
        public var organizerUsername: String
        /// Every invitee with their answer: for the organiser only.
        public var invitees: [Invitee]?
        /// The caller's own row, for an invitee.
        public var mine: Invitee?
        /// The invited event, when there is one and it still exists.
        public var event: CalendarEvent?
    }

    // MARK: Sending

    public func send(_ request: Request, for caller: User) async throws -> SendResult {
        if request.usernames.isEmpty && request.groupIDs.isEmpty {
            throw ValidationError([ValidationIssue(field: "usernames", code: "usernames.empty", message: "You must select at least one user.")])
        }
        if request.usernames.count + request.groupIDs.count > Self.maximumRecipients {
            throw ValidationError([
                ValidationIssue(
                    field: "usernames", code: "usernames.too-many",
                    message: "Invite at most \(Self.maximumRecipients) users and groups at a time.")
            ])
        }
        let now = clock.now()
        var invitation = Invitation(id: .generate(), organizerID: caller.id, eventID: nil, title: "", createdAt: now)
        var alreadyInvited = Set<UserID>()
        if let eventID = request.eventID {
            // Inviting shows the event: it takes the right to change it, and only the owner invites
            // to a private one (403 with the reason); others' events are 404, as if missing.
            let (event, access) = try await events.standing(toEvent: eventID, for: caller)
            do {
                try AccessPolicy.enforce(AccessPolicy.decideInviting(to: event, access))
            } catch CalendarError.notFound {
                throw EventError.notFound
            }
            if request.title != nil || request.start != nil || request.end != nil {
                throw ValidationError([
                    ValidationIssue(
                        field: "eventId", code: "eventId.with-details",
                        message: "An invitation to an event takes its title and times from the event; leave out 'title', 'start' and 'end'.")
                ])
            }
            invitation.eventID = eventID
            invitation.title = event.title
            for earlier in try await invitations.invitations(toEvent: eventID) where earlier.organizerID == caller.id {
                for invitee in try await invitations.invitees(of: earlier.id) { alreadyInvited.insert(invitee.userID) }
            }
        } else {
            try Self.describe(&invitation, title: request.title, start: request.start, end: request.end)
        }
        invitation.message = try Self.message(request.message)

        let organizerGroups = Set(try await groups.groups(memberID: caller.id).map(\.id))
        var results: [RecipientResult] = []
        var invitees: [Invitee] = []
        var seen = Set<UserID>()

        func consider(_ user: User, via group: GroupID?) async throws {
            guard seen.insert(user.id).inserted else { return }
            let outcome: Outcome
            if user.id == caller.id {
                outcome = .yourself
            } else if alreadyInvited.contains(user.id) {
                outcome = .alreadyInvited
            } else if try await !AccessPolicy.mayInvite(
                setting: invitations.privacy(of: user.id), sharesGroup: { try await sharesGroup(user.id, organizerGroups) })
            {
                outcome = .notAllowed
            } else {
                outcome = .invited
                invitees.append(Invitee(invitationID: invitation.id, userID: user.id, username: user.username, viaGroupID: group))
            }
            results.append(RecipientResult(username: user.username, groupID: group, outcome: outcome))
        }

        for person in try await people.resolve(request.usernames, for: caller.id) {
            guard let user = person.user else {
                results.append(RecipientResult(username: person.typed, outcome: .unknownUser))
                continue
            }
            try await consider(user, via: nil)
        }
        for groupID in Set(request.groupIDs).sorted(by: { $0.rawValue < $1.rawValue }) {
            // Only groups the organiser belongs to; others are not found, as for groups that do not exist.
            guard organizerGroups.contains(groupID) else {
                results.append(RecipientResult(username: nil, groupID: groupID, outcome: .unknownGroup))
                continue
            }
            for member in try await groups.members(of: groupID) where member.userID != caller.id {
                guard let user = try await users.credentials(id: member.userID)?.user else { continue }
                try await consider(user, via: groupID)
            }
        }

        guard !invitees.isEmpty else { return SendResult(invitation: nil, results: results) }
        try await invitations.insert(invitation, invitees: invitees)
        for invitee in invitees {
            try await notifications?.notify(
                invitee.userID, kind: .invitation, title: "Invitation: \(invitation.title)",
                body: "\(caller.displayName) invited you to '\(invitation.title)'. Answer accepted, declined or tentative.",
                link: Self.link(invitation.id))
        }
        return SendResult(invitation: invitation, results: results)
    }

    private func sharesGroup(_ user: UserID, _ organizerGroups: Set<GroupID>) async throws -> Bool {
        if organizerGroups.isEmpty { return false }
        return try await groups.groups(memberID: user).contains { organizerGroups.contains($0.id) }
    }

    // MARK: Reading and answering

    /// One invitation, as the organiser or an invitee sees it.
    public func invitation(_ id: InvitationID, for caller: User) async throws -> View {
        let (invitation, mine) = try await access(id, caller)
        let isOrganizer = invitation.organizerID == caller.id
        let organizer = try await users.credentials(id: invitation.organizerID)?.user.username ?? ""
        var event: CalendarEvent?
        if let eventID = invitation.eventID, invitation.cancelledAt == nil {
            event = try await events.eventAsInvitedBy([invitation.organizerID], eventID)
        }
        return View(
            invitation: invitation, organizerUsername: organizer, invitees: isOrganizer ? try await invitations.invitees(of: id) : nil,
            mine: mine, event: event)
    }

    /// Answers (or changes the answer to) an invitation the caller received; tells the organiser.
    public func respond(_ id: InvitationID, response: InvitationResponse, for caller: User) async throws -> View {
        guard let invitation = try await invitations.invitation(id: id),
            AccessPolicy.mayRespondToInvitation(isInvitee: try await invitations.invitee(of: id, userID: caller.id) != nil)
        else { throw InvitationError.notFound }
        if invitation.cancelledAt != nil { throw InvitationError.cancelled }
        if response == .pending {
            throw ValidationError([
                ValidationIssue(field: "response", code: "response.invalid", message: "Answer 'accepted', 'declined' or 'tentative'.")
            ])
        }
        guard try await invitations.respond(id, userID: caller.id, response: response, at: clock.now()) else { throw InvitationError.notFound }
        let words: String
        switch response {
        case .accepted: words = "accepted"
        case .declined: words = "declined"
        case .tentative: words = "tentatively accepted"
        case .pending: words = "has not answered"
        }
        try await notifications?.notify(
            invitation.organizerID, kind: .invitation, title: "\(caller.displayName) \(words): \(invitation.title)",
            body: "\(caller.displayName) (\(caller.username)) \(words) your invitation to '\(invitation.title)'.", link: Self.link(id))
        return try await self.invitation(id, for: caller)
    }

    /// The invitations the caller received, newest first, optionally only those with one answer.
    public func received(for caller: User, response: InvitationResponse?) async throws -> [(Invitation, Invitee)] {
        try await invitations.received(by: caller.id, response: response)
    }

    /// The invitations the caller sent, newest first, with their invitees.
    public func sent(for caller: User) async throws -> [(Invitation, [Invitee])] {
        var result: [(Invitation, [Invitee])] = []
        for invitation in try await invitations.sent(by: caller.id) { result.append((invitation, try await invitations.invitees(of: invitation.id))) }
        return result
    }

    /// The occurrences in `[from, to)` of the events the caller accepted or tentatively accepted, sorted by start.
    public func agenda(for caller: User, from: Date, to: Date, viewerTimeZone: TimeZone) async throws -> [EventOccurrence] {
        try events.merging([], invited: try await attendingEvents(for: caller), from: from, to: to, viewerTimeZone: viewerTimeZone)
    }

    /// The events (still there) of open invitations the caller accepted or tentatively accepted,
    /// each as its organisers may still show it (`EventService.eventAsInvitedBy`).
    public func attendingEvents(for caller: User) async throws -> [CalendarEvent] {
        try await attending(for: caller).map(\.event)
    }

    /// `attendingEvents` with the standing each is seen at.
    func attending(for caller: User) async throws -> [(event: CalendarEvent, level: CalendarAccessLevel)] {
        // Most agendas have no invited events: one cached statement says so, as before (issue #11).
        if try await invitations.attendingEventIDs(of: caller.id).isEmpty { return [] }
        var organizers: [EventID: Set<UserID>] = [:]
        for response in [InvitationResponse.accepted, .tentative] {
            for (invitation, _) in try await invitations.received(by: caller.id, response: response) where invitation.cancelledAt == nil {
                if let eventID = invitation.eventID { organizers[eventID, default: []].insert(invitation.organizerID) }
            }
        }
        var result: [(event: CalendarEvent, level: CalendarAccessLevel)] = []
        for (eventID, invitedBy) in organizers.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let seen = try await events.inviteeView(of: eventID, invitedBy: invitedBy) { result.append(seen) }
        }
        return result
    }

    /// What the caller's agenda is made of: the calendars they see, and the events they said yes
    /// (or maybe) to from calendars they cannot otherwise see — the inputs of
    /// `EventService.occurrences(in:invited:from:to:viewerTimeZone:)`, for a cache to key on.
    public func agendaSources(for caller: User) async throws -> EventService.AgendaSources {
        let calendars = try await events.agendaCalendars(for: caller)
        let visible = Set(calendars.map(\.calendar.id))
        let invited = try await attending(for: caller).filter { !visible.contains($0.event.calendarID) }
        return .init(
            calendars: calendars, invited: invited.map(\.event),
            invitedLevels: Dictionary(invited.map { ($0.event.id, $0.level) }, uniquingKeysWith: max))
    }

    // MARK: Settings

    public func privacy(for caller: User) async throws -> InvitationPrivacy { try await invitations.privacy(of: caller.id) }

    public func setPrivacy(_ privacy: InvitationPrivacy, for caller: User) async throws { try await invitations.setPrivacy(privacy, of: caller.id) }

    // MARK: Event changes

    /// Tells the invitees of an event that it changed, for changes made outside `EventService`'s
    /// own change methods (which tell them by themselves, through `EventService.invitees`): imports.
    public func eventChanged(_ event: CalendarEvent, by actor: User) async throws {
        guard let notices = events.invitees, let calendar = try await events.calendars.calendars.calendar(id: event.calendarID) else { return }
        try await notices.eventChanged(event, ownerID: calendar.ownerID, by: actor)
    }

    // MARK: Helpers

    func access(_ id: InvitationID, _ caller: User) async throws -> (Invitation, Invitee?) {
        guard let invitation = try await invitations.invitation(id: id) else { throw InvitationError.notFound }
        let mine = try await invitations.invitee(of: id, userID: caller.id)
        guard AccessPolicy.mayViewInvitation(isOrganizer: invitation.organizerID == caller.id, isInvitee: mine != nil) else {
            throw InvitationError.notFound
        }
        return (invitation, mine)
    }

    static func link(_ id: InvitationID) -> String { "/api/v1/invitations/\(id)" }

    static func message(_ message: String?) throws -> String? {
        guard let message else { return nil }
        if message.unicodeScalars.count > Invitation.maximumMessageLength {
            throw ValidationError([
                ValidationIssue(
                    field: "message", code: "message.length", message: "A message must be at most \(Invitation.maximumMessageLength) characters long."
                )
            ])
        }
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    static func describe(_ invitation: inout Invitation, title: String?, start: Date?, end: Date?) throws {
        var issues: [ValidationIssue] = []
        let trimmed = title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if trimmed.isEmpty {
            issues.append(
                ValidationIssue(
                    field: "title", code: "title.required", message: "An invitation not tied to an event needs a title (or give 'eventId')."))
        } else if trimmed.unicodeScalars.count > Invitation.maximumTitleLength {
            issues.append(
                ValidationIssue(
                    field: "title", code: "title.length", message: "A title must be at most \(Invitation.maximumTitleLength) characters long."))
        }
        if end != nil && start == nil {
            issues.append(ValidationIssue(field: "end", code: "end.without-start", message: "An end needs a start."))
        }
        if let start, let end, end < start {
            issues.append(ValidationIssue(field: "end", code: "end.before-start", message: "The end must not be before the start."))
        }
        try ValidationError.check(issues)
        invitation.title = trimmed
        invitation.start = start
        invitation.end = end
    }
}
