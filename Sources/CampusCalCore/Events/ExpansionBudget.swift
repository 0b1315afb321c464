import CampusCalICalendar
import Foundation

/// How much expanding one request may still do, across all the events it expands.
///
/// Each event already stops at `EventService.maximumOccurrencesPerEvent`, but a request expands
/// many: 2,000 stored `FREQ=SECONDLY` events in a year view were 10 million occurrences, minutes of
/// CPU and a response of gigabytes (review H6). The budget bounds two things:
/// - **occurrences produced** (memory and response size): at most `maximumOccurrences`;
/// - **work** (CPU): before an event is expanded, the periods its rules may walk in the window are
///   estimated (`RecurrenceSet.expansionCost`) and charged, up to `maximumWork`. A rule that never
///   matches inside the window still walks it, so counting only what it produces would not do.
///
/// Over either, the request fails with `EventError.tooManyOccurrences` (a problem asking for a
/// narrower window) before the expensive part, not after it.
public struct ExpansionBudget: Sendable {
    /// The most occurrences the request may produce.
    public let maximumOccurrences: Int
    /// The most rule periods the request may walk: generous (50 per occurrence allowed), since
    /// walking a period is cheap; it is there for rules that walk without producing anything.
    public var maximumWork: Int { maximumOccurrences.multipliedReportingOverflow(by: 50).overflow ? .max : maximumOccurrences * 50 }
    public private(set) var occurrences = 0
    public private(set) var work = 0

    public init(maximumOccurrences: Int) {
        self.maximumOccurrences = maximumOccurrences
    }

    /// Charges the work of expanding `event` in `[from, to)`; throws once the work is over budget.
    public mutating func chargeExpansion(of event: CalendarEvent, from: Date, to: Date) throws {
        let cost = event.recurrence.map { $0.expansionCost(from: from, to: to) + event.overrides.count } ?? 1
        work = work.addingReportingOverflow(cost).overflow ? .max : work + cost
        if work > maximumWork { throw EventError.tooManyOccurrences(maximum: maximumOccurrences) }
    }

    /// Charges `count` occurrences produced; throws once they are over budget.
    public mutating func charge(occurrences count: Int) throws {
        occurrences += count
        if occurrences > maximumOccurrences { throw EventError.tooManyOccurrences(maximum: maximumOccurrences) }
    }
}

extension RecurrenceSet {
    /// An upper estimate of the rule periods expanding `[from, to)` walks: rules without COUNT
    /// jump to the window and walk it; rules with COUNT walk from DTSTART (`occurrences(from:to:…)`).
    /// Sub-daily rules walk one period per INTERVAL × unit; daily and longer ones look at each day.
    public func expansionCost(from: Date, to: Date) -> Int {
        let upper = Int(to.timeIntervalSince1970.rounded(.up)) + 2 * 86_400
        var cost = rdates.count + 1
        for rule in rules {
            var lower = Int(from.timeIntervalSince1970) - 2 * 86_400
            if case .count = rule.end { lower = min(lower, start.instantSeconds(viewerTimeZone: .utc) - 86_400) }
            let span = max(0, upper - lower)
            let periods: Int
            switch rule.frequency {
            case .secondly: periods = span / max(1, rule.interval)
            case .minutely: periods = span / 60 / max(1, rule.interval)
            case .hourly: periods = span / 3600 / max(1, rule.interval)
            case .daily, .weekly, .monthly, .yearly: periods = span / 86_400
            }
            cost = cost.addingReportingOverflow(periods + 1).overflow ? .max : cost + periods + 1
        }
        return cost
    }
}
