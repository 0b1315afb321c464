import Foundation

/// Persistent events. Every method is atomic; the writes take the events' reminder plans and
/// write them in the same transaction (nil: leave the pending reminders as they are).
public protocol EventStore: Sendable {
    /// Adds an event; throws `EventError.duplicateUID` when its calendar has the UID already, and
    /// `EventError.calendarFull` when `maximumInCalendar` is given and the calendar holds that many
    /// events already — checked in the insert's own transaction, so writers racing each other
    /// cannot pass the bound together.
    func insert(_ event: CalendarEvent, reminders: ReminderPlan?, maximumInCalendar: Int?) async throws
    func event(id: EventID) async throws -> CalendarEvent?
    /// Events of `calendars` that may have an occurrence overlapping `[from, to)` (a superset:
    /// the caller expands and filters exactly).
    func events(in calendars: [CalendarID], overlapping from: Date, _ to: Date) async throws -> [CalendarEvent]
    /// Replaces the event when its stored version is `expectedVersion`; returns it with the new version.
    func update(_ event: CalendarEvent, expectedVersion: Int, reminders: ReminderPlan?) async throws -> CalendarEvent
    func delete(id: EventID, expectedVersion: Int, reminders: ReminderPlan?) async throws
    /// The event of a calendar with this UID, or nil (one indexed read: CalDAV addresses events by UID).
    func event(uid: String, in calendar: CalendarID) async throws -> CalendarEvent?
    /// Every event of a calendar, keyed by UID (for imports, which match on UID).
    func eventsByUID(in calendar: CalendarID) async throws -> [String: CalendarEvent]
    /// Every event of a calendar, with the calendar's `eventsVersion` read in the same snapshot
    /// (so the version names exactly these events: `CalendarResourceCache` keys on it); nil when
    /// the calendar does not exist.
    func versionedEvents(in calendar: CalendarID) async throws -> (eventsVersion: Int, events: [CalendarEvent])?
    /// Inserts and replaces events in one transaction: all or nothing, and one disk sync, however many.
    func save(inserting: [CalendarEvent], replacing: [CalendarEvent], reminders: [ReminderPlan]) async throws
}

/// The same writes with no reminders to plan.
extension EventStore {
    public func insert(_ event: CalendarEvent) async throws { try await insert(event, reminders: nil) }

    public func insert(_ event: CalendarEvent, reminders: ReminderPlan?) async throws {
        try await insert(event, reminders: reminders, maximumInCalendar: nil)
    }

    public func update(_ event: CalendarEvent, expectedVersion: Int) async throws -> CalendarEvent {
        try await update(event, expectedVersion: expectedVersion, reminders: nil)
    }

    public func delete(id: EventID, expectedVersion: Int) async throws { try await delete(id: id, expectedVersion: expectedVersion, reminders: nil) }

    public func save(inserting: [CalendarEvent], replacing: [CalendarEvent]) async throws {
        try await save(inserting: inserting, replacing: replacing, reminders: [])
    }
}
