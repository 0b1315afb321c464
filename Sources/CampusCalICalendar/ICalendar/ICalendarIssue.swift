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

    /// At most `maximumLength` characters of something read from the input, for quoting it in a
    /// message: a message never copies unbounded input (each copy of a megabyte name is a megabyte).
    public static func excerpt(_ text: String, maximumLength: Int = 40) -> String {
        let scalars = text.unicodeScalars
        guard let cut = scalars.index(scalars.startIndex, offsetBy: maximumLength, limitedBy: scalars.endIndex), cut != scalars.endIndex else {
            return text
        }
        return String(scalars[..<cut]) + "…"
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
    /// Problems found while reading, in source order: at most `ICalendarParser.Limits.maximumIssues`.
    public var issues: [ICalendarIssue]
    /// How many more problems were found than `issues` lists.
    public var omittedIssues: Int
    /// The input held more than the reader's limits allow, and its end was not read: importing
    /// what was read would silently lose the rest, so importers refuse such a file.
    public var isTruncated: Bool
    /// It was the `VEVENT` bound (`ICalendarParser.Limits.maximumEvents`) that stopped reading.
    public var stoppedAtEventLimit = false

    public init(components: [ICalendarComponent] = [], issues: [ICalendarIssue] = [], omittedIssues: Int = 0, isTruncated: Bool = false) {
        self.components = components
        self.issues = issues
        self.omittedIssues = omittedIssues
        self.isTruncated = isTruncated
    }

    /// The `VCALENDAR` components.
    public var calendars: [ICalendarComponent] { components.filter { $0.name == "VCALENDAR" } }
}

/// Issues collected up to a bound: the first `maximum` in full, then only counted, so that a file
/// with a million broken lines costs a thousand messages, not a million.
struct ICalendarIssueList {
    let maximum: Int
    private(set) var issues: [ICalendarIssue] = []
    /// Issues found but not kept.
    private(set) var dropped: Int

    init(maximum: Int, dropped: Int = 0) {
        self.maximum = maximum
        self.dropped = dropped
    }

    var isEmpty: Bool { issues.isEmpty }

    /// Adds one; `message` is built only if it will be kept.
    mutating func append(line: Int?, _ message: @autoclosure () -> String) {
        if issues.count < maximum {
            issues.append(ICalendarIssue(line: line, message: message()))
        } else {
            dropped += 1
        }
    }

    /// Appends issues found elsewhere (a mapper's), keeping the bound.
    mutating func append(contentsOf others: [ICalendarIssue]) {
        for issue in others { append(line: issue.line, issue.message) }
    }

    /// The issues, with one more line saying how many were left out.
    func finished() -> [ICalendarIssue] {
        dropped == 0 ? issues : issues + [ICalendarIssue(line: nil, message: "\(dropped) more problems not listed")]
    }
}
