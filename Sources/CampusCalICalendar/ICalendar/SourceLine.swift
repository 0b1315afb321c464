import Foundation

/// Where something was read from, carried along but ignored by `==` and hashing.
///
/// An event that moved down a feed because another was added above it is still the same event;
/// importers compare values to detect changes (LMS feeds keep `SEQUENCE:0` forever), so line
/// numbers must not make equal content look different.
struct SourceLine: Sendable, Hashable {
    var value: Int?

    init(_ value: Int?) { self.value = value }

    static func == (lhs: SourceLine, rhs: SourceLine) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
