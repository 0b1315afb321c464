import CampusCalICalendar
import Foundation

/// Reminders of calendar events: each upcoming occurrence, counted back from its start.
extension NotificationService {
    /// The windows searched for a series' next occurrences, in days: a daily series fills the
    /// first, a yearly one needs the last; a series that ended stops after a few cheap expansions.
    static let eventSearchWindowsDays = [31, 124, 496, 1984]

    /// Plans (or re-plans) the reminders of an event for its owner. A deleted event (`event ==
    /// nil`) or a cancelled one withdraws every pending reminder; a cancelled occurrence (an EXDATE,
    /// or an override with status cancelled) reminds nobody; a moved one reminds at its new time.
    ///
    /// Reminders go to the calendar's owner only: calendars are not shared yet. When they are,
    /// this is where each reader who wants reminders gets their own.
    public func planReminders(eventID: EventID, event: CalendarEvent?, owner: User) async throws {
        try await schedule(reminderPlan(eventID: eventID, event: event, owner: owner))
    }

    /// The reminders `planReminders` would write, for a store to write with the event itself.
    public func reminderPlan(eventID: EventID, event: CalendarEvent?, owner: User) -> ReminderPlan {
        let prefix = ReminderKey.prefix(.event, eventID.rawValue)
        guard let event, event.status != .cancelled, !event.reminders.isEmpty else { return ReminderPlan(prefix: prefix, notices: []) }
        let zone = TimeZone(identifier: owner.timeZone) ?? .utc
        let planned = plan(
            .event, id: eventID.rawValue, repeating: event.recurrence != nil, owner: owner.id,
            instances: upcomingOccurrences(of: event, zone: zone), reminders: event.reminders, zone: zone, title: { $0.event.title },
            link: "/api/v1/events/\(eventID.rawValue)", anchor: { $0.startInstant },
            sentence: { occurrence, startsAt in Reminders.sentence(occurrence, startsAt: startsAt, timeZone: zone) })
        return ReminderPlan(prefix: prefix, notices: planned)
    }

    /// The occurrences to remind of: a one-off event itself; for a series, the next
    /// `plannedOccurrences` starting after now, through the event's own expansion so that EXDATEs,
    /// RDATEs and overrides count. All-day occurrences start at midnight in `zone` (the owner's).
    func upcomingOccurrences(of event: CalendarEvent, zone: TimeZone) -> [EventOccurrence] {
        let now = clock.now()
        guard event.recurrence != nil else {
            let start = event.start.instant(viewerTimeZone: zone)
            let end = start.addingTimeInterval(TimeInterval(event.durationSeconds))
            return [EventOccurrence(event: event, recurrenceID: nil, start: event.start, end: event.end, startInstant: start, endInstant: end)]
        }
        var upcoming: [EventOccurrence] = []
        for days in Self.eventSearchWindowsDays {
            let occurrences = event.occurrences(
                from: now, to: now.addingTimeInterval(TimeInterval(days) * 86_400), viewerTimeZone: zone,
                limit: EventService.maximumOccurrencesPerEvent)
            upcoming = occurrences.filter { $0.startInstant > now && $0.event.status != .cancelled }
            if upcoming.count >= Self.plannedOccurrences { break }
        }
        return Array(upcoming.prefix(Self.plannedOccurrences))
    }
}
