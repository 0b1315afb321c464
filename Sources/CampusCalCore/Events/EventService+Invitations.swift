import Foundation

/// The events people were invited to, read for them.
extension EventService {
    /// An invited event as its invitees see it: what the organiser may still show them
    /// (`AccessPolicy.inviteeView`) — the whole event when the owner invited them, busy time for a
    /// private event someone else invited them to, and nil when it is gone or the organiser no
    /// longer holds `write` on its calendar (a withdrawn share ends what it gave, M5). When several
    /// people invited the caller, the one with the highest standing counts. For `InvitationService`,
    /// which has already established that the caller was invited by `organizers`.
    func eventAsInvitedBy(_ organizers: Set<UserID>, _ id: EventID) async throws -> CalendarEvent? {
        try await inviteeView(of: id, invitedBy: organizers)?.event
    }

    /// `eventAsInvitedBy` with the standing the event is seen at (what the view is a function of).
    func inviteeView(of id: EventID, invitedBy organizers: Set<UserID>) async throws -> (event: CalendarEvent, level: CalendarAccessLevel)? {
        guard let event = try await events.event(id: id), let calendar = try await calendars.calendars.calendar(id: event.calendarID) else {
            return nil
        }
        var best: CalendarAccessLevel?
        for organizer in organizers {
            let level = calendar.ownerID == organizer ? .owner : try await calendars.shares.accessLevel(to: calendar.id, for: organizer)
            if let level { best = max(best ?? level, level) }
        }
        guard let best, let view = AccessPolicy.inviteeView(of: event, organizerLevel: best) else { return nil }
        return (view, best)
    }

    /// `occurrences` with those of `invited` (events the caller accepted invitations to) in
    /// `[from, to)` added, sorted as every list is.
    public func merging(_ occurrences: [EventOccurrence], invited: [CalendarEvent], from: Date, to: Date, viewerTimeZone: TimeZone) throws
        -> [EventOccurrence]
    {
        try Self.checkWindow(from: from, to: to)
        var result = occurrences
        // One request, one budget: what the calendars already produced counts.
        var budget = expansionBudget()
        try budget.charge(occurrences: occurrences.count)
        for event in invited { result += try Self.occurrences(of: event, from: from, to: to, viewerTimeZone: viewerTimeZone, budget: &budget) }
        return Self.sorted(result)
    }
}

/// The agenda: what it is made of, and its occurrences — one place for the REST API and any other front.
extension EventService {
    /// The calendars an agenda shows (with the viewer's standing) and the invited events it merges
    /// in (each already as its invitees may see it).
    public struct AgendaSources: Sendable {
        public var calendars: [AccessibleCalendar]
        public var invited: [CalendarEvent]
        /// The standing each invited event is seen at (its organisers' best): invitees of different
        /// organisers see one event differently, so a cache of views must key on it.
        public var invitedLevels: [EventID: CalendarAccessLevel]

        public init(calendars: [AccessibleCalendar], invited: [CalendarEvent] = [], invitedLevels: [EventID: CalendarAccessLevel] = [:]) {
            self.calendars = calendars
            self.invited = invited
            self.invitedLevels = invitedLevels
        }
    }

    /// The agenda's sources without invitations (a server without them).
    public func agendaSources(for caller: User) async throws -> AgendaSources {
        AgendaSources(calendars: try await agendaCalendars(for: caller))
    }

    /// The occurrences in `[from, to)` of an agenda's calendars and invited events, sorted by start.
    public func occurrences(in sources: AgendaSources, from: Date, to: Date, viewerTimeZone: TimeZone) async throws -> [EventOccurrence] {
        let occurrences = try await occurrences(in: sources.calendars, from: from, to: to, viewerTimeZone: viewerTimeZone)
        if sources.invited.isEmpty { return occurrences }
        return try merging(occurrences, invited: sources.invited, from: from, to: to, viewerTimeZone: viewerTimeZone)
    }
}
