import Foundation

/// The events people were invited to, read for them.
extension EventService {
    /// The one path that reads an event without its calendar's access check: for `InvitationService`,
    /// which has already established that the caller was invited to it.
    func invitedEvent(_ id: EventID) async throws -> CalendarEvent? {
        try await events.event(id: id)
    }

    /// `occurrences` with those of `invited` (events the caller accepted invitations to) in
    /// `[from, to)` added, sorted as every list is.
    public func merging(_ occurrences: [EventOccurrence], invited: [CalendarEvent], from: Date, to: Date, viewerTimeZone: TimeZone) throws
        -> [EventOccurrence]
    {
        try Self.checkWindow(from: from, to: to)
        var result = occurrences
        for event in invited { result += Self.occurrences(of: event, from: from, to: to, viewerTimeZone: viewerTimeZone) }
        return Self.sorted(result)
    }
}
