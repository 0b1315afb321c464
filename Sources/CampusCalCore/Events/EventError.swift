/// What can go wrong with events, in the domain's words.
import CampusCalICalendar
public enum EventError: Error, Sendable, Equatable {
    /// No event with this id that the caller may see (or it belongs to someone else).
    case notFound
    /// The event exists but has no occurrence with this recurrence id (or does not repeat).
    case occurrenceNotFound
    /// The event changed since the caller read it (`If-Match` failed).
    case versionMismatch(current: Int)
    /// Another event in the calendar already has this iCalendar UID.
    case duplicateUID(String)
    /// The window asked for is too long to expand.
    case windowTooLong(maximumDays: Int)
    /// The window holds more occurrences (or more expansion work) than one request may produce
    /// (`limits.max_occurrences_per_request`).
    case tooManyOccurrences(maximum: Int)
    /// One import holds more events than one file may (`limits.max_events_per_import`).
    /// `count` is nil when reading stopped at the limit.
    case tooManyEventsInImport(count: Int?, maximum: Int)
    /// The file held more than the iCalendar reader reads (`ICalendarParser.Limits`): its end was not read.
    case importTooLarge(reason: String)
    /// The calendar would hold more events than one calendar may (`limits.max_events_per_calendar`).
    case calendarFull(maximum: Int)
}
