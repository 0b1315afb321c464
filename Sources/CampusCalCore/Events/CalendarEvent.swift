import CampusCalICalendar
import Foundation

/// An event in a calendar (SRS 3.2.8, 3.2.21, 3.5): what, when, where — and, when it repeats, how.
public struct CalendarEvent: Sendable, Equatable {
    public var id: EventID
    public var calendarID: CalendarID
    /// The iCalendar `UID`: stable across export and import, unique within its calendar.
    public var uid: String
    public var title: String
    public var description: String?
    /// Free text, typically an address or a room; clients get a map link for it.
    public var location: String?
    public var url: String?
    /// When it starts; a `.date` makes it an all-day event.
    public var start: EventTime
    /// When it ends (exclusive), of the same kind as `start`: the day after the last day for all-day events.
    public var end: EventTime
    public var categories: [String]
    public var classification: EventClassification
    public var status: EventStatus
    public var transparency: EventTransparency
    /// Nil for a one-off event. Its `start` is the event's `start`.
    public var recurrence: RecurrenceSet?
    /// Changed occurrences of the series, sorted by `recurrenceKey`, at most one per occurrence.
    public var overrides: [OccurrenceOverride]
    /// iCalendar `SEQUENCE`: bumped when the time changes, so invitees' programs accept the update.
    public var sequence: Int
    /// When to remind the calendar's owner of each occurrence, counted back from its start.
    public var reminders: [Reminder]
    public var createdAt: Date
    public var updatedAt: Date
    /// Incremented on every change; the API's `ETag`.
    public var version: Int
    /// The shared course record it belongs to, for an event an LMS sync brought in from a course's
    /// calendar (a lecture, an exam); nil for everything else.
    public var courseID: CourseID?

    public init(
        id: EventID, calendarID: CalendarID, uid: String, title: String, description: String? = nil, location: String? = nil,
        url: String? = nil, start: EventTime, end: EventTime, categories: [String] = [], classification: EventClassification = .public,
        status: EventStatus = .confirmed, transparency: EventTransparency = .opaque, recurrence: RecurrenceSet? = nil,
        overrides: [OccurrenceOverride] = [],
        sequence: Int = 0, reminders: [Reminder] = [],
        createdAt: Date, updatedAt: Date, version: Int = 1, courseID: CourseID? = nil
    ) {
        self.courseID = courseID
        self.id = id
        self.calendarID = calendarID
        self.uid = uid
        self.title = title
        self.description = description
        self.location = location
        self.url = url
        self.start = start
        self.end = end
        self.categories = categories
        self.classification = classification
        self.status = status
        self.transparency = transparency
        self.recurrence = recurrence
        self.overrides = overrides
        self.sequence = sequence
        self.reminders = reminders
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    /// True when `start` is a date.
    public var isAllDay: Bool { start.isAllDay }

    /// How long each occurrence lasts, in exact seconds (RFC 5545 §3.8.5.3: a DTEND gives every
    /// occurrence the same exact duration). For all-day events, a whole number of days.
    public var durationSeconds: Int {
        end.instantSeconds(viewerTimeZone: .utc) - start.instantSeconds(viewerTimeZone: .utc)
    }
}
