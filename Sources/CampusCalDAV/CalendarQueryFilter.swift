import CampusCalICalendar
import Foundation

/// A calendar-query's `CALDAV:filter` (RFC 4791 §9.7): which components, with which properties and
/// values, a resource must hold to be reported. Read from the body by `init(filter:)`, applied to a
/// resource's iCalendar components by `matches(_:)`; time ranges are the route's to apply, over
/// the occurrences (a weekly series matches a week it occurs in, not only the week it starts).
///
/// Everything RFC 4791 defines is read but a time range on a property or an alarm, which is
/// refused (`CALDAV:supported-filter`) rather than answered wrongly.
public struct CalendarQueryFilter: Sendable, Equatable {
    /// The filters on the components inside VCALENDAR (VEVENT, VTODO…); none: every resource.
    public var components: [ComponentFilter]

    public init(components: [ComponentFilter] = []) { self.components = components }

    /// Every resource.
    public static let all = CalendarQueryFilter()

    /// The time range on the named component (`VEVENT`), if the filter has one.
    public func timeRange(of component: String) -> CalendarReport.TimeRange? {
        components.first { $0.name == component && !$0.isNotDefined }?.timeRange
    }

    /// Whether any component filter looks inside its components (properties, sub-components),
    /// which needs each resource's iCalendar components; time ranges alone do not.
    public var filtersProperties: Bool { components.contains { !$0.properties.isEmpty || !$0.components.isEmpty } }

    /// Whether a collection holding only `component`s can have resources that pass: the filter
    /// asks for no other component and does not exclude this one.
    public func asksOnlyFor(_ component: String) -> Bool {
        !components.contains { $0.isNotDefined ? $0.name == component : $0.name != component }
    }

    /// Whether a resource made of these events or to-dos passes the component filters (time ranges
    /// aside). Its iCalendar components are built only when a filter looks inside them.
    public func matches(events: [ICalendarEvent], todos: [ICalendarTodo] = []) -> Bool {
        guard filtersProperties else { return true }
        return matches(ICalendarExport.calendar(events: events, todos: todos, timeZones: false).components)
    }

    /// Whether a resource whose top-level components (inside VCALENDAR) are `components` passes
    /// every component filter — time ranges aside, which the caller has applied.
    public func matches(_ components: [ICalendarComponent]) -> Bool {
        self.components.allSatisfy { $0.matches(among: components) }
    }

    /// Reads `<filter><comp-filter name="VCALENDAR">…</comp-filter></filter>`; nil filter: every resource.
    public init(filter: DAVElement?) throws(CalendarReportError) {
        guard let filter else {
            self.init()
            return
        }
        guard let calendar = filter.child(.calDAV("comp-filter")), calendar.attributes["name"]?.uppercased() == "VCALENDAR" else {
            throw .unsupportedFilter("A calendar-query filter starts with <comp-filter name=\"VCALENDAR\">.")
        }
        // A time-range or prop-filter right under VCALENDAR filters VCALENDAR's own properties (RFC
        // 4791 §9.7): refused rather than ignored, which would answer with every resource.
        if let other = calendar.children.first(where: { $0.name != .calDAV("comp-filter") }) {
            throw .unsupportedFilter("Filter inside <comp-filter name=\"VEVENT\"> (or VTODO), not on VCALENDAR itself (\(other.name.local)).")
        }
        self.init(
            components: try calendar.children(.calDAV("comp-filter")).map { element throws(CalendarReportError) in
                try ComponentFilter(element, depth: 1)
            })
    }
}

/// RFC 4791 §9.7.1: a component of this name exists (or, `is-not-defined`, does not) whose
/// properties and sub-components pass the nested filters.
public struct ComponentFilter: Sendable, Equatable {
    public var name: String
    public var isNotDefined: Bool
    public var timeRange: CalendarReport.TimeRange?
    public var properties: [PropertyFilter]
    public var components: [ComponentFilter]
    /// `test="anyof"` (RFC 4791's successors, which python-caldav sends): one nested filter suffices.
    public var anyOf: Bool

    public init(
        name: String, isNotDefined: Bool = false, timeRange: CalendarReport.TimeRange? = nil, properties: [PropertyFilter] = [],
        components: [ComponentFilter] = [], anyOf: Bool = false
    ) {
        self.name = name
        self.isNotDefined = isNotDefined
        self.timeRange = timeRange
        self.properties = properties
        self.components = components
        self.anyOf = anyOf
    }

    init(_ element: DAVElement, depth: Int) throws(CalendarReportError) {
        guard let name = element.attributes["name"]?.uppercased(), !name.isEmpty else {
            throw .unsupportedFilter("A comp-filter names its component: <comp-filter name=\"VEVENT\">.")
        }
        var timeRange: CalendarReport.TimeRange?
        if let range = element.child(.calDAV("time-range")) {
            // Only the components a resource is made of have occurrences to match; an alarm's
            // trigger times are not searched.
            guard depth == 1 else { throw .unsupportedFilter("A time-range on \(name) inside another component is not supported.") }
            timeRange = try CalendarReport.range(range)
        }
        self.init(
            name: name, isNotDefined: element.child(.calDAV("is-not-defined")) != nil, timeRange: timeRange,
            properties: try element.children(.calDAV("prop-filter")).map { child throws(CalendarReportError) in try PropertyFilter(child) },
            components: try element.children(.calDAV("comp-filter")).map { child throws(CalendarReportError) in
                try ComponentFilter(child, depth: depth + 1)
            },
            anyOf: try Self.test(element))
    }

    static func test(_ element: DAVElement) throws(CalendarReportError) -> Bool {
        switch element.attributes["test"]?.lowercased() {
        case nil, "allof": return false
        case "anyof": return true
        case let other?: throw .unsupportedFilter("A filter's test is anyof or allof, not '\(other.prefix(20))'.")
        }
    }

    /// Whether `candidates` (components at this filter's level) pass it.
    func matches(among candidates: [ICalendarComponent]) -> Bool {
        let named = candidates.filter { $0.name.uppercased() == name }
        if isNotDefined { return named.isEmpty }
        return named.contains { component in
            let tests =
                properties.map { filter in { filter.matches(component) } }
                + components.map { filter in { filter.matches(among: component.components) } }
            if tests.isEmpty { return true }
            return anyOf ? tests.contains { $0() } : tests.allSatisfy { $0() }
        }
    }
}

/// RFC 4791 §9.7.2: a property of this name exists (or does not) whose value and parameters match.
public struct PropertyFilter: Sendable, Equatable {
    public var name: String
    public var isNotDefined: Bool
    public var textMatch: TextMatch?
    public var parameters: [ParameterFilter]
    public var anyOf: Bool

    public init(name: String, isNotDefined: Bool = false, textMatch: TextMatch? = nil, parameters: [ParameterFilter] = [], anyOf: Bool = false) {
        self.name = name
        self.isNotDefined = isNotDefined
        self.textMatch = textMatch
        self.parameters = parameters
        self.anyOf = anyOf
    }

    init(_ element: DAVElement) throws(CalendarReportError) {
        guard let name = element.attributes["name"]?.uppercased(), !name.isEmpty else {
            throw .unsupportedFilter("A prop-filter names its property: <prop-filter name=\"SUMMARY\">.")
        }
        if element.child(.calDAV("time-range")) != nil {
            throw .unsupportedFilter("A time-range on the property \(name) is not supported; put the time-range on the component.")
        }
        self.init(
            name: name, isNotDefined: element.child(.calDAV("is-not-defined")) != nil,
            textMatch: try element.child(.calDAV("text-match")).map { child throws(CalendarReportError) in try TextMatch(child) },
            parameters: try element.children(.calDAV("param-filter")).map { child throws(CalendarReportError) in try ParameterFilter(child) },
            anyOf: try ComponentFilter.test(element))
    }

    func matches(_ component: ICalendarComponent) -> Bool {
        let named = component.properties(named: name)
        if isNotDefined { return named.isEmpty }
        return named.contains { property in
            let tests =
                (textMatch.map { match in [{ match.matches(property.textValue) }] } ?? [])
                + parameters.map { filter in { filter.matches(property) } }
            if tests.isEmpty { return true }
            return anyOf ? tests.contains { $0() } : tests.allSatisfy { $0() }
        }
    }
}

/// RFC 4791 §9.7.3: a parameter of this name exists (or does not) whose value matches.
public struct ParameterFilter: Sendable, Equatable {
    public var name: String
    public var isNotDefined: Bool
    public var textMatch: TextMatch?

    init(_ element: DAVElement) throws(CalendarReportError) {
        guard let name = element.attributes["name"]?.uppercased(), !name.isEmpty else {
            throw .unsupportedFilter("A param-filter names its parameter: <param-filter name=\"PARTSTAT\">.")
        }
        self.name = name
        isNotDefined = element.child(.calDAV("is-not-defined")) != nil
        textMatch = try element.child(.calDAV("text-match")).map { child throws(CalendarReportError) in try TextMatch(child) }
    }

    func matches(_ property: ICalendarProperty) -> Bool {
        let value = property.parameter(name)
        if isNotDefined { return value == nil }
        guard let value else { return false }
        return textMatch?.matches(value) ?? true
    }
}

/// RFC 4791 §9.7.5: a substring match under a collation (RFC 4790), optionally negated.
public struct TextMatch: Sendable, Equatable {
    public enum Collation: String, Sendable, Equatable {
        /// ASCII letters compared without case (RFC 4791's default).
        case asciiCasemap = "i;ascii-casemap"
        /// Bytes compared exactly.
        case octet = "i;octet"
        /// Unicode characters compared without case (RFC 5051), which students' titles need.
        case unicodeCasemap = "i;unicode-casemap"
    }

    public var text: String
    public var collation: Collation
    public var negate: Bool

    public init(_ text: String, collation: Collation = .asciiCasemap, negate: Bool = false) {
        self.text = text
        self.collation = collation
        self.negate = negate
    }

    init(_ element: DAVElement) throws(CalendarReportError) {
        let name = element.attributes["collation"] ?? Collation.asciiCasemap.rawValue
        guard let collation = Collation(rawValue: name) else {
            throw .unsupportedCollation(name)
        }
        self.init(element.text, collation: collation, negate: element.attributes["negate-condition"]?.lowercased() == "yes")
    }

    public func matches(_ value: String) -> Bool {
        let found: Bool
        switch collation {
        case .octet: found = text.isEmpty || Self.contains(Array(value.utf8), Array(text.utf8))
        case .asciiCasemap: found = text.isEmpty || Self.contains(Self.asciiLowercased(value), Self.asciiLowercased(text))
        case .unicodeCasemap:
            found = text.isEmpty || value.range(of: text, options: [.caseInsensitive], locale: nil) != nil
        }
        return found != negate
    }

    static func asciiLowercased(_ text: String) -> [UInt8] {
        text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        if needle.isEmpty { return true }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
