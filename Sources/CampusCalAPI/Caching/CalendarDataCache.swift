import CampusCalCore
import Synchronization

/// Each event's calendar data as a CalDAV answer carries it — iCalendar text, already escaped as
/// XML character data — keyed by the event's id and version, the view it was made for and whether
/// VTIMEZONEs were left out (RFC 7809).
///
/// A multiget of 500 events wrote 500 iCalendar objects and escaped them, every time, though a
/// strong ETag already promises that one version of one event is always the same bytes. An event
/// that changes gets a new version and so a new key: nothing is invalidated, nothing stale can be
/// sent, and old versions age out. Expanded data (`<C:expand>`) depends on the request's range
/// and is never kept.
///
/// Bounded in bytes (`sync.cached_calendar_data_mib`); the least recently used go first.
/// Thread rule: any task may read or fill it; the table is behind one mutex, held only to look up
/// or store an entry, never while the data is made.
final class CalendarDataCache: Sendable {
    struct Key: Hashable, Sendable {
        var event: EventID
        var version: Int
        var view: CalendarEventView
        var timeZones: Bool
    }

    /// Weighed in bytes, with a little for the entry itself.
    private let table: Mutex<RecentlyUsedTable<Key, [UInt8]>>

    init(capacityBytes: Int = 64 << 20) { table = Mutex(RecentlyUsedTable(capacity: capacityBytes)) }

    /// The kept data for `key`, else what `make` returns, kept for the next request.
    func escapedData(for key: Key, make: () -> [UInt8]) -> [UInt8] {
        if let kept = table.withLock({ $0.value(for: key) }) { return kept }
        let made = make()
        table.withLock { $0.insert(made, weight: made.count + 64, for: key) }
        return made
    }
}
