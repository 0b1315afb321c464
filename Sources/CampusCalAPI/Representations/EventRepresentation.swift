import CampusCalCore
import CampusCalICalendar
import Foundation
import Logging

/// An event as the API shows it. Optional text fields are always present (null when empty).
struct EventRepresentation: Encodable {
    var event: CalendarEvent

    private enum CodingKeys: String, CodingKey {
        case id, calendarId, courseId, uid, title, description, location, mapUrl, url, start, end, allDay, recurrenceRule, recurrenceDates,
            exceptionDates
        case overrides, categories, classification, status, transparency, sequence, reminders, createdAt, updatedAt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(event.id.rawValue, forKey: .id)
        try container.encode(event.calendarID.rawValue, forKey: .calendarId)
        try container.encode(event.courseID?.rawValue, forKey: .courseId)
        try container.encode(event.uid, forKey: .uid)
        try container.encode(event.title, forKey: .title)
        try container.encode(event.description, forKey: .description)
        try container.encode(event.location, forKey: .location)
        try container.encode(MapLink.url(for: event.location), forKey: .mapUrl)
        try container.encode(event.url, forKey: .url)
        try container.encode(EventTimeJSON(event.start), forKey: .start)
        try container.encode(EventTimeJSON(event.end), forKey: .end)
        try container.encode(event.isAllDay, forKey: .allDay)
        try container.encode(event.recurrence?.rules.first?.rfc5545, forKey: .recurrenceRule)
        try container.encode((event.recurrence?.rdates ?? []).map(EventTimeJSON.init), forKey: .recurrenceDates)
        try container.encode((event.recurrence?.exdates ?? []).map(EventTimeJSON.init), forKey: .exceptionDates)
        try container.encode(event.overrides.map(OverrideRepresentation.init), forKey: .overrides)
        try container.encode(event.categories, forKey: .categories)
        try container.encode(event.classification.rawValue, forKey: .classification)
        try container.encode(event.status.rawValue, forKey: .status)
        try container.encode(event.transparency.rawValue, forKey: .transparency)
        try container.encode(event.sequence, forKey: .sequence)
        try container.encode(event.reminders.map(NotificationRoutes.ReminderJSON.init), forKey: .reminders)
        try container.encode(event.createdAt, forKey: .createdAt)
        try container.encode(event.updatedAt, forKey: .updatedAt)
    }
}

/// One occurrence in a window, as calendar views draw it.
struct OccurrenceRepresentation: Encodable {
    var occurrence: EventOccurrence

    private enum CodingKeys: String, CodingKey {
        case eventId, calendarId, recurrenceId, occurrenceId, overridden, title, location, mapUrl, allDay, start, end, startsAt, endsAt, status
        case transparency
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let event = occurrence.event
        // Busy time hands out no id that leads to the event (security review H2).
        try container.encode(event.isBusyTime ? nil : event.id.rawValue, forKey: .eventId)
        try container.encode(event.calendarID.rawValue, forKey: .calendarId)
        try container.encode(occurrence.recurrenceID.map(EventTimeJSON.init), forKey: .recurrenceId)
        try container.encode(event.isBusyTime ? nil : occurrence.recurrenceID.map(OccurrenceID.format), forKey: .occurrenceId)
        try container.encode(occurrence.isOverridden, forKey: .overridden)
        try container.encode(event.title, forKey: .title)
        try container.encode(event.location, forKey: .location)
        try container.encode(MapLink.url(for: event.location), forKey: .mapUrl)
        try container.encode(event.isAllDay, forKey: .allDay)
        try container.encode(EventTimeJSON(occurrence.start), forKey: .start)
        try container.encode(EventTimeJSON(occurrence.end), forKey: .end)
        try container.encode(occurrence.startInstant, forKey: .startsAt)
        try container.encode(occurrence.endInstant, forKey: .endsAt)
        try container.encode(event.status.rawValue, forKey: .status)
        try container.encode(event.transparency.rawValue, forKey: .transparency)
    }
}

/// A changed occurrence of a series, as the event shows it.
struct OverrideRepresentation: Encodable {
    var change: OccurrenceOverride

    private enum CodingKeys: String, CodingKey {
        case recurrenceId, occurrenceId, range, start, end, title, description, location, url, categories, classification, status, transparency
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(EventTimeJSON(change.recurrenceID), forKey: .recurrenceId)
        try container.encode(OccurrenceID.format(change.recurrenceID), forKey: .occurrenceId)
        try container.encode(change.range.rawValue, forKey: .range)
        try container.encode(EventTimeJSON(change.start), forKey: .start)
        try container.encode(EventTimeJSON(change.end), forKey: .end)
        try container.encode(change.title, forKey: .title)
        try container.encode(change.description, forKey: .description)
        try container.encode(change.location, forKey: .location)
        try container.encode(change.url, forKey: .url)
        try container.encode(change.categories, forKey: .categories)
        try container.encode(change.classification.rawValue, forKey: .classification)
        try container.encode(change.status.rawValue, forKey: .status)
        try container.encode(change.transparency.rawValue, forKey: .transparency)
    }
}

/// The occurrences of a window, and the zone they were computed for.
struct OccurrenceListRepresentation: Encodable {
    var items: [OccurrenceRepresentation]
    var timeZone: String
}
