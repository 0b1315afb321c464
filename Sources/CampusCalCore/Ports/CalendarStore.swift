import Foundation

/// Persistent calendars. Every method is atomic.
public protocol CalendarStore: Sendable {
    func insert(_ calendar: CalendarCollection) async throws
    func calendar(id: CalendarID) async throws -> CalendarCollection?
    /// The owner's calendars ordered by name (case-insensitive), then id; after `cursor` when given.
    func calendars(ownedBy owner: UserID, after cursor: CalendarPageCursor?, limit: Int) async throws -> [CalendarCollection]
    /// Replaces the chosen fields when the stored version is `expectedVersion`; throws `CalendarError.versionMismatch` / `.notFound`.
    func update(_ calendar: CalendarCollection, expectedVersion: Int) async throws -> CalendarCollection
    /// Deletes the calendar (and, by cascade, its events) when at `expectedVersion`.
    func delete(id: CalendarID, expectedVersion: Int) async throws
}
