import Foundation

/// Persistent events. Every method is atomic.
public protocol EventStore: Sendable {
    /// Adds an event; throws `EventError.duplicateUID` when its calendar has the UID already.
    func insert(_ event: CalendarEvent) async throws
    func event(id: EventID) async throws -> CalendarEvent?
    /// Events of `calendars` that may have an occurrence overlapping `[from, to)` (a superset:
    /// the caller expands and filters exactly).
    func events(in calendars: [CalendarID], overlapping from: Date, _ to: Date) async throws -> [CalendarEvent]
    /// Replaces the event when its stored version is `expectedVersion`; returns it with the new version.
    func update(_ event: CalendarEvent, expectedVersion: Int) async throws -> CalendarEvent
    func delete(id: EventID, expectedVersion: Int) async throws
    /// Every event of a calendar, keyed by UID (for imports, which match on UID).
    func eventsByUID(in calendar: CalendarID) async throws -> [String: CalendarEvent]
    /// Inserts and replaces events in one transaction: all or nothing, and one disk sync, however many.
    func save(inserting: [CalendarEvent], replacing: [CalendarEvent]) async throws
}
