import CampusCalCore
import CampusCalICalendar
import Foundation

/// The earliest and latest instants any occurrence of an event can touch, whoever views it.
///
/// Stored with each event so that a window query reads only the events that can matter instead
/// of expanding every series in the calendar. Dates and floating times move with the viewer's
/// zone, so the bounds are widened by the largest UTC offsets there are (−12 h … +14 h).
enum EventSeriesBounds {
    static let slack: TimeInterval = 15 * 3600
    /// A series with more occurrences than this is treated as endless (bounds only ever widen the query).
    static let maximumCounted = 100_000

    static func of(_ event: CalendarEvent) -> (start: Date, end: Date?) {
        var bounds = seriesBounds(event)
        // Overrides can move occurrences anywhere; a this-and-future one moves every later one.
        let utc = TimeZone(identifier: "UTC")!
        for change in event.overrides {
            let moved = change.start.instant(viewerTimeZone: utc)
            let original = change.recurrenceID.instant(viewerTimeZone: utc)
            bounds.start = min(bounds.start, moved.addingTimeInterval(-slack), original.addingTimeInterval(-slack))
            guard let end = bounds.end else { continue }
            var latest = max(end, change.end.instant(viewerTimeZone: utc).addingTimeInterval(slack))
            if change.range == .thisAndFuture {
                let shift = moved.timeIntervalSince(original)
                let longer = TimeInterval(change.durationSeconds - event.durationSeconds)
                latest = latest.addingTimeInterval(max(0, shift) + max(0, longer) + 86_400)
            }
            bounds.end = latest
        }
        return bounds
    }

    private static func seriesBounds(_ event: CalendarEvent) -> (start: Date, end: Date?) {
        let utc = TimeZone(identifier: "UTC")!
        let duration = TimeInterval(event.durationSeconds)
        let start = event.start.instant(viewerTimeZone: utc).addingTimeInterval(-slack)
        guard let recurrence = event.recurrence else {
            return (start, event.start.instant(viewerTimeZone: utc).addingTimeInterval(duration + slack))
        }
        if recurrence.rules.contains(where: { $0.count == nil && $0.until == nil }) { return (start, nil) }
        var last = event.start.instant(viewerTimeZone: utc)
        var counted = 0
        for occurrence in recurrence.occurrences(viewerTimeZone: utc) {
            counted += 1
            if counted > maximumCounted { return (start, nil) }
            last = max(last, occurrence.instant(viewerTimeZone: utc))
        }
        return (start, last.addingTimeInterval(duration + slack))
    }
}
