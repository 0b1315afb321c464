import CampusCalICalendar
import Foundation

/// Between the server's events and iCalendar's VEVENTs (export, import, subscription feeds).
extension CalendarEvent {
    /// The event as a VEVENT.
    public var iCalendarEvent: ICalendarEvent {
        var vevent = ICalendarEvent(uid: uid, summary: title, start: start, end: end)
        vevent.description = description
        vevent.location = location
        vevent.url = url
        vevent.categories = categories
        vevent.classification = classification.rawValue
        vevent.status = status.rawValue
        vevent.transparency = transparency.rawValue
        vevent.recurrenceRule = recurrence?.rules.first?.rfc5545
        vevent.recurrenceDates = recurrence?.rdates ?? []
        vevent.exceptionDates = recurrence?.exdates ?? []
        vevent.sequence = sequence
        let utc = TimeZone(identifier: "UTC")!
        vevent.created = .utc(LocalDateTime(instant: createdAt, in: utc))
        vevent.lastModified = .utc(LocalDateTime(instant: updatedAt, in: utc))
        vevent.alarms = reminders.map { $0.alarm(title: title) }
        return vevent
    }

    /// The event as VEVENTs: the series, then one per override with the same UID and its RECURRENCE-ID.
    public var iCalendarEvents: [ICalendarEvent] {
        let series = iCalendarEvent
        return [series]
            + overrides.map { change in
                var vevent = change.details(of: self, start: change.start, end: change.end).iCalendarEvent
                vevent.recurrenceRule = nil
                vevent.recurrenceDates = []
                vevent.exceptionDates = []
                vevent.recurrenceID = change.recurrenceID
                vevent.recurrenceIDThisAndFuture = change.range == .thisAndFuture
                return vevent
            }
    }
}

extension EventChanges {
    /// The changes that make an event match an imported VEVENT, or why it cannot be imported.
    /// Its VALARMs become reminders (see `Reminder.importing`); those at instants not after `now` are dropped.
    public init(importing vevent: ICalendarEvent, now: Date? = nil) throws(ImportRefusal) {
        guard let start = vevent.start else { throw ImportRefusal("has no start (DTSTART)") }
        var end: FieldChange<EventTime> = .clear
        if let value = vevent.end {
            end = .set(value)
        } else if let duration = vevent.duration, duration.totalSeconds > 0 {
            end = .set(EventService.shifted(start, by: duration.totalSeconds))
        }
        func text(_ value: String?) -> FieldChange<String> { value.map { .set($0) } ?? .clear }
        self.init(
            uid: vevent.uid,
            title: vevent.summary.flatMap { $0.trimmingWhitespaceAndNewlines().isEmpty ? nil : $0 } ?? "Untitled",
            description: text(vevent.description), location: text(vevent.location), url: text(vevent.url), start: start, end: end,
            recurrenceRule: text(vevent.recurrenceRule), exceptionDates: vevent.exceptionDates, recurrenceDates: vevent.recurrenceDates,
            categories: vevent.categories,
            classification: vevent.classification.flatMap { EventClassification(rawValue: $0.uppercased()) } ?? .public,
            status: vevent.status.flatMap { EventStatus(rawValue: $0.uppercased()) } ?? .confirmed,
            transparency: vevent.transparency.flatMap { EventTransparency(rawValue: $0.uppercased()) } ?? .opaque,
            reminders: Reminder.importing(vevent.alarms, now: now))
    }
}

/// Why one item of an imported file was not imported, in words for the person importing.
public struct ImportRefusal: Error, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}
