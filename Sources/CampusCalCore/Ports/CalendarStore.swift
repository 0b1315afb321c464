import Foundation

/// Persistent calendars. Every method is atomic.
public protocol CalendarStore: Sendable {
    func insert(_ calendar: CalendarCollection) async throws
    func calendar(id: CalendarID) async throws -> CalendarCollection?
    /// Replaces the chosen fields when the stored version is `expectedVersion`; throws `CalendarError.versionMismatch` / `.notFound`.
    func update(_ calendar: CalendarCollection, expectedVersion: Int) async throws -> CalendarCollection
    /// Deletes the calendar (and, by cascade, its events) when at `expectedVersion`.
    func delete(id: CalendarID, expectedVersion: Int) async throws
    /// Sets (replacing any earlier one) or, with nil, removes the calendar's subscription-feed token hash.
    func setFeedTokenHash(_ hash: String?, for id: CalendarID, at date: Date) async throws
    /// The calendar whose subscription feed has this token hash.
    func calendar(feedTokenHash: String) async throws -> CalendarCollection?
    /// The CalDAV addresses (`davName`) of the calendars `owner` made through CalDAV, by id.
    func davNames(ownedBy owner: UserID) async throws -> [CalendarID: String]
}
