import Synchronization

/// The latest `CalendarResources` of each calendar and view, while the calendar's events do not change.
///
/// A phone polls its calendars all day, and every PROPFIND, multiget and sync of a calendar asked
/// for all its events decoded and viewed: 1,000 rows read and decoded to answer with three
/// properties each. An entry is used only while its `eventsVersion` is the calendar's current one
/// (bumped by a trigger inside every event write, so no write can forget it), so a stale entry is
/// never served: the first request after a change reads the calendar again and replaces it.
///
/// Bounded by events, not calendars (`sync.cached_events`): the least recently used calendars
/// go first once the events kept pass it. A calendar larger than a quarter of it is not kept.
///
/// Thread rule: any task may read or fill it; the table is behind one mutex, held only to look
/// up or swap an entry (never while reading the database or building one).
public final class CalendarResourceCache: Sendable {
    struct Key: Hashable {
        var calendar: CalendarID
        var view: CalendarEventView
    }

    /// Weighed by events: a calendar's entry weighs as many as it holds.
    private let table: Mutex<RecentlyUsedTable<Key, CalendarResources>>

    public init(capacity: Int = 200_000) { table = Mutex(RecentlyUsedTable(capacity: capacity)) }

    /// The most events kept across all calendars.
    public var capacity: Int { table.withLock { $0.capacity } }

    /// The resources of `calendar` seen as `view`, when the kept ones are at `eventsVersion`.
    public func resources(of calendar: CalendarID, as view: CalendarEventView, at eventsVersion: Int) -> CalendarResources? {
        table.withLock { table in
            let key = Key(calendar: calendar, view: view)
            guard table.peek(key)?.eventsVersion == eventsVersion else { return nil }
            return table.value(for: key)
        }
    }

    /// Keeps `resources` unless a newer version of the same calendar and view is kept already.
    public func store(_ resources: CalendarResources) {
        table.withLock { table in
            let key = Key(calendar: resources.calendarID, view: resources.view)
            if let kept = table.peek(key), kept.eventsVersion > resources.eventsVersion { return }
            table.insert(resources, weight: resources.events.count, for: key)
        }
    }

    /// How many events are kept (for tests and metrics).
    public var keptEvents: Int { table.withLock { $0.weight } }
}
