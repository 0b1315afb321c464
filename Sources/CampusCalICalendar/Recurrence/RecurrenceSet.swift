import Foundation

/// An event's recurrence: its DTSTART, RRULEs, RDATEs and EXDATEs (RFC 5545 §3.8.5), which
/// together define the set of instance start times.
///
/// The set is DTSTART, plus every instance of every rule, plus the RDATEs, minus the EXDATEs;
/// duplicates count once. Rules expand on wall-clock time in DTSTART's own zone (so a 09:00 class
/// stays at 09:00 across DST), and each instance is reported in DTSTART's kind and zone, which makes
/// it usable as the instance's RECURRENCE-ID.
public struct RecurrenceSet: Sendable, Hashable {
    public var start: EventTime
    public var rules: [RecurrenceRule]
    public var rdates: [EventTime]
    public var exdates: [EventTime]

    public init(start: EventTime, rules: [RecurrenceRule] = [], rdates: [EventTime] = [], exdates: [EventTime] = []) {
        self.start = start
        self.rules = rules
        self.rdates = rdates
        self.exdates = exdates
    }

    /// Every instance from DTSTART on, lazily, in the wall-clock order of DTSTART's zone.
    ///
    /// - Parameter viewerTimeZone: the zone floating times and dates are read in; it only matters
    ///   for matching EXDATEs and ordering RDATEs of a different kind than DTSTART.
    /// The sequence ends after the last instance, at year 9999 at the latest, and stops early for
    /// rules that provably never match again.
    public func occurrences(viewerTimeZone: TimeZone) -> Occurrences { Occurrences(set: self, viewerTimeZone: viewerTimeZone) }

    /// The instances whose start instant lies in `from..<to`, sorted by instant, at most `limit`.
    ///
    /// Rules without COUNT jump straight to the window instead of walking from DTSTART (see
    /// `RuleExpander.skip(toLocal:)`); rules with COUNT must walk from DTSTART, because an instance
    /// only exists if fewer than COUNT came before it, but stop at the window's end.
    /// - Parameters:
    ///   - from: first instant of the window (inclusive).
    ///   - to: end of the window (exclusive).
    ///   - viewerTimeZone: the zone in which floating and all-day times are read.
    ///   - limit: the most instances returned (the earliest ones).
    public func occurrences(from: Date, to: Date, viewerTimeZone: TimeZone, limit: Int) -> [EventTime] {
        guard limit > 0, from < to else { return [] }
        let lower = Int(from.timeIntervalSince1970.rounded(.up))
        let upper = Int(to.timeIntervalSince1970.rounded(.up))
        var iterator = Occurrences(set: self, viewerTimeZone: viewerTimeZone)
        let slack = 2 * 86_400
        iterator.skip(toLocal: iterator.clock.local(fromUTC: lower) - slack)
        var stopAfter = iterator.clock.local(fromUTC: upper) + slack
        var found: [(instant: Int, local: Int, time: EventTime)] = []
        while let next = iterator.nextOccurrence() {
            if next.local > stopAfter { break }
            if next.instant >= lower && next.instant < upper {
                found.append(next)
                if found.count >= limit { stopAfter = min(stopAfter, next.local + slack) }
            }
        }
        found.sort { ($0.instant, $0.local) < ($1.instant, $1.local) }
        return found.prefix(limit).map(\.time)
    }
}
