import Foundation

/// When the members of a group are busy in a window, and when all of them are free — for finding
/// a meeting time. Only intervals leave the members' calendars: no titles, places or notes.
public struct GroupFreeBusy: Sendable, Equatable {
    public struct Interval: Sendable, Equatable {
        public var start: Date
        public var end: Date

        public init(start: Date, end: Date) {
            self.start = start
            self.end = end
        }
    }

    public struct Member: Sendable, Equatable {
        public var userID: UserID
        public var username: String
        public var displayName: String
        /// Merged busy intervals within the window, in order.
        public var busy: [Interval]
    }

    public var from: Date
    public var to: Date
    public var members: [Member]
    /// The gaps in everyone's busy time, in order: when the whole group is free.
    public var free: [Interval]

    /// Overlapping and touching intervals merged into one, clipped to `[from, to)`, in order.
    static func merged(_ intervals: [Interval], from: Date, to: Date) -> [Interval] {
        var result: [Interval] = []
        for interval in intervals.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
            let clipped = Interval(start: max(interval.start, from), end: min(interval.end, to))
            guard clipped.start < clipped.end else { continue }
            if let last = result.last, clipped.start <= last.end {
                result[result.count - 1].end = max(last.end, clipped.end)
            } else {
                result.append(clipped)
            }
        }
        return result
    }

    /// The parts of `[from, to)` not covered by `busy` (which must be merged and in order).
    static func gaps(in busy: [Interval], from: Date, to: Date) -> [Interval] {
        var free: [Interval] = []
        var cursor = from
        for interval in busy {
            if interval.start > cursor { free.append(Interval(start: cursor, end: interval.start)) }
            cursor = max(cursor, interval.end)
        }
        if cursor < to { free.append(Interval(start: cursor, end: to)) }
        return free
    }
}

/// Free-busy across a group's members (issue #5, "time-slot help").
public struct GroupFreeBusyService: Sendable {
    public let groups: GroupService
    public let events: EventService
    public let cache: BusyIntervalCache

    /// The longest window one lookup covers.
    public static let maximumWindow: TimeInterval = 31 * 86_400

    public init(groups: GroupService, events: EventService, cache: BusyIntervalCache = BusyIntervalCache()) {
        self.groups = groups
        self.events = events
        self.cache = cache
    }

    /// Busy intervals of every member of the group in `[from, to)`, and the times all are free.
    /// Anyone who may see the members may ask; counted as busy: opaque, not cancelled events in
    /// the calendars each member's own agenda shows.
    public func freeBusy(_ id: GroupID, for caller: User, from: Date, to: Date) async throws -> GroupFreeBusy {
        guard from < to, to.timeIntervalSince(from) <= Self.maximumWindow else {
            throw ValidationError([
                ValidationIssue(field: "to", code: "window.range", message: "The window must end after it starts and span at most 31 days.")
            ])
        }
        let members = try await groups.members(id, for: caller)
        var result: [GroupFreeBusy.Member] = []
        var everyone: [GroupFreeBusy.Interval] = []
        for member in members {
            guard let user = try await groups.users.credentials(id: member.userID)?.user else { continue }
            var intervals: [GroupFreeBusy.Interval] = []
            for calendar in try await events.calendars.owned(by: user) {
                intervals += try await busy(in: calendar, from: from, to: to)
            }
            let busy = GroupFreeBusy.merged(intervals, from: from, to: to)
            everyone += busy
            result.append(GroupFreeBusy.Member(userID: member.userID, username: member.username, displayName: member.displayName, busy: busy))
        }
        let free = GroupFreeBusy.gaps(in: GroupFreeBusy.merged(everyone, from: from, to: to), from: from, to: to)
        return GroupFreeBusy(from: from, to: to, members: result, free: free)
    }

    /// One calendar's busy intervals in the window, from the cache while its events are unchanged.
    private func busy(in calendar: CalendarCollection, from: Date, to: Date) async throws -> [GroupFreeBusy.Interval] {
        let key = BusyIntervalCache.Key(calendar: calendar.id, eventsVersion: calendar.eventsVersion, from: from, to: to)
        if let known = cache.intervals(for: key) { return known }
        // The group sees a member's calendar as a free-busy share would: busy time only.
        let intervals = try await events.busyIntervals(of: calendar, from: from, to: to)
        cache.store(intervals, for: key)
        return intervals
    }
}
