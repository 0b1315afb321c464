import Foundation

/// How often a rule's basic period repeats (RFC 5545 `FREQ`), ordered from the shortest period.
public enum RecurrenceFrequency: Int, Sendable, Hashable, CaseIterable, Comparable {
    case secondly
    case minutely
    case hourly
    case daily
    case weekly
    case monthly
    case yearly

    /// The RFC 5545 spelling (`DAILY`).
    public var icsName: String { String(describing: self).uppercased() }

    public static func < (lhs: RecurrenceFrequency, rhs: RecurrenceFrequency) -> Bool { lhs.rawValue < rhs.rawValue }
}
