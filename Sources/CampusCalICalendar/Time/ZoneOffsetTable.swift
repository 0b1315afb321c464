import Foundation

/// The UTC offsets of one time zone as a sorted table of transitions, with RFC 5545's rules for
/// wall-clock times that do not exist or exist twice.
///
/// Foundation's `TimeZone` (ICU over the IANA database) is the source of truth, but asking it per
/// occurrence costs microseconds and it does not say what a nonexistent local time means. So the
/// transitions between 1900 and 2200 are read once per zone (cached in `ZoneOffsetCache`) and every
/// conversion after that is a binary search. Outside that range the zone is asked directly.
final class ZoneOffsetTable: Sendable {
    let timeZone: TimeZone
    /// UTC seconds at which `offsets[i + 1]` starts to apply.
    private let transitions: [Int]
    /// `offsets[0]` applies before the first transition.
    private let offsets: [Int]
    private static let coveredFrom = -2_208_988_800  // 1900-01-01T00:00:00Z
    private static let coveredUntil = 7_258_118_400  // 2200-01-01T00:00:00Z

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var transitions: [Int] = []
        var offsets = [timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(Self.coveredFrom)))]
        var cursor = Date(timeIntervalSince1970: Double(Self.coveredFrom))
        let end = Date(timeIntervalSince1970: Double(Self.coveredUntil))
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next < end, next > cursor {
            let offset = timeZone.secondsFromGMT(for: next)
            if offset != offsets.last {
                transitions.append(Int(next.timeIntervalSince1970.rounded()))
                offsets.append(offset)
            }
            cursor = next
        }
        self.transitions = transitions
        self.offsets = offsets
    }

    /// The offset from UTC, in seconds, in effect at a UTC instant.
    func offset(atUTC seconds: Int) -> Int {
        if seconds < Self.coveredFrom || seconds >= Self.coveredUntil {
            return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        }
        var low = 0
        var high = transitions.count
        while low < high {
            let mid = (low + high) / 2
            if transitions[mid] <= seconds { low = mid + 1 } else { high = mid }
        }
        return offsets[low]
    }

    /// Wall-clock seconds (see `LocalDateTime.localSeconds`) at a UTC instant.
    func local(fromUTC seconds: Int) -> Int { seconds + offset(atUTC: seconds) }

    /// The UTC instant of a wall-clock time, as RFC 5545 §3.3.5 wants it: a time that occurs twice
    /// (fall-back overlap) means the first of the two; a time that does not exist (spring-forward
    /// gap) is read with the offset in effect before the gap, so 02:30 in a 02:00→03:00 gap lands on
    /// what the clocks show as 03:30. Python's `zoneinfo` with `fold=0` does the same.
    func utc(fromLocal local: Int) -> Int {
        // Offsets a day either side; zones do not change offset twice within two days.
        let before = offset(atUTC: local - 86_400)
        let after = offset(atUTC: local + 86_400)
        if before == after { return local - before }
        let early = local - before
        let late = local - after
        let earlyValid = offset(atUTC: early) == before
        let lateValid = offset(atUTC: late) == after
        switch (earlyValid, lateValid) {
        case (true, true): return min(early, late)
        case (true, false): return early
        case (false, true): return late
        case (false, false): return early
        }
    }
}

/// One `ZoneOffsetTable` per zone identifier for the life of the process.
///
/// A lock, not an actor: lookups are on the hot path of synchronous expansion and take nanoseconds.
final class ZoneOffsetCache: @unchecked Sendable {
    static let shared = ZoneOffsetCache()
    private let lock = NSLock()
    private var tables: [String: ZoneOffsetTable] = [:]

    /// The table for an IANA identifier, or nil when Foundation does not know the zone.
    func table(identifier: String) -> ZoneOffsetTable? {
        lock.lock()
        if let table = tables[identifier] {
            lock.unlock()
            return table
        }
        lock.unlock()
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        return store(ZoneOffsetTable(timeZone: zone), for: identifier)
    }

    /// The table for a `TimeZone` value (for viewer zones, which may be fixed-offset zones).
    func table(for zone: TimeZone) -> ZoneOffsetTable {
        lock.lock()
        if let table = tables[zone.identifier] {
            lock.unlock()
            return table
        }
        lock.unlock()
        return store(ZoneOffsetTable(timeZone: zone), for: zone.identifier)
    }

    private func store(_ table: ZoneOffsetTable, for identifier: String) -> ZoneOffsetTable {
        lock.lock()
        defer { lock.unlock() }
        if let existing = tables[identifier] { return existing }
        tables[identifier] = table
        return table
    }
}
