import CampusCalICalendar
import Foundation

/// "What changed since my last sync?" for a person: their own calendars' events, the calendars
/// shared with them (as their standing lets them see), and their tasks — from the change log, with
/// deletions (issue #29; `GET /api/v1/changes`, and the base of CalDAV's sync-collection).
///
/// Paging follows RFC 6578's `DAV:limit`: a page stops after `limit` log entries, and its `next`
/// token is the number of the last entry read, never further, so the next page starts exactly
/// where this one stopped; a change made between pages gets a new number and comes later.
public struct ChangeFeed: Sendable {
    public let log: any ChangeLogStore
    public let calendars: CalendarService
    public let clock: any TimeSource
    /// How long deletion records are kept (`sync.tombstone_days`); a client that stays away longer starts over.
    public let tombstoneDays: Int

    /// Log entries one page reads, at most; and when the caller does not say.
    public static let maximumLimit = 1_000
    public static let defaultLimit = 500

    public init(log: any ChangeLogStore, calendars: CalendarService, clock: any TimeSource = SystemTimeSource(), tombstoneDays: Int = 60) {
        self.log = log
        self.calendars = calendars
        self.clock = clock
        self.tombstoneDays = tombstoneDays
    }

    /// The changes `caller` may see after `since` (nil: everything that exists now, an initial
    /// sync), at most `limit` log entries read.
    ///
    /// - Throws: `SyncError.tokenExpired` when changes since the token can no longer be told whole.
    public func changes(for caller: User, since: SyncToken?, limit: Int = defaultLimit) async throws -> ChangeSet {
        let limit = max(1, min(limit, Self.maximumLimit))
        let visible = try await calendars.all(for: caller)
        var levels: [ChangeCollection: CalendarAccessLevel] = [.tasks(of: caller.id): .owner]
        for calendar in visible where calendar.access >= .read { levels[.calendar(calendar.calendar.id)] = calendar.access }
        let page = try await log.changes(in: Set(levels.keys), after: since, limit: limit)
        if let since, since < page.prunedThrough || since > page.latest {
            throw SyncError.tokenExpired(since, keptDays: tombstoneDays)
        }
        let changes = page.records.compactMap { record in levels[record.collection].flatMap { AccessPolicy.view(of: record, at: $0) } }
        // Truncated: up to the last entry read (some may have been withheld from this caller, and
        // are still behind the token). Whole: the log's number at the read, past everything.
        let next = page.hasMore ? (page.records.last?.token ?? since ?? .origin) : page.latest
        return ChangeSet(changes: changes, calendars: visible, next: next, truncated: page.hasMore)
    }

    /// Prunes deletion records older than `tombstoneDays`; run by the server's maintenance.
    @discardableResult
    public func purgeStale() async throws -> Int {
        let now = clock.now()
        return try await log.pruneTombstones(olderThan: now.addingTimeInterval(-Double(tombstoneDays) * 86_400), now: now)
    }
}
