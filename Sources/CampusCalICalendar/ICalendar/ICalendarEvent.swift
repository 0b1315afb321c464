import Foundation

/// A `VEVENT` as plain values.
///
/// Text is unescaped, times are `EventTime`s with IANA zones. What this struct does not model is
/// kept in `otherProperties` / `otherComponents` (and parameters of text properties in
/// `textParameters`), so `ICalendarExport` writes back everything an import read.
public struct ICalendarEvent: Sendable, Hashable {
    public var uid: String
    public var summary: String?
    public var description: String?
    public var location: String?
    public var url: String?
    public var start: EventTime?
    public var end: EventTime?
    /// `DURATION`, when the event says how long it lasts instead of when it ends.
    public var duration: ICalendarDuration?
    public var categories: [String]
    /// `CLASS` (PUBLIC, PRIVATE, CONFIDENTIAL, …), upper-cased.
    public var classification: String?
    /// `STATUS` (TENTATIVE, CONFIRMED, CANCELLED), upper-cased.
    public var status: String?
    /// `TRANSP` (OPAQUE, TRANSPARENT), upper-cased.
    public var transparency: String?
    /// The `RRULE` value as written; `RecurrenceRule` parses it.
    public var recurrenceRule: String?
    public var recurrenceDates: [EventTime]
    public var exceptionDates: [EventTime]
    /// `RECURRENCE-ID`: which occurrence of the series with this UID this event overrides.
    public var recurrenceID: EventTime?
    /// `RANGE=THISANDFUTURE` on the recurrence id: the override applies to later occurrences too.
    public var recurrenceIDThisAndFuture: Bool
    public var sequence: Int?
    public var timestamp: EventTime?
    public var created: EventTime?
    public var lastModified: EventTime?
    public var geo: ICalendarGeo?
    /// `ORGANIZER` and `ATTENDEE` as read (CAL-ADDRESS values with CN, ROLE, PARTSTAT… parameters).
    public var organizer: ICalendarProperty?
    public var attendees: [ICalendarProperty]
    public var alarms: [ICalendarAlarm]
    /// Parameters of SUMMARY, DESCRIPTION, LOCATION and URL (ALTREP, LANGUAGE), by property name.
    public var textParameters: [String: [ICalendarParameter]]
    public var otherProperties: [ICalendarProperty]
    public var otherComponents: [ICalendarComponent]
    /// The line of `BEGIN:VEVENT`, when imported (not part of equality, so re-imports compare equal).
    public var line: Int? {
        get { sourceLine.value }
        set { sourceLine.value = newValue }
    }
    private var sourceLine = SourceLine(nil)

    public init(uid: String, summary: String? = nil, start: EventTime? = nil, end: EventTime? = nil) {
        self.uid = uid
        self.summary = summary
        self.start = start
        self.end = end
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

    /// Whether the event spans whole days (its start is a DATE).
    public var isAllDay: Bool { start?.isAllDay ?? false }
}
