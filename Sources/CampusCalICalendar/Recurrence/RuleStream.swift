import Foundation

/// One rule's instances for one DTSTART, in wall-clock order, with COUNT and UNTIL applied.
///
/// RFC 5545 makes DTSTART the first instance, counted by COUNT, even when it does not match the
/// rule (§3.3.10: "The COUNT rule part is defined as the number of occurrences … DTSTART … always
/// counts as the first occurrence"). python-dateutil instead drops a non-matching DTSTART; the
/// oracle test accounts for that difference explicitly.
struct RuleStream: Sendable {
    private var expander: RuleExpander
    private let start: Int
    private var remaining: Int?
    private let until: UntilLimit
    private var startPending = true
    private var buffer: [Int] = []
    private var index = 0
    private var finished = false

    /// How UNTIL bounds the wall-clock instances.
    enum UntilLimit: Sendable {
        case none
        /// Inclusive bound on wall-clock seconds.
        case local(Int)
        /// Inclusive bound on the local date (a DATE UNTIL): the whole day counts.
        case day(Int)
        /// Inclusive bound on the UTC instant, for zoned starts with a UTC UNTIL; instances near a
        /// DST gap are not monotonic in UTC, so stop only a day after the bound's wall-clock time.
        case instant(Int, table: ZoneOffsetTable)
    }

    init(rule: RecurrenceRule, start: EventTime, startTable: ZoneOffsetTable?) {
        let local = start.localDateTime
        expander = RuleExpander(rule: rule, start: local)
        self.start = local.localSeconds
        remaining = rule.count
        switch rule.until {
        case nil: until = .none
        case .date(let date): until = .day(date.dayNumber)
        case .utc(let value):
            if let startTable, case .zoned = start {
                until = .instant(value.localSeconds, table: startTable)
            } else {
                until = .local(value.localSeconds)
            }
        case .floating(let value), .zoned(let value, _): until = .local(value.localSeconds)
        }
    }

    /// Whether jumping ahead is exact for this rule (no COUNT, which depends on every earlier instance).
    var canSkip: Bool { remaining == nil }

    /// Jumps to the period containing `local`, when `canSkip`.
    mutating func skip(toLocal local: Int) {
        guard canSkip, local > start else { return }
        startPending = false
        expander.skip(toLocal: local)
        buffer.removeAll(keepingCapacity: true)
        index = 0
    }

    /// Drops the instances before `local` without producing them one by one, when `canSkip`. The
    /// rest of the current period is passed over in the buffer; only once it is used up does the
    /// expander jump, so instances at or after `local` are never lost. For all-day series, which
    /// keep one instance a day: a sub-daily rule's other 86,399 seconds of a day are not walked.
    mutating func skipInstances(before local: Int) {
        guard canSkip, !startPending else { return }
        while index < buffer.count, buffer[index] < local { index += 1 }
        guard index == buffer.count else { return }
        expander.skip(toLocal: local)
        buffer.removeAll(keepingCapacity: true)
        index = 0
    }

    /// The next instance's wall-clock seconds, or nil.
    mutating func next() -> Int? {
        if finished { return nil }
        if startPending {
            startPending = false
            if let remaining { self.remaining = remaining - 1 }
            return start
        }
        while true {
            if index == buffer.count {
                index = 0
                guard expander.nextPeriod(into: &buffer) else {
                    finished = true
                    return nil
                }
                continue
            }
            let candidate = buffer[index]
            index += 1
            if candidate <= start { continue }
            switch until {
            case .none: break
            case .local(let limit):
                if candidate > limit { return finish() }
            case .day(let limit):
                if RuleExpander.floorDiv(candidate, 86_400) > limit { return finish() }
            case .instant(let limit, let table):
                if table.utc(fromLocal: candidate) > limit {
                    if candidate > table.local(fromUTC: limit) + 86_400 { return finish() }
                    continue
                }
            }
            if let remaining {
                guard remaining > 0 else { return finish() }
                self.remaining = remaining - 1
            }
            return candidate
        }
    }

    private mutating func finish() -> Int? {
        finished = true
        return nil
    }
}
