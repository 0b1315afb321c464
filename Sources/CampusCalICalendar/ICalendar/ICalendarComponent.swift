import Foundation

/// A component (`VCALENDAR`, `VEVENT`, `VALARM`, `X-…`) with its properties in source order and
/// its subcomponents.
///
/// The tree keeps everything, including properties and components nobody here understands, so
/// that reading and writing a file loses nothing.
public struct ICalendarComponent: Sendable, Hashable {
    /// The component name in upper case.
    public var name: String
    /// Properties in order.
    public var properties: [ICalendarProperty]
    /// Nested components in order.
    public var components: [ICalendarComponent]
    /// The 1-based line of its `BEGIN`, when read from a file (not part of equality).
    public var line: Int? {
        get { sourceLine.value }
        set { sourceLine.value = newValue }
    }
    private var sourceLine = SourceLine(nil)

    public init(name: String, properties: [ICalendarProperty] = [], components: [ICalendarComponent] = [], line: Int? = nil) {
        self.name = name.uppercased()
        self.properties = properties
        self.components = components
        self.line = line
    }

    /// The first property called `name` (case-insensitive).
    public func property(_ name: String) -> ICalendarProperty? {
        let key = name.uppercased()
        return properties.first { $0.name == key }
    }

    /// Every property called `name`, in order.
    public func properties(named name: String) -> [ICalendarProperty] {
        let key = name.uppercased()
        return properties.filter { $0.name == key }
    }

    /// Direct subcomponents called `name`.
    public func components(named name: String) -> [ICalendarComponent] {
        let key = name.uppercased()
        return components.filter { $0.name == key }
    }
}
