import CampusCalICalendar
import Foundation

/// Between the server's events and the plain events exporter and importer plugins handle.
extension PluginCalendarEvent {
    /// An occurrence as an exporter receives it: in the zone of the person exporting (so that a
    /// plugin need know nothing of zones), all-day ones as dates. An occurrence of a repeating
    /// event has its original start appended to its UID, so that each row of a file is unique.
    public init(_ occurrence: EventOccurrence, viewerTimeZone: TimeZone, zoneName: String) {
        let event = occurrence.event
        var uid = event.uid
        if let recurrenceID = occurrence.recurrenceID { uid += "-" + Self.compact(recurrenceID.localDateTime, dateOnly: recurrenceID.isAllDay) }
        let allDay = occurrence.start.isAllDay
        self.init(
            uid: uid, title: event.title, description: event.description.flatMap { $0.isEmpty ? nil : $0 },
            location: event.location.flatMap { $0.isEmpty ? nil : $0 },
            allDay: allDay, timeZone: zoneName,
            start: allDay ? occurrence.start.localDateTime : LocalDateTime(instant: occurrence.startInstant, in: viewerTimeZone),
            end: allDay ? occurrence.end.localDateTime : LocalDateTime(instant: occurrence.endInstant, in: viewerTimeZone))
    }

    /// The event as a VEVENT, ready for the import every calendar file goes through (matching by
    /// UID, validation, reports); a time without a zone is in `defaultTimeZone` (the importer's).
    public func vevent(defaultTimeZone: String) -> ICalendarEvent {
        func time(_ value: LocalDateTime) -> EventTime {
            if allDay { return .date(value.date) }
            let zone = timeZone ?? defaultTimeZone
            return zone == "UTC" || zone == "Etc/UTC" ? .utc(value) : .zoned(value, timeZone: zone)
        }
        var vevent = ICalendarEvent(uid: uid, summary: title, start: time(start), end: time(end))
        vevent.description = description
        vevent.location = location
        vevent.recurrenceRule = recurrenceRule
        vevent.line = line
        return vevent
    }

    private static func compact(_ time: LocalDateTime, dateOnly: Bool) -> String {
        let date = String(format: "%04d%02d%02d", time.date.year, time.date.month, time.date.day)
        return dateOnly ? date : date + String(format: "T%02d%02d%02d", time.hour, time.minute, time.second)
    }
}
