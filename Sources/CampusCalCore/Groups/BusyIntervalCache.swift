import Foundation
import Synchronization

/// Busy intervals of one calendar in one window, kept while the calendar's events do not change.
///
/// Keyed by the calendar's `eventsVersion` (bumped inside every event write), so an entry is never
/// stale: a change makes a new key and the old entry ages out. Expanding a member's recurring
/// series is what a free-busy lookup costs; repeated lookups for a week (people proposing times
/// back and forth) then read intervals instead of expanding hundreds of series per member.
///
/// Thread rule: any task may read or fill it; the table (`RecentlyUsedTable`) is behind a mutex
/// and holds at most `capacity` entries, dropping the least recently used.
public final class BusyIntervalCache: Sendable {
    struct Key: Hashable {
        var calendar: CalendarID
        var eventsVersion: Int
        var from: Date
        var to: Date
    }

    /// Weighed one an entry.
    private let table: Mutex<RecentlyUsedTable<Key, [GroupFreeBusy.Interval]>>

    public init(capacity: Int = 20_000) { table = Mutex(RecentlyUsedTable(capacity: capacity)) }

    func intervals(for key: Key) -> [GroupFreeBusy.Interval]? { table.withLock { $0.value(for: key) } }

    func store(_ intervals: [GroupFreeBusy.Interval], for key: Key) { table.withLock { $0.insert(intervals, weight: 1, for: key) } }
}
