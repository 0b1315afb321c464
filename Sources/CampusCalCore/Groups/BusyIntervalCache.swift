import Foundation
import Synchronization

/// Busy intervals of one calendar in one window, kept while the calendar's events do not change.
///
/// Keyed by the calendar's `eventsVersion` (bumped inside every event write), so an entry is never
/// stale: a change makes a new key and the old entry ages out. Expanding a member's recurring
/// series is what a free-busy lookup costs; repeated lookups for a week (people proposing times
/// back and forth) then read intervals instead of expanding hundreds of series per member.
///
/// Thread rule: any task may read or fill it; the table is behind a mutex and holds at most
/// `capacity` entries, dropping the least recently used.
public final class BusyIntervalCache: Sendable {
    struct Key: Hashable {
        var calendar: CalendarID
        var eventsVersion: Int
        var from: Date
        var to: Date
    }

    private struct State {
        var entries: [Key: (intervals: [GroupFreeBusy.Interval], lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    let capacity: Int

    public init(capacity: Int = 20_000) { self.capacity = capacity }

    func intervals(for key: Key) -> [GroupFreeBusy.Interval]? {
        state.withLock { state in
            guard let found = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key]?.lastUse = state.clock
            return found.intervals
        }
    }

    func store(_ intervals: [GroupFreeBusy.Interval], for key: Key) {
        state.withLock { state in
            state.clock += 1
            state.entries[key] = (intervals, state.clock)
            if state.entries.count > capacity {
                // Drop the older half at once: rare, and cheaper than keeping an ordered list.
                let cutoff = state.entries.values.map(\.lastUse).sorted()[state.entries.count / 2]
                state.entries = state.entries.filter { $0.value.lastUse > cutoff }
            }
        }
    }
}
