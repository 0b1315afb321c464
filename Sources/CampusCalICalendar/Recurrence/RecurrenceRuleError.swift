import Foundation

/// Why an `RRULE` value was refused, as a sentence that names the offending part, e.g.
/// "BYMONTHDAY value 32 is out of range -31…31", fit to show to the person who typed it.
public struct RecurrenceRuleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule part at fault (`BYMONTHDAY`), or nil when the rule as a whole is at fault.
    public var part: String?
    /// The human sentence.
    public var message: String

    public init(part: String?, message: String) {
        self.part = part
        self.message = message
    }

    public var description: String { message }
}
