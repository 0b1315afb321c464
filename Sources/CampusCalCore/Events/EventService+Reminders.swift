import Foundation

/// Keeping events' reminders in step with what happens to the events outside a single change.
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

    /// Plans again the reminders of every event with reminders in `owner`'s calendars: after the
    /// owner moves to another time zone (whole-day offsets and all-day events count in it).
    public func replanAllReminders(for owner: User) async throws {
        for calendar in try await agendaCalendars(for: owner) {
            for event in try await events.eventsByUID(in: calendar.id).values where !event.reminders.isEmpty {
                try await notifications?.planReminders(eventID: event.id, event: event, owner: owner)
            }
        }
    }

    /// Deletes one of the caller's calendars with its events, and withdraws their pending reminders
    /// (the database drops the events with the calendar; their reminders live elsewhere).
    public func deleteCalendar(_ id: CalendarID, for caller: User, expectedVersion: Int?) async throws {
        _ = try await calendars.calendar(id, for: caller)
        let reminding = try await events.eventsByUID(in: id).values.filter { !$0.reminders.isEmpty }
        try await calendars.delete(id, for: caller, expectedVersion: expectedVersion)
        for event in reminding {
            try await notifications?.planReminders(eventID: event.id, event: nil, owner: caller)
        }
    }
}
