import Foundation

/// A day of the week, numbered from Monday = 0 as ISO 8601 and python-dateutil do, so that
/// week arithmetic is a plain modulo.
public enum Weekday: Int, Sendable, Hashable, CaseIterable, Comparable {
    case monday = 0
    case tuesday
    case wednesday
    case thursday
    case friday
    case saturday
    case sunday

    /// The two-letter code RFC 5545 uses in `BYDAY` and `WKST` (`MO` … `SU`).
    public var icsCode: String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue] }

    /// The weekday for an RFC 5545 code (`"MO"`), or nil.
    public init?(icsCode: String) {
        guard let index = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].firstIndex(of: icsCode.uppercased()) else { return nil }
        self.init(rawValue: index)
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
