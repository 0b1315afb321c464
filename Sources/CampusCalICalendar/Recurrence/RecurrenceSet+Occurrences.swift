import Foundation

extension RecurrenceSet {
    /// The lazy sequence of a set's instances; see `RecurrenceSet.occurrences(viewerTimeZone:)`.
    public struct Occurrences: Sequence, IteratorProtocol, Sendable {
        let clock: EventClock
        private var streams: [RuleStream]
        private var heads: [Int?]
        private let rdates: [(local: Int, time: EventTime)]
        private var rdateIndex = 0
        private let excludedInstants: Set<Int>
        private let excludedDays: Set<Int>
        private var last: Int?

        init(set: RecurrenceSet, viewerTimeZone: TimeZone) {
            let clock = EventClock(start: set.start, viewerTimeZone: viewerTimeZone)
            self.clock = clock
            // With no rule, DTSTART still is an instance: a rule-less stream yields just DTSTART.
            let rules = set.rules.isEmpty ? [try! RecurrenceRule(frequency: .daily, end: .count(1))] : set.rules
            streams = rules.map { RuleStream(rule: $0, start: set.start, startTable: clock.table) }
            heads = []
            rdates = set.rdates.map { time in
                let local: Int
                if case .date(let date) = time {
                    local = date.dayNumber * 86_400
                } else {
                    local = clock.local(fromUTC: time.instantSeconds(viewerTimeZone: viewerTimeZone))
                }
                return (local, time)
            }.sorted { $0.local < $1.local }
            var instants: Set<Int> = []
            var days: Set<Int> = []
            for time in set.exdates {
                if case .date(let date) = time {
                    days.insert(date.dayNumber)
                } else {
                    instants.insert(time.instantSeconds(viewerTimeZone: viewerTimeZone))
                }
            }
            excludedInstants = instants
            excludedDays = days
        }

        /// Jumps every stream that allows it to just before `local`; RDATEs before it are dropped.
        mutating func skip(toLocal local: Int) {
            precondition(heads.isEmpty, "skip before iterating")
            for i in streams.indices { streams[i].skip(toLocal: local) }
            while rdateIndex < rdates.count && rdates[rdateIndex].local < local { rdateIndex += 1 }
        }

        public mutating func next() -> EventTime? { nextOccurrence()?.time }

        /// The next instance together with its instant, which costs nothing extra here (the
        /// expansion computes it anyway to apply EXDATEs) and saves callers a zone lookup.
        public mutating func nextWithInstant() -> (time: EventTime, instant: Date)? {
            guard let next = nextOccurrence() else { return nil }
            return (next.time, Date(timeIntervalSince1970: Double(next.instant)))
        }

        /// The next instance with its wall-clock seconds in DTSTART's zone and its UTC instant.
        mutating func nextOccurrence() -> (instant: Int, local: Int, time: EventTime)? {
            if heads.isEmpty { heads = streams.indices.map { streams[$0].next() } }
            while true {
                var best: Int?
                for case let head? in heads where best == nil || head < best! { best = head }
                let rdate = rdateIndex < rdates.count ? rdates[rdateIndex] : nil
                let local: Int
                let time: EventTime
                var fromRule = false
                if let best, rdate == nil || best <= rdate!.local {
                    // An all-day event reports dates: sub-daily instances on the same day collapse into one.
                    local = clock.isAllDay ? RuleExpander.floorDiv(best, 86_400) * 86_400 : best
                    time = clock.eventTime(local: best)
                    fromRule = true
                    for i in heads.indices where heads[i] == best {
                        // The rest of this day would collapse into this instance (below): skip it rather
                        // than walk it. FREQ=SECONDLY on an all-day event walked 86,400 instances a day,
                        // 32 million for a year's window (found by fuzzing, issue #11).
                        if clock.isAllDay { streams[i].skipInstances(before: (RuleExpander.floorDiv(best, 86_400) + 1) * 86_400) }
                        heads[i] = streams[i].next()
                    }
                } else if let rdate {
                    local = rdate.local
                    time = rdate.time
                    rdateIndex += 1
                } else {
                    return nil
                }
                if local == last { continue }
                last = local
                let instant = fromRule || clock.isAllDay ? clock.utc(fromLocal: local) : time.instantSeconds(viewerTimeZone: clock.viewerTimeZone)
                if !excludedInstants.isEmpty && excludedInstants.contains(instant) { continue }
                if !excludedDays.isEmpty && excludedDays.contains(RuleExpander.floorDiv(local, 86_400)) { continue }
                return (instant, local, time)
            }
        }
    }
}

/// DTSTART's notion of time: which table turns its wall clock into instants, and how an instance's
/// wall-clock seconds become an `EventTime` of the same kind.
struct EventClock: Sendable {
    let start: EventTime
    let viewerTimeZone: TimeZone
    /// The zone's offsets; nil for UTC.
    let table: ZoneOffsetTable?

    init(start: EventTime, viewerTimeZone: TimeZone) {
        self.start = start
        self.viewerTimeZone = viewerTimeZone
        switch start {
        case .utc: table = nil
        case .zoned(_, let identifier):
            table = ZoneOffsetCache.shared.table(identifier: identifier) ?? ZoneOffsetCache.shared.table(for: viewerTimeZone)
        case .floating, .date: table = ZoneOffsetCache.shared.table(for: viewerTimeZone)
        }
    }

    var isAllDay: Bool { start.isAllDay }

    func utc(fromLocal local: Int) -> Int { table?.utc(fromLocal: local) ?? local }
    func local(fromUTC instant: Int) -> Int { table?.local(fromUTC: instant) ?? instant }

    func eventTime(local: Int) -> EventTime {
        let value = LocalDateTime(localSeconds: local)
        switch start {
        case .date: return .date(value.date)
        case .floating: return .floating(value)
        case .utc: return .utc(value)
        case .zoned(_, let identifier): return .zoned(value, timeZone: identifier)
        }
    }
}
