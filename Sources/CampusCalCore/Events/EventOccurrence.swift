import Foundation

/// One occurrence of an event in a window: a one-off event's only one, or one of a series.
public struct EventOccurrence: Sendable, Equatable {
    public var event: CalendarEvent
    /// The occurrence's original start (its iCalendar `RECURRENCE-ID`); nil for a one-off event.
    public var recurrenceID: EventTime?
    public var start: EventTime
    public var end: EventTime
    /// `start` as an instant for the viewer, by which occurrences are sorted.
    public var startInstant: Date
    public var endInstant: Date
}
