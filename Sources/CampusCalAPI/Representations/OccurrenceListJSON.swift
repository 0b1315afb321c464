import CampusCalCore
import CampusCalICalendar
import Foundation
import Logging

/// Writes an occurrence list as JSON by hand (`JSONBytes`): byte for byte what `APIJSON.encoder`
/// writes for `OccurrenceListRepresentation`, which a test holds it to. A month view is hundreds of
/// occurrences of fifteen keys each.
struct OccurrenceListJSON {
    private var json: JSONBytes
    /// Map links by location: occurrences of one series share it, and percent-encoding is not free.
    private var mapLinks: [String: String?] = [:]

    static func encode(_ occurrences: [EventOccurrence], timeZone: String) -> [UInt8] {
        var writer = OccurrenceListJSON(json: JSONBytes(capacity: occurrences.count * 480 + 64))
        writer.json.raw("{\"items\":[")
        for (index, occurrence) in occurrences.enumerated() {
            if index > 0 { writer.json.raw(",") }
            writer.occurrence(occurrence)
        }
        writer.json.raw("],\"timeZone\":")
        writer.json.string(timeZone)
        writer.json.raw("}")
        return writer.json.bytes
    }

    private mutating func occurrence(_ occurrence: EventOccurrence) {
        let event = occurrence.event
        json.raw("{\"allDay\":")
        json.bool(event.isAllDay)
        json.raw(",\"calendarId\":")
        json.string(event.calendarID.rawValue)
        json.raw(",\"end\":")
        json.time(occurrence.end)
        json.raw(",\"endsAt\":")
        json.string(RFC3339.string(from: occurrence.endInstant))
        // Busy time hands out no id that leads to the event (security review H2).
        let busy = event.isBusyTime
        json.raw(",\"eventId\":")
        json.optional(busy ? nil : event.id.rawValue)
        json.raw(",\"location\":")
        json.optional(event.location)
        json.raw(",\"mapUrl\":")
        json.optional(mapLink(event.location))
        json.raw(",\"occurrenceId\":")
        json.optional(busy ? nil : occurrence.recurrenceID.map(OccurrenceID.format))
        json.raw(",\"overridden\":")
        json.bool(occurrence.isOverridden)
        json.raw(",\"recurrenceId\":")
        json.optional(occurrence.recurrenceID)
        json.raw(",\"start\":")
        json.time(occurrence.start)
        json.raw(",\"startsAt\":")
        json.string(RFC3339.string(from: occurrence.startInstant))
        json.raw(",\"status\":")
        json.string(event.status.rawValue)
        json.raw(",\"title\":")
        json.string(event.title)
        json.raw(",\"transparency\":")
        json.string(event.transparency.rawValue)
        json.raw("}")
    }

    private mutating func mapLink(_ location: String?) -> String? {
        guard let location else { return nil }
        if let known = mapLinks[location] { return known }
        let link = MapLink.url(for: location)
        mapLinks[location] = link
        return link
    }
}
