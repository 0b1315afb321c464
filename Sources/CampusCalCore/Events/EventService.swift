import Foundation

/// Events in the caller's calendars: create, read, change, delete, and the occurrences in a window.
///
/// Access follows the calendar: an event is visible to whoever may see its calendar (today its
/// owner); anyone else gets `EventError.notFound`, as for an event that does not exist.
public struct EventService: Sendable {
    public let events: any EventStore
    public let calendars: CalendarService
    public let clock: any TimeSource
    /// Plans each event's reminders as it changes; nil where reminders are not wanted (some tests).
    public let notifications: NotificationService?

    /// The longest window a single query may expand (a year and a day covers any year view).
    public static let maximumWindowDays = 367
    /// Occurrences of one event returned for one window at most (a SECONDLY rule could have millions).
    public static let maximumOccurrencesPerEvent = 5000

    public init(
        events: any EventStore, calendars: CalendarService, clock: any TimeSource = SystemTimeSource(), notifications: NotificationService? = nil
    ) {
        self.events = events
        self.calendars = calendars
        self.clock = clock
        self.notifications = notifications
    }

    /// Creates an event in one of the caller's calendars. `title` and `start` are required.
    public func create(in calendarID: CalendarID, for caller: User, _ changes: EventChanges) async throws -> CalendarEvent {
        _ = try await calendars.calendar(calendarID, for: caller)
        var missing: [ValidationIssue] = []
        if changes.title == nil { missing.append(ValidationIssue(field: "title", code: "title.required", message: "An event needs a title.")) }
        if changes.start == nil { missing.append(ValidationIssue(field: "start", code: "start.required", message: "An event needs a start time.")) }
        try ValidationError.check(missing)
        let now = clock.now()
        let id = EventID.generate()
        let placeholder = CalendarEvent(
            id: id, calendarID: calendarID, uid: "\(id.rawValue)@campuscal", title: "", start: changes.start!, end: changes.start!,
            createdAt: now, updatedAt: now)
        var creation = changes
        if case .unchanged = creation.end { creation.end = .clear }
        let event = try creation.applied(to: placeholder, now: now)
        try await events.insert(event)
        try await notifications?.planReminders(eventID: event.id, event: event, owner: caller)
        return event
    }

    /// One event the caller may see.
    public func event(_ id: EventID, for caller: User) async throws -> CalendarEvent {
        guard let event = try await events.event(id: id) else { throw EventError.notFound }
        do {
            _ = try await calendars.calendar(event.calendarID, for: caller)
        } catch CalendarError.notFound {
            throw EventError.notFound
        }
        return event
    }

    /// Applies a merge patch, optionally only if the event is still at `expectedVersion`.
    public func update(_ id: EventID, for caller: User, changes: EventChanges, expectedVersion: Int?) async throws -> CalendarEvent {
        let current = try await event(id, for: caller)
        if let expectedVersion, expectedVersion != current.version { throw EventError.versionMismatch(current: current.version) }
        // The UID identifies the event to other calendar programs: it never changes.
        if let uid = changes.uid, uid != current.uid {
            throw ValidationError([
                ValidationIssue(field: "uid", code: "uid.immutable", message: "The UID of an event cannot be changed; create a new event instead.")
            ])
        }
        let now = clock.now()
        var updated = try changes.applied(to: current, now: now)
        if updated == current { return current }
        if updated.start != current.start || updated.end != current.end || updated.recurrence != current.recurrence {
            updated.sequence += 1
        }
        updated.updatedAt = now
        let stored = try await events.update(updated, expectedVersion: current.version)
        try await notifications?.planReminders(eventID: stored.id, event: stored, owner: caller)
        return stored
    }

    public func delete(_ id: EventID, for caller: User, expectedVersion: Int?) async throws {
        let current = try await event(id, for: caller)
        if let expectedVersion, expectedVersion != current.version { throw EventError.versionMismatch(current: current.version) }
        try await events.delete(id: id, expectedVersion: current.version)
        try await notifications?.planReminders(eventID: id, event: nil, owner: caller)
    }

    /// Imports an iCalendar file into one of the caller's calendars, matching events by UID:
    /// new UIDs are created, changed ones updated, the rest left alone — so a second import of
    /// the same file changes nothing. Items that cannot be imported are reported, never fatal.
    public func importCalendar(_ file: ICalendarImport, into calendarID: CalendarID, for caller: User) async throws -> ImportReport {
        _ = try await calendars.calendar(calendarID, for: caller)
        var report = ImportReport()
        report.problems = file.issues
        let existing = try await events.eventsByUID(in: calendarID)
        let now = clock.now()
        let imported = ImportedEvents(file.events, calendarID: calendarID, existing: existing, now: now)
        report.problems += imported.problems
        var inserting: [CalendarEvent] = []
        var replacing: [CalendarEvent] = []
        // Only events that have or had reminders are planned: a big import of plain events stays one write.
        var replanning: [CalendarEvent] = []
        for (event, current) in imported.events {
            if !event.reminders.isEmpty || !(current?.reminders.isEmpty ?? true) { replanning.append(event) }
            guard let current else {
                inserting.append(event)
                report.created += 1
                continue
            }
            if event == current {
                report.unchanged += 1
                continue
            }
            var updated = event
            updated.sequence = max(current.sequence + 1, event.sequence)
            updated.updatedAt = now
            updated.version = current.version + 1
            replacing.append(updated)
            report.updated += 1
        }
        try await events.save(inserting: inserting, replacing: replacing)
        for event in replanning where event != existing[event.uid] {
            try await notifications?.planReminders(eventID: event.id, event: event, owner: caller)
        }
        return report
    }

    /// Every event of one of the caller's calendars, for export.
    public func allEvents(in calendarID: CalendarID, for caller: User) async throws -> (CalendarCollection, [CalendarEvent]) {
        let calendar = try await calendars.calendar(calendarID, for: caller)
        return (calendar, try await allEvents(of: calendar))
    }

    /// Every event of a calendar the caller has already been allowed to read (e.g. by a feed token).
    public func allEvents(of calendar: CalendarCollection) async throws -> [CalendarEvent] {
        try await events.eventsByUID(in: calendar.id).values.sorted { ($0.createdAt, $0.uid) < ($1.createdAt, $1.uid) }
    }

    /// The occurrences in `[from, to)` of the events in one of the caller's calendars, sorted by start.
    public func occurrences(in calendarID: CalendarID, for caller: User, from: Date, to: Date, viewerTimeZone: TimeZone) async throws
        -> [EventOccurrence]
    {
        _ = try await calendars.calendar(calendarID, for: caller)
        return try await occurrences(in: [calendarID], from: from, to: to, viewerTimeZone: viewerTimeZone)
    }

    /// The occurrences in `[from, to)` across every calendar the caller can see (the agenda), sorted by start.
    public func agenda(for caller: User, from: Date, to: Date, viewerTimeZone: TimeZone) async throws -> [EventOccurrence] {
        try await occurrences(in: try await agendaCalendars(for: caller), from: from, to: to, viewerTimeZone: viewerTimeZone)
    }

    /// Every calendar the caller's agenda shows.
    public func agendaCalendars(for caller: User) async throws -> [CalendarCollection] {
        var result: [CalendarCollection] = []
        var cursor: String?
        repeat {
            let page = try await calendars.list(for: caller, after: cursor, limit: PageSize.maximum)
            result += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return result
    }

    /// The occurrences in `[from, to)` of calendars the caller has already been allowed to read
    /// (by `calendars.calendar(_:for:)` or `agendaCalendars(for:)`), sorted by start.
    public func occurrences(in calendars: [CalendarCollection], from: Date, to: Date, viewerTimeZone: TimeZone) async throws
        -> [EventOccurrence]
    {
        try await occurrences(in: calendars.map(\.id), from: from, to: to, viewerTimeZone: viewerTimeZone)
    }

    func occurrences(in calendarIDs: [CalendarID], from: Date, to: Date, viewerTimeZone: TimeZone) async throws -> [EventOccurrence] {
        guard from < to else {
            throw ValidationError([ValidationIssue(field: "to", code: "to.before-from", message: "'to' must be after 'from'.")])
        }
        guard to.timeIntervalSince(from) <= Double(Self.maximumWindowDays) * 86_400 else {
            throw EventError.windowTooLong(maximumDays: Self.maximumWindowDays)
        }
        if calendarIDs.isEmpty { return [] }
        let candidates = try await events.events(in: calendarIDs, overlapping: from, to)
        var result: [EventOccurrence] = []
        for event in candidates {
            result += Self.occurrences(of: event, from: from, to: to, viewerTimeZone: viewerTimeZone)
        }
        return result.sorted { ($0.startInstant, $0.event.title, $0.event.id.rawValue) < ($1.startInstant, $1.event.title, $1.event.id.rawValue) }
    }

    /// The occurrences of one event overlapping `[from, to)` for a viewer in `viewerTimeZone`.
    public static func occurrences(of event: CalendarEvent, from: Date, to: Date, viewerTimeZone: TimeZone) -> [EventOccurrence] {
        event.occurrences(from: from, to: to, viewerTimeZone: viewerTimeZone, limit: maximumOccurrencesPerEvent)
    }

    /// `time` moved by `seconds` of exact time (whole days for dates), keeping its kind and zone.
    static func shifted(_ time: EventTime, by seconds: Int) -> EventTime {
        switch time {
        case .date(let date): return .date(date.adding(days: seconds / 86_400))
        case .floating(let value): return .floating(LocalDateTime(localSeconds: value.localSeconds + seconds))
        case .utc(let value): return .utc(LocalDateTime(localSeconds: value.localSeconds + seconds))
        case .zoned(_, let zone):
            // Through the cached offset tables: creating a Foundation TimeZone per occurrence is slow on Linux.
            let end = EventTime.utc(LocalDateTime(localSeconds: time.instantSeconds(viewerTimeZone: .utc) + seconds))
            return end.converted(toTimeZone: zone, viewerTimeZone: .utc) ?? end
        }
    }
}

extension TimeZone {
    /// UTC, made once (Foundation builds a new zone object on every `TimeZone(identifier:)`).
    static let utc = TimeZone(identifier: "UTC")!
}
