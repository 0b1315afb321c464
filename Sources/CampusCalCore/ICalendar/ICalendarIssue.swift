import Foundation

/// Something wrong (or merely odd) in an iCalendar source, with the line where it was found.
///
/// Reading never throws: feeds from the wild are routinely a little broken, and one bad event
/// must not cost the user the other hundred. Issues tell the caller what was dropped or guessed.
public struct ICalendarIssue: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based source line, when known.
    public var line: Int?
    /// A sentence saying what is wrong and what was done about it.
    public var message: String

    public init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "line \(line): \(message)" }
        return message
    }
}

/// The result of reading an iCalendar source: the components that could be read, and the issues.
public struct ICalendarDocument: Sendable, Hashable {
    /// Top-level components, normally one or more `VCALENDAR`s.
    public var components: [ICalendarComponent]
    /// Problems found while reading, in source order.
    public var issues: [ICalendarIssue]

    public init(components: [ICalendarComponent] = [], issues: [ICalendarIssue] = []) {
        self.components = components
        self.issues = issues
    }

    /// The `VCALENDAR` components.
    public var calendars: [ICalendarComponent] { components.filter { $0.name == "VCALENDAR" } }
}
