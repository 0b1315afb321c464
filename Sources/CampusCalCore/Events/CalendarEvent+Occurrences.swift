import CampusCalICalendar
import Foundation

/// Expanding an event into occurrences: its recurrence set, then its overrides on top.
///
/// The rules follow RFC 5545 §3.8.4.4 and agree with Python's `recurring-ical-events` (our oracle):
/// an overridden occurrence shows the override's details at the override's time, wherever that
/// is; an occurrence after a `.thisAndFuture` override (and not overridden itself) moves by that
/// override's time difference, takes its length and its details; an EXDATE removes an occurrence
/// even if it was overridden.
extension CalendarEvent {
    /// The occurrences overlapping `[from, to)` for a viewer in `viewerTimeZone`, sorted by start;
    /// at most `limit` come from the series' rules (a SECONDLY rule could have millions).
    public func occurrences(from: Date, to: Date, viewerTimeZone: TimeZone, limit: Int) -> [EventOccurrence] {
        guard let recurrence else {
            let single = occurrence(start: start, end: end, details: self, recurrenceID: nil, viewerTimeZone: viewerTimeZone)
            return single.overlaps(from, to) ? [single] : []
        }
        if overrides.isEmpty {
            // Occurrences that started before `from` but are still running overlap the window too.
            let starts = recurrence.occurrences(
                from: from.addingTimeInterval(-TimeInterval(durationSeconds)), to: to, viewerTimeZone: viewerTimeZone, limit: limit)
            return starts.compactMap { instance in
                let occurrence = occurrence(
                    start: instance, end: EventService.shifted(instance, by: durationSeconds), details: self, recurrenceID: instance,
                    viewerTimeZone: viewerTimeZone, exactLength: durationSeconds)
                return occurrence.overlaps(from, to) ? occurrence : nil
            }
        }
        let overridden = Dictionary(overrides.map { ($0.recurrenceKey, $0) }, uniquingKeysWith: { _, last in last })
        let excluded = Set(recurrence.exdates.map(\.recurrenceKey))
        // A this-and-future override moves later occurrences: widen the rules' window so that
        // occurrences moved into it from outside are expanded too (a day of slack covers the
        // difference between wall-clock and exact moves across a DST change).
        var before = durationSeconds
        var after = 0
        for future in overrides where future.range == .thisAndFuture {
            before = max(before, future.durationSeconds + max(0, future.shiftSeconds) + 86_400)
            after = max(after, -min(0, future.shiftSeconds) + 86_400)
        }
        let starts = recurrence.occurrences(
            from: from.addingTimeInterval(-TimeInterval(before)), to: to.addingTimeInterval(TimeInterval(after)),
            viewerTimeZone: viewerTimeZone, limit: limit)
        var result: [EventOccurrence] = []
        for instance in starts where overridden[instance.recurrenceKey] == nil {
            let occurrence = occurrence(of: instance, viewerTimeZone: viewerTimeZone)
            if occurrence.overlaps(from, to) { result.append(occurrence) }
        }
        for change in overrides where !excluded.contains(change.recurrenceKey) {
            let occurrence = occurrence(overriddenBy: change, viewerTimeZone: viewerTimeZone)
            if occurrence.overlaps(from, to) { result.append(occurrence) }
        }
        return result.sorted { ($0.startInstant, $0.recurrenceID?.recurrenceKey ?? 0) < ($1.startInstant, $1.recurrenceID?.recurrenceKey ?? 0) }
    }

    /// The occurrence whose recurrence id has this key (see `EventTime.recurrenceKey`), if the
    /// series has one there: an instance of its rules or RDATEs, or an override.
    public func occurrence(recurrenceKey key: Int, viewerTimeZone: TimeZone) -> EventOccurrence? {
        guard let recurrence else { return nil }
        if recurrence.exdates.contains(where: { $0.recurrenceKey == key }) { return nil }
        if let change = overrides.first(where: { $0.recurrenceKey == key }) {
            return occurrence(overriddenBy: change, viewerTimeZone: viewerTimeZone)
        }
        guard let instance = instance(recurrenceKey: key) else { return nil }
        return occurrence(of: instance, viewerTimeZone: viewerTimeZone)
    }

    /// The instance of the recurrence set (rules and RDATEs, without overrides) at this key, in
    /// DTSTART's kind and zone — the form a new override's `recurrenceID` takes.
    public func instance(recurrenceKey key: Int) -> EventTime? {
        guard let recurrence else { return nil }
        // Keys read dates and floating times in UTC, so expanding for a UTC viewer finds them.
        let at = Date(timeIntervalSince1970: TimeInterval(key))
        return recurrence.occurrences(from: at, to: at.addingTimeInterval(1), viewerTimeZone: .utc, limit: 1)
            .first { $0.recurrenceKey == key }
    }

    /// An instance of the rules that no override names: the series' details, or those of the
    /// last this-and-future override before it.
    private func occurrence(of instance: EventTime, viewerTimeZone: TimeZone) -> EventOccurrence {
        let key = instance.recurrenceKey
        guard let future = overrides.last(where: { $0.range == .thisAndFuture && $0.recurrenceKey < key }) else {
            return occurrence(
                start: instance, end: EventService.shifted(instance, by: durationSeconds), details: self, recurrenceID: instance,
                viewerTimeZone: viewerTimeZone, exactLength: durationSeconds)
        }
        let start = instance.movedOnWallClock(by: future.shiftSeconds)
        let end = EventService.shifted(start, by: future.durationSeconds)
        var occurrence = occurrence(
            start: start, end: end, details: future.details(of: self, start: start, end: end), recurrenceID: instance,
            viewerTimeZone: viewerTimeZone, exactLength: future.durationSeconds)
        occurrence.isOverridden = true
        return occurrence
    }

    private func occurrence(overriddenBy change: OccurrenceOverride, viewerTimeZone: TimeZone) -> EventOccurrence {
        var occurrence = occurrence(
            start: change.start, end: change.end, details: change.details(of: self, start: change.start, end: change.end),
            recurrenceID: change.recurrenceID, viewerTimeZone: viewerTimeZone)
        occurrence.isOverridden = true
        return occurrence
    }

    /// `exactLength`: an instance's length, when it comes from the series (or a this-and-future override).
    private func occurrence(
        start: EventTime, end: EventTime, details: CalendarEvent, recurrenceID: EventTime?, viewerTimeZone: TimeZone, exactLength: Int? = nil
    ) -> EventOccurrence {
        let startInstant = start.instant(viewerTimeZone: viewerTimeZone)
        var length = end.instantSeconds(viewerTimeZone: viewerTimeZone) - start.instantSeconds(viewerTimeZone: viewerTimeZone)
        // A zoned instance lasts exactly the series' length (RFC 5545 §3.8.5.3). Reading it
        // back from `end` would not do: an end in the repeated hour of a DST fold reads as the
        // first pass, up to an hour early, even before the start. Dates and floating times are
        // read on the viewer's wall clock, so there `end` is right.
        if let exactLength, case .zoned = start { length = exactLength }
        return EventOccurrence(
            event: details, recurrenceID: recurrenceID, start: start, end: end, startInstant: startInstant,
            endInstant: startInstant.addingTimeInterval(TimeInterval(length)))
    }
}

extension EventOccurrence {
    /// Whether it overlaps `[from, to)`.
    /// A zero-length occurrence (a deadline) is in the window when its instant is: `from` included.
    func overlaps(_ from: Date, _ to: Date) -> Bool {
        startInstant < to && (endInstant > from || (endInstant == startInstant && startInstant >= from))
    }
}
