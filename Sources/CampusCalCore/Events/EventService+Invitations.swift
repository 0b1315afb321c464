import Foundation

/// The one path that reads an event without its calendar's access check: for `InvitationService`,
/// which has already established that the caller was invited to it.
extension EventService {
    func invitedEvent(_ id: EventID) async throws -> CalendarEvent? {
        try await events.event(id: id)
    }
}
