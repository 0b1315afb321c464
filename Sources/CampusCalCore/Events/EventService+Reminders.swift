import Foundation

extension EventService {
    /// Plans an event's reminders again from now (for `ReminderReplanner`); an event that is gone
    /// or that `owner` may no longer see plans none.
    public func replanReminders(_ id: EventID, owner: User) async throws {
        let visible: CalendarEvent?
        do {
            visible = try await event(id, for: owner)
        } catch EventError.notFound {
            visible = nil
        }
        try await notifications?.planReminders(eventID: id, event: visible, owner: owner)
    }
}
