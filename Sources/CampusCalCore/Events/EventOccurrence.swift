import CampusCalICalendar
import Foundation

/// One occurrence of an event in a window: a one-off event's only one, or one of a series.
public struct EventOccurrence: Sendable, Equatable {
    /// The occurrence's details: the series' own, or those of the override that changed it.
    public var event: CalendarEvent
    /// The occurrence's original start (its iCalendar `RECURRENCE-ID`); nil for a one-off event.
    public var recurrenceID: EventTime?
    public var start: EventTime
    public var end: EventTime
    /// `start` as an instant for the viewer, by which occurrences are sorted.
    public var startInstant: Date
    public var endInstant: Date
    /// True when an override (of this occurrence, or a this-and-future one before it) changed it.
    public var isOverridden: Bool

    public init(
        event: CalendarEvent, recurrenceID: EventTime?, start: EventTime, end: EventTime, startInstant: Date, endInstant: Date,
        isOverridden: Bool = false
    ) {
        self.event = event
        self.recurrenceID = recurrenceID
        self.start = start
        self.end = end
        self.startInstant = startInstant
        self.endInstant = endInstant
        self.isOverridden = isOverridden
    }
}
