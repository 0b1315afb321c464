import Foundation

/// One parameter of a content line (`TZID=America/Denver`, `MEMBER="mailto:a@x","mailto:b@x"`).
///
/// Values are stored decoded: without the surrounding quotes and with RFC 6868 `^`-escapes
/// resolved, so callers compare plain text; the writer re-quotes and re-escapes as needed.
public struct ICalendarParameter: Sendable, Hashable {
    /// The parameter name in upper case (names are case-insensitive, RFC 5545 §2).
    public var name: String
    /// One or more values; a comma-separated list on the wire.
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name.uppercased()
        self.values = values
    }

    public init(name: String, value: String) {
        self.init(name: name, values: [value])
    }

    /// The values joined by commas, which is what most single-valued parameters want.
    public var value: String { values.joined(separator: ",") }
}
