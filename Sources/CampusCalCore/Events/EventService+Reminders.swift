import Foundation

/// Keeping events' reminders in step with what happens to the events outside a single change.
extension EventService {
    /// Plans an event's reminders again from now (for `ReminderReplanner`); an event that is gone
    /// or whose calendar `owner` no longer owns plans none.
    public func replanReminders(_ id: EventID, owner: User) async throws {
        var visible: CalendarEvent?
        do {
            let (event, calendar) = try await event(id, with: owner, to: .readEvents)
            if calendar.ownerID == owner.id { visible = event }
        } catch EventError.notFound, CalendarError.forbidden {
            visible = nil
        }
        try await notifications?.planReminders(eventID: id, event: visible, owner: owner)
    }

    /// Plans again the reminders of every event with reminders in `owner`'s calendars: after the
    /// owner moves to another time zone (whole-day offsets and all-day events count in it).
    public func replanAllReminders(for owner: User) async throws {
        for calendar in try await calendars.owned(by: owner) {
            for event in try await events.eventsByUID(in: calendar.id).values where !event.reminders.isEmpty {
                try await notifications?.planReminders(eventID: event.id, event: event, owner: owner)
            }
        }
    }

    /// Deletes one of the caller's calendars with its events, and withdraws their pending reminders
    /// (the database drops the events with the calendar; their reminders live elsewhere).
    public func deleteCalendar(_ id: CalendarID, for caller: User, expectedVersion: Int?) async throws {
        _ = try await calendars.calendar(id, for: caller, to: .delete)
        let reminding = try await events.eventsByUID(in: id).values.filter { !$0.reminders.isEmpty }
        try await calendars.delete(id, for: caller, expectedVersion: expectedVersion)
        for event in reminding {
            try await notifications?.planReminders(eventID: event.id, event: nil, owner: caller)
        }
    }
}
