import CampusCalICalendar
import Foundation

/// One occurrence of a series: read it, change it (or it and every later one), cancel it.
///
/// Occurrences are named by their recurrence key (`EventTime.recurrenceKey`), which is what the
/// API's occurrence ids encode. Every change is a change of the series (one write, one new
/// version), so `If-Match` guards occurrences with the series' ETag.
extension EventService {
    /// The occurrence of a series the caller may see, with the series.
    public func occurrence(_ id: EventID, recurrenceKey key: Int, for caller: User, viewerTimeZone: TimeZone) async throws
        -> (series: CalendarEvent, occurrence: EventOccurrence)
    {
        let series = try await event(id, for: caller)
        guard let occurrence = series.occurrence(recurrenceKey: key, viewerTimeZone: viewerTimeZone) else { throw EventError.occurrenceNotFound }
        return (series, occurrence)
    }

    /// Changes one occurrence (`.thisOccurrence`) or it and every later one (`.thisAndFuture`:
    /// later occurrences move by the same time difference and take the same details).
    ///
    /// `changes` may hold what an occurrence has — title, times, place, status… — but not what only
    /// a series has (UID, rule, RDATEs, EXDATEs).
    public func updateOccurrence(
        _ id: EventID, recurrenceKey key: Int, range: OccurrenceOverride.Range, for caller: User, changes: EventChanges,
        expectedVersion: Int?, viewerTimeZone: TimeZone
    ) async throws -> (series: CalendarEvent, occurrence: EventOccurrence) {
        let (current, calendar) = try await event(id, with: caller, to: .writeEvents)
        if let expectedVersion, expectedVersion != current.version { throw EventError.versionMismatch(current: current.version) }
        guard let occurrence = current.occurrence(recurrenceKey: key, viewerTimeZone: viewerTimeZone) else { throw EventError.occurrenceNotFound }
        try Self.refuseSeriesFields(in: changes)
        var details = occurrence.event
        details.start = occurrence.start
        details.end = occurrence.end
        details.recurrence = nil
        details.overrides = []
        let changed = try changes.applied(to: details)
        let previous = current.overrides.first { $0.recurrenceKey == key }
        var change = OccurrenceOverride(
            recurrenceID: previous?.recurrenceID ?? occurrence.recurrenceID ?? current.start, range: range, occurrence: changed)
        change.sequence = previous?.sequence ?? current.sequence
        if changed.start != occurrence.start || changed.end != occurrence.end { change.sequence += 1 }
        if change == previous { return (current, occurrence) }
        var updated = current
        updated.overrides = (current.overrides.filter { $0.recurrenceKey != key } + [change]).sorted { $0.recurrenceKey < $1.recurrenceKey }
        updated.updatedAt = clock.now()
        let stored = try await events.update(
            updated, expectedVersion: current.version, reminders: try await reminderPlan(id, updated, in: calendar, by: caller))
        try await didChange(stored.id, to: stored, in: calendar, by: caller)
        guard let result = stored.occurrence(recurrenceKey: key, viewerTimeZone: viewerTimeZone) else { throw EventError.occurrenceNotFound }
        return (stored, result)
    }

    /// Cancels one occurrence (it becomes an EXDATE), or it and every later one (the series ends
    /// before it; cancelling from the first occurrence on deletes the event).
    public func cancelOccurrence(
        _ id: EventID, recurrenceKey key: Int, range: OccurrenceOverride.Range, for caller: User, expectedVersion: Int?
    ) async throws {
        let (current, calendar) = try await event(id, with: caller, to: .writeEvents)
        if let expectedVersion, expectedVersion != current.version { throw EventError.versionMismatch(current: current.version) }
        guard let recurrence = current.recurrence, current.occurrence(recurrenceKey: key, viewerTimeZone: .utc) != nil else {
            throw EventError.occurrenceNotFound
        }
        var updated = current
        switch range {
        case .thisOccurrence:
            let recurrenceID = current.instance(recurrenceKey: key) ?? current.overrides.first { $0.recurrenceKey == key }!.recurrenceID
            updated.recurrence?.exdates.append(recurrenceID)
            updated.overrides.removeAll { $0.recurrenceKey == key && $0.range == .thisOccurrence }
        case .thisAndFuture:
            if key <= current.start.recurrenceKey {
                try await events.delete(
                    id: id, expectedVersion: current.version, reminders: try await reminderPlan(id, nil, in: calendar, by: caller))
                try await didChange(id, to: nil, in: calendar, by: caller)
                return
            }
            updated.recurrence = recurrence.ending(before: key)
            updated.overrides.removeAll { $0.recurrenceKey >= key }
        }
        updated.sequence += 1
        updated.updatedAt = clock.now()
        let stored = try await events.update(
            updated, expectedVersion: current.version, reminders: try await reminderPlan(id, updated, in: calendar, by: caller))
        try await didChange(stored.id, to: stored, in: calendar, by: caller)
    }

    static func refuseSeriesFields(in changes: EventChanges) throws {
        var issues: [ValidationIssue] = []
        func refuse(_ field: String) {
            issues.append(
                ValidationIssue(
                    field: field, code: "\(field).series-only",
                    message: "'\(field)' belongs to the whole series; change it on the event (PATCH /api/v1/events/{id})."))
        }
        if changes.uid != nil { refuse("uid") }
        if case .unchanged = changes.recurrenceRule {} else { refuse("recurrenceRule") }
        if changes.exceptionDates != nil { refuse("exceptionDates") }
        if changes.recurrenceDates != nil { refuse("recurrenceDates") }
        if changes.reminders != nil { refuse("reminders") }
        try ValidationError.check(issues)
    }
}

extension RecurrenceSet {
    /// The set with every instance from `key` on removed: rules end just before it (COUNT becomes
    /// an UNTIL, which keeps exactly the earlier instances), later RDATEs and EXDATEs go.
    func ending(before key: Int) -> RecurrenceSet {
        let last: EventTime
        switch start {
        case .date: last = .date(LocalDate(dayNumber: RuleExpander.floorDiv(key, 86_400) - 1))
        case .floating: last = .floating(LocalDateTime(localSeconds: key - 1))
        case .utc, .zoned: last = .utc(LocalDateTime(localSeconds: key - 1))
        }
        var set = self
        set.rules = rules.map { rule in
            var rule = rule
            if case .until(let until) = rule.end, until.recurrenceKey < last.recurrenceKey { return rule }
            rule.end = .until(last)
            return rule
        }
        set.rdates = rdates.filter { $0.recurrenceKey < key }
        set.exdates = exdates.filter { $0.recurrenceKey < key }
        return set
    }
}
