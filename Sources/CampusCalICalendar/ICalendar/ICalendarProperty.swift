import Foundation

/// One property of a component, as read from (or to be written to) a content line.
///
/// The value is kept *raw*, exactly as it appears on the wire after unfolding (TEXT still
/// escaped, dates still in `20260909T100000` form). That is what makes round trips lossless for
/// properties we do not understand: the writer puts back what the reader found. Typed access
/// goes through the value helpers (`ICalendarText`, `ICalendarDateTime`, …).
public struct ICalendarProperty: Sendable, Hashable {
    /// The property name in upper case (`DTSTART`, `X-WR-CALNAME`).
    public var name: String
    /// Parameters in source order.
    public var parameters: [ICalendarParameter]
    /// The raw value (escaped as on the wire).
    public var value: String
    /// The 1-based line of the source where this property started, when it was read from a file.
    /// Not part of equality: the same property on another line is the same property.
    public var line: Int? {
        get { sourceLine.value }
        set { sourceLine.value = newValue }
    }
    private var sourceLine = SourceLine(nil)

    public init(name: String, parameters: [ICalendarParameter] = [], value: String, line: Int? = nil) {
        self.name = name.uppercased()
        self.parameters = parameters
        self.value = value
        self.line = line
    }

    /// A TEXT property, escaping `text` (RFC 5545 §3.3.11).
    public static func text(_ name: String, _ text: String, parameters: [ICalendarParameter] = []) -> ICalendarProperty {
        ICalendarProperty(name: name, parameters: parameters, value: ICalendarText.escape(text))
    }

    /// The first value of the parameter `name` (case-insensitive), if present.
    public func parameter(_ name: String) -> String? {
        let key = name.uppercased()
        return parameters.first { $0.name == key }?.value
    }

    /// Sets (or with `nil` removes) a single-valued parameter, keeping the position of an existing one.
    public mutating func setParameter(_ name: String, _ value: String?) {
        let key = name.uppercased()
        if let value {
            if let index = parameters.firstIndex(where: { $0.name == key }) {
                parameters[index].values = [value]
            } else {
                parameters.append(ICalendarParameter(name: key, value: value))
            }
        } else {
            parameters.removeAll { $0.name == key }
        }
    }

    /// The value decoded as TEXT (escapes resolved).
    public var textValue: String { ICalendarText.unescape(value) }
}
