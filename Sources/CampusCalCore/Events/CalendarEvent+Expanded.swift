import CampusCalICalendar
import Foundation

/// CalDAV's `expand` (RFC 4791 §9.6.5): a series as the occurrences in a window, each a VEVENT
/// of its own without recurrence rules, at UTC times, with its RECURRENCE-ID.
extension CalendarEvent {
    /// The occurrences overlapping `[from, to)` as VEVENTs (all-day ones keep their dates), with
    /// the overrides' details where they changed one — the same expansion as the REST lists.
    public func expandedICalendarEvents(from: Date, to: Date) -> [ICalendarEvent] {
        let utc = TimeZone(identifier: "UTC")!
        func inUTC(_ time: EventTime) -> EventTime {
            time.isAllDay ? time : .utc(LocalDateTime(instant: time.instant(viewerTimeZone: utc), in: utc))
        }
        return occurrences(from: from, to: to, viewerTimeZone: utc, limit: EventService.maximumOccurrencesPerEvent).map { occurrence in
            var vevent = occurrence.event.iCalendarEvent
            vevent.uid = uid
            vevent.recurrenceRule = nil
            vevent.recurrenceDates = []
            vevent.exceptionDates = []
            vevent.start = inUTC(occurrence.start)
            vevent.end = inUTC(occurrence.end)
            vevent.recurrenceID = recurrence == nil ? nil : occurrence.recurrenceID.map(inUTC)
            return vevent
        }
    }
}
