import CampusCalICalendar
import Foundation

/// Events in the calendars the caller may see: create, read, change, delete, and the occurrences in a window.
///
/// Access follows the calendar (`AccessPolicy`, `CalendarAction`): reading an event takes `read`
/// on its calendar, changing it `write`; a caller with free-busy access sees its occurrences only
/// as busy time; anyone with no standing gets `EventError.notFound`, as for an event that does not exist.
public struct EventService: Sendable {
    public let events: any EventStore
    public let calendars: CalendarService
    public let clock: any TimeSource
    /// Plans each event's reminders as it changes; nil where reminders are not wanted (some tests).
    public let notifications: NotificationService?
    /// Looks up a calendar's owner when someone else changes its events: reminders are the owner's.
    public let users: (any UserStore)?
    /// Hears of every committed change (plugins' event hooks).
    public let changes: (any ItemChangeObserver)?
    /// Told of every change and deletion, so invitees hear of it whoever called the service
    /// (`InvitationService` sets it on the event service it is given); nil: nobody is told.
    public var invitees: (any EventInvitees)? = nil
    /// Per-request and per-person bounds: occurrences one request expands, events per import and per calendar.
    public let limits: ResourceLimits
    /// Each calendar's events as CalDAV lists them, kept while they do not change (`resources(in:for:)`).
    public let resourceCache: CalendarResourceCache

    /// Events an import writes in one transaction at most.
    static let importChunkSize = 1000

    /// The longest window a single query may expand (a year and a day covers any year view).
    public static let maximumWindowDays = 367
    /// Occurrences of one event returned for one window at most (a SECONDLY rule could have millions).
    public static let maximumOccurrencesPerEvent = 5000

    public init(
        events: any EventStore, calendars: CalendarService, clock: any TimeSource = SystemTimeSource(), notifications: NotificationService? = nil,
        users: (any UserStore)? = nil, changes: (any ItemChangeObserver)? = nil, limits: ResourceLimits = .standard,
        resourceCache: CalendarResourceCache = CalendarResourceCache()
    ) {
        self.limits = limits
        self.resourceCache = resourceCache
        self.changes = changes
        self.events = events
        self.calendars = calendars
        self.clock = clock
        self.notifications = notifications
        self.users = users
    }

    /// Creates an event in a calendar the caller may write. `title` and `start` are required.
    public func create(in calendarID: CalendarID, for caller: User, _ changes: EventChanges) async throws -> CalendarEvent {
        let calendar = try await calendars.calendar(calendarID, for: caller, to: .writeEvents)
        var missing: [ValidationIssue] = []
        if changes.title == nil { missing.append(ValidationIssue(field: "title", code: "title.required", message: "An event needs a title.")) }
        if changes.start == nil { missing.append(ValidationIssue(field: "start", code: "start.required", message: "An event needs a start time.")) }
        try ValidationError.check(missing)
        // A private event someone else adds would be "Busy" to its own author at once: only the
        // owner makes private events (`AccessPolicy+Events`).
        if let classification = changes.classification, classification != .public, calendar.ownerID != caller.id {
            throw CalendarError.forbidden(
                "Only the calendar's owner may add private or confidential events; leave 'classification' out (or PUBLIC).")
        }
        let now = clock.now()
        let id = EventID.generate()
        let placeholder = CalendarEvent(
            id: id, calendarID: calendarID, uid: "\(id.rawValue)@campuscal", title: "", start: changes.start!, end: changes.start!,
            createdAt: now, updatedAt: now)
        var creation = changes
        if case .unchanged = creation.end { creation.end = .clear }
        let event = try creation.applied(to: placeholder, now: now)
        // The bound stops a script adding millions; the store checks it inside the insert.
        try await events.insert(
            event, reminders: try await reminderPlan(event.id, event, in: calendar, by: caller), maximumInCalendar: limits.maximumEventsPerCalendar)
        try await didChange(event.id, to: event, in: calendar, by: caller, created: true)
        return event
    }

    /// One event the caller may do `action` to (by default: read it).
    public func event(_ id: EventID, for caller: User, to action: CalendarAction = .readEvents) async throws -> CalendarEvent {
        try await event(id, with: caller, to: action).event
    }

    /// An event with its calendar, when the caller may do `action` to it, as the caller may see it
    /// (`AccessPolicy.view`): a private event is busy time for anyone but its calendar's owner, and
    /// only the owner changes it (`AccessPolicy.decide(_:on:_:)`).
    func event(_ id: EventID, with caller: User, to action: CalendarAction) async throws -> (event: CalendarEvent, calendar: CalendarCollection) {
        let (stored, access) = try await standing(toEvent: id, for: caller)
        do {
            try AccessPolicy.enforce(AccessPolicy.decide(action, on: stored, access))
        } catch CalendarError.notFound {
            throw EventError.notFound
        }
        // A free or cancelled private event is not even busy time: for a non-owner it is not there.
        guard let level = access.level, let visible = AccessPolicy.view(of: stored, at: level) else { throw EventError.notFound }
        return (visible, access.calendar)
    }

    /// A stored event and how the caller stands with its calendar, before anything is decided:
    /// for `AccessPolicy`, never to hand out as it is.
    func standing(toEvent id: EventID, for caller: User) async throws -> (event: CalendarEvent, access: CalendarAccess) {
        guard let event = try await events.event(id: id), let calendar = try await calendars.calendars.calendar(id: event.calendarID) else {
            throw EventError.notFound
        }
        return (event, try await calendars.standing(calendar, for: caller))
    }

    /// The reminders an event (nil: deleted) should have, planned for its calendar's owner, for
    /// the store to write with the event in one transaction; nil without notifications or an owner.
    func reminderPlan(_ id: EventID, _ event: CalendarEvent?, in calendar: CalendarCollection, by caller: User) async throws
        -> ReminderPlan?
    {
        guard let notifications, let owner = try await owner(of: calendar, caller: caller) else { return nil }
        return notifications.reminderPlan(eventID: id, event: event, owner: owner)
    }

    /// After every change of an event (nil: deleted), once it and its reminders are written: tells
    /// the plugins, counts the change towards the notice the people it is shared with get, and
    /// tells the people invited to it (`invitees`).
    func didChange(
        _ id: EventID, to event: CalendarEvent?, in calendar: CalendarCollection, by caller: User, created: Bool = false
    ) async throws {
        changes?.itemChanged(
            ItemChange(
                kind: created ? .created : event == nil ? .deleted : .updated, item: .event, itemID: id.rawValue, ownerID: calendar.ownerID,
                at: clock.now()))
        try await calendars.noteEventsChanged(calendar, by: caller)
        if created { return }
        if let event {
            try await invitees?.eventChanged(event, ownerID: calendar.ownerID, by: caller)
        } else {
            try await invitees?.eventDeleted(id, by: caller)
        }
    }

    /// The calendar's owner: the caller, usually.
    func owner(of calendar: CalendarCollection, caller: User) async throws -> User? {
        if calendar.ownerID == caller.id { return caller }
        return try await users?.credentials(id: calendar.ownerID)?.user
    }

    /// Applies a merge patch, optionally only if the event is still at `expectedVersion`.
    public func update(_ id: EventID, for caller: User, changes: EventChanges, expectedVersion: Int?) async throws -> CalendarEvent {
        let (current, calendar) = try await event(id, with: caller, to: .writeEvents)
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
        let stored = try await events.update(
            updated, expectedVersion: current.version, reminders: try await reminderPlan(id, updated, in: calendar, by: caller))
        try await didChange(stored.id, to: stored, in: calendar, by: caller)
        return stored
    }

    public func delete(_ id: EventID, for caller: User, expectedVersion: Int?) async throws {
        let (current, calendar) = try await event(id, with: caller, to: .writeEvents)
        if let expectedVersion, expectedVersion != current.version { throw EventError.versionMismatch(current: current.version) }
        try await events.delete(id: id, expectedVersion: current.version, reminders: try await reminderPlan(id, nil, in: calendar, by: caller))
        try await didChange(id, to: nil, in: calendar, by: caller)
    }

    /// How an uploaded iCalendar file is read: it stops after one event more than an import takes,
    /// so that a file of half a million events is refused after reading 50,000, not all of them.
    public var importReadingLimits: ICalendarParser.Limits {
        var reading = ICalendarParser.Limits.standard
        reading.maximumEvents = limits.maximumEventsPerImport
        return reading
    }

    /// Throws unless the caller may import into the calendar: checked before an upload is read.
    public func authorizeImport(into calendarID: CalendarID, for caller: User) async throws {
        _ = try await calendars.calendar(calendarID, for: caller, to: .writeEvents)
    }

    /// Imports an iCalendar file into a calendar the caller may write, matching events by UID:
    /// new UIDs are created, changed ones updated, the rest left alone — so a second import of
    /// the same file changes nothing. Items that cannot be imported are reported, never fatal.
    public func importCalendar(_ file: ICalendarImport, into calendarID: CalendarID, for caller: User) async throws -> ImportReport {
        if file.document.stoppedAtEventLimit {
            throw EventError.tooManyEventsInImport(count: nil, maximum: limits.maximumEventsPerImport)
        }
        if file.document.isTruncated {
            throw EventError.importTooLarge(
                reason: file.issues.last { $0.message.hasPrefix("more than") }?.message ?? "more than the reader's limits")
        }
        return try await importEvents(file.events, issues: file.issues, into: calendarID, for: caller)
    }

    /// Imports events read from any file (an iCalendar file, or another format through a plugin),
    /// exactly as `importCalendar` does; `issues` are what reading the file reported.
    public func importEvents(_ vevents: [ICalendarEvent], issues: [ICalendarIssue], into calendarID: CalendarID, for caller: User) async throws
        -> ImportReport
    {
        let calendar = try await calendars.calendar(calendarID, for: caller, to: .writeEvents)
        if vevents.count > limits.maximumEventsPerImport {
            throw EventError.tooManyEventsInImport(count: vevents.count, maximum: limits.maximumEventsPerImport)
        }
        var report = ImportReport()
        report.problems = issues
        let existing = try await events.eventsByUID(in: calendarID)
        let now = clock.now()
        let imported = ImportedEvents(vevents, calendarID: calendarID, existing: existing, now: now)
        report.problems += imported.problems
        var inserting: [CalendarEvent] = []
        var replacing: [CalendarEvent] = []
        // Only events that have or had reminders are planned: a big import of plain events stays one write.
        var replanning: [CalendarEvent] = []
        let isOwner = calendar.ownerID == caller.id
        for (event, current) in imported.events {
            // The same rule as a change through the API: only the owner changes (or makes) a
            // private event, else a write recipient who knows its UID could overwrite it unseen.
            if !isOwner && (event.hasPrivateParts || current?.hasPrivateParts == true) {
                report.problems.append(
                    ICalendarIssue(
                        line: nil,
                        message:
                            "Event '\(ICalendarIssue.excerpt(event.uid, maximumLength: 80))' is private; only the calendar's owner may import it. It was not imported."
                    ))
                continue
            }
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
        var plans: [EventID: ReminderPlan] = [:]
        if let notifications, let owner = try await owner(of: calendar, caller: caller) {
            for event in replanning where event != existing[event.uid] {
                plans[event.id] = notifications.reminderPlan(eventID: event.id, event: event, owner: owner)
            }
        }
        if existing.count + inserting.count > limits.maximumEventsPerCalendar {
            throw EventError.calendarFull(maximum: limits.maximumEventsPerCalendar)
        }
        // In chunks: SQLite has one writer, and a 50,000-event import in one transaction held it for
        // seconds while every other change waited (review M7). An import cut short by a crash is
        // completed by importing the file again: imports match events by UID, so nothing doubles.
        for start in stride(from: 0, to: replacing.count, by: Self.importChunkSize) {
            let chunk = Array(replacing[start..<min(start + Self.importChunkSize, replacing.count)])
            try await events.save(inserting: [], replacing: chunk, reminders: chunk.compactMap { plans[$0.id] })
        }
        for start in stride(from: 0, to: inserting.count, by: Self.importChunkSize) {
            let chunk = Array(inserting[start..<min(start + Self.importChunkSize, inserting.count)])
            try await events.save(inserting: chunk, replacing: [], reminders: chunk.compactMap { plans[$0.id] })
        }
        if !inserting.isEmpty || !replacing.isEmpty { try await calendars.noteEventsChanged(calendar, by: caller) }
        // An import that changes an event people were invited to tells them, as an edit would.
        for event in replacing { try await invitees?.eventChanged(event, ownerID: calendar.ownerID, by: caller) }
        return report
    }

    /// Every event of a calendar the caller may read, for export, each as the caller may see it
    /// (`AccessPolicy.view`: private events as busy time for anyone but the owner).
    public func allEvents(in calendarID: CalendarID, for caller: User) async throws -> (CalendarCollection, [CalendarEvent]) {
        let calendar = try await calendars.access(calendarID, for: caller, to: .readEvents)
        return (calendar.calendar, try await storedEvents(of: calendar.calendar).compactMap { AccessPolicy.view(of: $0, at: calendar.access) })
    }

    /// Every event of a calendar in full, for its owner only: their own data export, the
    /// subscription feed they made (`CalendarFeeds`), their plugin calendar. Throws
    /// `EventError.notFound` for anyone else's calendar, so it cannot serve as a way around the checks.
    public func allEventsAsOwner(of calendar: CalendarCollection, owner: UserID) async throws -> [CalendarEvent] {
        guard calendar.ownerID == owner else { throw EventError.notFound }
        return try await storedEvents(of: calendar)
    }

    private func storedEvents(of calendar: CalendarCollection) async throws -> [CalendarEvent] {
        try await events.eventsByUID(in: calendar.id).values.sorted { ($0.createdAt, $0.uid) < ($1.createdAt, $1.uid) }
    }

    /// The occurrences in `[from, to)` of the events in a calendar the caller may see, sorted by
    /// start (only as busy time where the caller's share level says so).
    public func occurrences(in calendarID: CalendarID, for caller: User, from: Date, to: Date, viewerTimeZone: TimeZone) async throws
        -> [EventOccurrence]
    {
        let calendar = try await calendars.access(calendarID, for: caller, to: .seeFreeBusy)
        return try await occurrences(in: [calendar], from: from, to: to, viewerTimeZone: viewerTimeZone)
    }

    /// The occurrences in `[from, to)` across every calendar the caller can see (the agenda), sorted by start.
    public func agenda(for caller: User, from: Date, to: Date, viewerTimeZone: TimeZone) async throws -> [EventOccurrence] {
        try await occurrences(in: try await agendaCalendars(for: caller), from: from, to: to, viewerTimeZone: viewerTimeZone)
    }

    /// Every calendar the caller's agenda shows: their own and those shared with them.
    public func agendaCalendars(for caller: User) async throws -> [AccessibleCalendar] {
        try await calendars.all(for: caller)
    }

    /// The occurrences in `[from, to)` of calendars the caller has already been allowed to see (by
    /// `calendars.access(_:for:to:)` or `agendaCalendars(for:)`), sorted by start, each event as
    /// `AccessPolicy.view` shows it at the caller's level: busy time where it says so, free busy
    /// time not at all.
    public func occurrences(in calendars: [AccessibleCalendar], from: Date, to: Date, viewerTimeZone: TimeZone) async throws
        -> [EventOccurrence]
    {
        try Self.checkWindow(from: from, to: to)
        if calendars.isEmpty { return [] }
        let levels = Dictionary(calendars.map { ($0.calendar.id, $0.access) }, uniquingKeysWith: max)
        let candidates = try await events.events(in: calendars.map(\.calendar.id), overlapping: from, to)
        var result: [EventOccurrence] = []
        var budget = expansionBudget()
        for candidate in candidates {
            guard let event = AccessPolicy.view(of: candidate, at: levels[candidate.calendarID] ?? .freeBusy) else { continue }
            result += try Self.occurrences(of: event, from: from, to: to, viewerTimeZone: viewerTimeZone, budget: &budget)
        }
        return Self.sorted(result)
    }

    /// A fresh budget for one request's expansion (`limits.max_occurrences_per_request`).
    func expansionBudget() -> ExpansionBudget { ExpansionBudget(maximumOccurrences: limits.maximumOccurrencesPerRequest) }

    /// Occurrences in the order every list uses: by start, then title, then event id.
    static func sorted(_ occurrences: [EventOccurrence]) -> [EventOccurrence] {
        occurrences.sorted { ($0.startInstant, $0.event.title, $0.event.id.rawValue) < ($1.startInstant, $1.event.title, $1.event.id.rawValue) }
    }

    /// Throws unless `[from, to)` is a window one query may expand.
    static func checkWindow(from: Date, to: Date) throws {
        guard from < to else {
            throw ValidationError([ValidationIssue(field: "to", code: "to.before-from", message: "'to' must be after 'from'.")])
        }
        guard to.timeIntervalSince(from) <= Double(Self.maximumWindowDays) * 86_400 else {
            throw EventError.windowTooLong(maximumDays: Self.maximumWindowDays)
        }
    }

    /// The occurrences of one event overlapping `[from, to)` for a viewer in `viewerTimeZone`.
    public static func occurrences(of event: CalendarEvent, from: Date, to: Date, viewerTimeZone: TimeZone) -> [EventOccurrence] {
        event.occurrences(from: from, to: to, viewerTimeZone: viewerTimeZone, limit: maximumOccurrencesPerEvent)
    }

    /// The same, charged to a request's `budget`: the work is charged (and may throw) before the
    /// event is expanded, the occurrences after.
    public static func occurrences(
        of event: CalendarEvent, from: Date, to: Date, viewerTimeZone: TimeZone, budget: inout ExpansionBudget
    ) throws -> [EventOccurrence] {
        try budget.chargeExpansion(of: event, from: from, to: to)
        let result = occurrences(of: event, from: from, to: to, viewerTimeZone: viewerTimeZone)
        try budget.charge(occurrences: result.count)
        return result
    }

    /// `time` moved by `seconds` of exact time (whole days for dates), keeping its kind and zone.
    public static func shifted(_ time: EventTime, by seconds: Int) -> EventTime {
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
