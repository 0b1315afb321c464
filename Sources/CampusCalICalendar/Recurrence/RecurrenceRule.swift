import Foundation

/// A recurrence rule (RFC 5545 §3.3.10, the value of `RRULE`), validated on construction.
///
/// This is only the rule; what it produces depends on the event's `DTSTART`, so expansion lives
/// in `RecurrenceSet`. Values are stored as written (not normalised) so that `rfc5545` reproduces
/// what the client meant.
public struct RecurrenceRule: Sendable, Hashable {
    /// How the rule ends.
    public enum End: Sendable, Hashable {
        /// After this many instances, counting `DTSTART` as the first.
        case count(Int)
        /// Last instance on or before this time: `.utc` (for zoned and UTC starts), `.floating`
        /// (for floating starts) or `.date` (for all-day starts; for timed starts it includes the whole day).
        case until(EventTime)
    }

    public var frequency: RecurrenceFrequency
    public var interval: Int
    public var end: End?
    public var bySecond: [Int]
    public var byMinute: [Int]
    public var byHour: [Int]
    public var byDay: [WeekdayOccurrence]
    public var byMonthDay: [Int]
    public var byYearDay: [Int]
    public var byWeekNumber: [Int]
    public var byMonth: [Int]
    public var bySetPosition: [Int]
    public var weekStart: Weekday

    /// The largest COUNT accepted. An instance exists only if fewer than COUNT came before it, so
    /// expanding a window of a COUNT rule walks every instance from DTSTART up to it: with
    /// `FREQ=SECONDLY;COUNT=2147483647` a view ten years on walked 300 million instances, and even
    /// 100,000 sparse ones (`FREQ=SECONDLY;INTERVAL=7;BYSECOND=0`) cost seconds (found by fuzzing,
    /// issue #11). Calendar programs write a few hundred at most (Outlook stops at 999); a longer
    /// series leaves COUNT out or ends with UNTIL, which expands straight from the window.
    public static let maximumCount = 10_000

    /// Builds and validates a rule; the error names the part that breaks RFC 5545.
    public init(
        frequency: RecurrenceFrequency, interval: Int = 1, end: End? = nil, bySecond: [Int] = [], byMinute: [Int] = [],
        byHour: [Int] = [], byDay: [WeekdayOccurrence] = [], byMonthDay: [Int] = [], byYearDay: [Int] = [],
        byWeekNumber: [Int] = [], byMonth: [Int] = [], bySetPosition: [Int] = [], weekStart: Weekday = .monday
    ) throws(RecurrenceRuleError) {
        self.frequency = frequency
        self.interval = interval
        self.end = end
        self.bySecond = bySecond
        self.byMinute = byMinute
        self.byHour = byHour
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.byYearDay = byYearDay
        self.byWeekNumber = byWeekNumber
        self.byMonth = byMonth
        self.bySetPosition = bySetPosition
        self.weekStart = weekStart
        try validate()
    }

    /// The COUNT, if the rule ends by count.
    public var count: Int? {
        if case .count(let n) = end { return n }
        return nil
    }

    /// The UNTIL, if the rule ends by time.
    public var until: EventTime? {
        if case .until(let t) = end { return t }
        return nil
    }

    /// Checks ranges and the combinations RFC 5545 forbids.
    func validate() throws(RecurrenceRuleError) {
        func check(_ values: [Int], _ part: String, _ range: ClosedRange<Int>, allowZero: Bool = true) throws(RecurrenceRuleError) {
            for value in values where !range.contains(value) || (!allowZero && value == 0) {
                let shown = allowZero ? "\(range.lowerBound)…\(range.upperBound)" : "\(range.lowerBound)…\(range.upperBound) except 0"
                throw RecurrenceRuleError(part: part, message: "\(part) value \(value) is out of range \(shown)")
            }
        }
        guard interval >= 1 else { throw RecurrenceRuleError(part: "INTERVAL", message: "INTERVAL must be a positive integer, not \(interval)") }
        if let count, count < 1 { throw RecurrenceRuleError(part: "COUNT", message: "COUNT must be a positive integer, not \(count)") }
        if let count, count > Self.maximumCount {
            throw RecurrenceRuleError(
                part: "COUNT", message: "COUNT must be at most \(Self.maximumCount), not \(count); leave COUNT out for a series without end")
        }
        try check(bySecond, "BYSECOND", 0...60)
        try check(byMinute, "BYMINUTE", 0...59)
        try check(byHour, "BYHOUR", 0...23)
        try check(byMonthDay, "BYMONTHDAY", -31...31, allowZero: false)
        try check(byYearDay, "BYYEARDAY", -366...366, allowZero: false)
        try check(byWeekNumber, "BYWEEKNO", -53...53, allowZero: false)
        try check(byMonth, "BYMONTH", 1...12)
        try check(bySetPosition, "BYSETPOS", -366...366, allowZero: false)
        try check(byDay.compactMap(\.ordinal), "BYDAY ordinal", -53...53, allowZero: false)
        if !byWeekNumber.isEmpty && frequency != .yearly {
            throw RecurrenceRuleError(part: "BYWEEKNO", message: "BYWEEKNO is only allowed with FREQ=YEARLY, not FREQ=\(frequency.icsName)")
        }
        if !byYearDay.isEmpty && [.daily, .weekly, .monthly].contains(frequency) {
            throw RecurrenceRuleError(part: "BYYEARDAY", message: "BYYEARDAY is not allowed with FREQ=\(frequency.icsName)")
        }
        if !byMonthDay.isEmpty && frequency == .weekly {
            throw RecurrenceRuleError(part: "BYMONTHDAY", message: "BYMONTHDAY is not allowed with FREQ=WEEKLY")
        }
        if let ordered = byDay.first(where: { $0.ordinal != nil }) {
            if frequency != .monthly && frequency != .yearly {
                throw RecurrenceRuleError(
                    part: "BYDAY", message: "BYDAY value \(ordered.icsValue) has an ordinal, which is only allowed with FREQ=MONTHLY or YEARLY")
            }
            if frequency == .yearly && !byWeekNumber.isEmpty {
                throw RecurrenceRuleError(
                    part: "BYDAY", message: "BYDAY value \(ordered.icsValue) has an ordinal, which is not allowed with BYWEEKNO")
            }
        }
        if !bySetPosition.isEmpty
            && bySecond.isEmpty && byMinute.isEmpty && byHour.isEmpty && byDay.isEmpty && byMonthDay.isEmpty
            && byYearDay.isEmpty && byWeekNumber.isEmpty && byMonth.isEmpty
        {
            throw RecurrenceRuleError(part: "BYSETPOS", message: "BYSETPOS needs another BYxxx rule part to select from")
        }
        if case .until(let until) = end, case .zoned = until {
            throw RecurrenceRuleError(part: "UNTIL", message: "UNTIL must be a DATE, a UTC DATE-TIME or a floating DATE-TIME")
        }
    }
}
