import Foundation

/// A `VTODO` as plain values; see `ICalendarEvent` for what is kept and how.
public struct ICalendarTodo: Sendable, Hashable {
    public var uid: String
    public var summary: String?
    public var description: String?
    public var location: String?
    public var url: String?
    public var start: EventTime?
    public var due: EventTime?
    public var duration: ICalendarDuration?
    public var completed: EventTime?
    /// 0–100.
    public var percentComplete: Int?
    /// 0 (undefined), 1 (highest) … 9 (lowest).
    public var priority: Int?
    /// `STATUS` (NEEDS-ACTION, COMPLETED, IN-PROCESS, CANCELLED), upper-cased.
    public var status: String?
    public var categories: [String]
    public var classification: String?
    public var recurrenceRule: String?
    public var recurrenceDates: [EventTime]
    public var exceptionDates: [EventTime]
    public var recurrenceID: EventTime?
    public var recurrenceIDThisAndFuture: Bool
    public var sequence: Int?
    public var timestamp: EventTime?
    public var created: EventTime?
    public var lastModified: EventTime?
    public var geo: ICalendarGeo?
    public var organizer: ICalendarProperty?
    public var attendees: [ICalendarProperty]
    public var alarms: [ICalendarAlarm]
    public var textParameters: [String: [ICalendarParameter]]
    public var otherProperties: [ICalendarProperty]
    public var otherComponents: [ICalendarComponent]
    /// The line of `BEGIN:VTODO`, when imported (not part of equality).
    public var line: Int? {
        get { sourceLine.value }
        set { sourceLine.value = newValue }
    }
    private var sourceLine = SourceLine(nil)

    public init(uid: String, summary: String? = nil, due: EventTime? = nil) {
        self.uid = uid
        self.summary = summary
        self.due = due
        categories = []
        recurrenceDates = []
        exceptionDates = []
        recurrenceIDThisAndFuture = false
        attendees = []
        alarms = []
        textParameters = [:]
        otherProperties = []
        otherComponents = []
    }
}
