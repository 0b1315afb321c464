/// What an iCalendar import did. Importing the same file twice reports everything `unchanged`.
import CampusCalICalendar
public struct ImportReport: Sendable, Equatable {
    public var created = 0
    public var updated = 0
    public var unchanged = 0
    /// Items not imported, and lines of the file that could not be read, with their line numbers.
    public var problems: [ICalendarIssue] = []

    public init() {}
}
