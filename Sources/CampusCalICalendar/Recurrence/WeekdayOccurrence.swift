import Foundation

/// One `BYDAY` entry: a weekday, optionally the n-th one of the month or year (`2TU`, `-1FR`).
public struct WeekdayOccurrence: Sendable, Hashable {
    /// Which weekday.
    public var weekday: Weekday
    /// 1…53 counts from the start of the month or year, -1…-53 from its end; nil means every such weekday.
    public var ordinal: Int?

    public init(_ weekday: Weekday, ordinal: Int? = nil) {
        self.weekday = weekday
        self.ordinal = ordinal
    }

    /// `MO`, `2TU`, `-1FR`.
    public var icsValue: String { (ordinal.map { String($0) } ?? "") + weekday.icsCode }
}
