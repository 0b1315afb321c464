import CampusCalICalendar
import Foundation

/// Events as CalDAV's calendar object resources (issue #29): one resource per UID — a series with
/// its overrides — read and written through the same access checks, stores, reminders, plugin
/// hooks and invitation notices as the REST API, so a change through DAV is a change through REST.
extension EventService {
    /// The events of a calendar the caller may read, each as the caller may see it
    /// (`AccessPolicy.view`), only those with an occurrence overlapping `range` when one is given
    /// (either end may be open, as CalDAV's time-range).
    public func resources(in calendarID: CalendarID, for caller: User, overlapping range: (start: Date?, end: Date?)? = nil) async throws
        -> (calendar: AccessibleCalendar, events: [CalendarEvent])
    {
        guard let range else {
            let (calendar, resources) = try await resources(in: calendarID, for: caller)
            return (calendar, resources.events)
        }
        let calendar = try await calendars.access(calendarID, for: caller, to: .readEvents)
        // Open ends as the widest instants the calendar engine writes (years 1900 and 9999).
        let from = range.start ?? Date(timeIntervalSince1970: -2_208_988_800)
        let to = range.end ?? Date(timeIntervalSince1970: 253_402_300_799)
        let utc = TimeZone(identifier: "UTC")!
        let candidates = try await events.events(in: [calendarID], overlapping: from, to)
        let matching = candidates.compactMap { AccessPolicy.view(of: $0, at: calendar.access) }
            .filter { !$0.occurrences(from: from, to: to, viewerTimeZone: utc, limit: 1).isEmpty }
        return (calendar, matching.sorted { ($0.createdAt, $0.uid) < ($1.createdAt, $1.uid) })
    }

    /// Every event of a calendar the caller may read, as the caller may see it, indexed by UID and
    /// id: kept by `resourceCache` while the calendar's events do not change, so a phone's
    /// repeated PROPFIND, multiget and sync decode nothing (issue #29).
    public func resources(in calendarID: CalendarID, for caller: User) async throws -> (calendar: AccessibleCalendar, resources: CalendarResources) {
        let calendar = try await calendars.access(calendarID, for: caller, to: .readEvents)
        let view = CalendarEventView(calendar.access)
        if let kept = resourceCache.resources(of: calendarID, as: view, at: calendar.calendar.eventsVersion) { return (calendar, kept) }
        // Read with the version of the same snapshot: it may be newer than the one just checked,
        // and then names these events, not the older ones.
        guard let (version, stored) = try await events.versionedEvents(in: calendarID) else { throw CalendarError.notFound }
        let resources = CalendarResources(calendarID: calendarID, eventsVersion: version, view: view, stored: stored)
        resourceCache.store(resources)
        return (calendar, resources)
    }

    /// The event with this UID in a calendar the caller may read, as the caller may see it. An
    /// event the caller sees only as busy time is named by its busy UID (`busy-<id>@campuscal`),
    /// never by its own, which can say what it is: asked for by its own UID, it is not there.
    public func resource(uid: String, in calendarID: CalendarID, for caller: User) async throws -> CalendarEvent {
        let calendar = try await calendars.access(calendarID, for: caller, to: .readEvents)
        var stored = try await events.event(uid: uid, in: calendarID)
        if stored == nil, uid.hasPrefix("busy-"), uid.hasSuffix("@campuscal") {
            let id = EventID(rawValue: String(uid.dropFirst("busy-".count).dropLast("@campuscal".count)))
            stored = try await events.event(id: id).flatMap { $0.calendarID == calendarID ? $0 : nil }
        }
        guard let stored, let visible = AccessPolicy.view(of: stored, at: calendar.access), visible.uid == uid else { throw EventError.notFound }
        return visible
    }

    /// Stores the VEVENTs of one resource named `name` (the UID it is addressed by) in a calendar
    /// the caller may write: a new event, or a whole replacement of the event with that UID
    /// (fields the text leaves out are cleared, overrides are the text's). Returns the stored event
    /// and whether it was created.
    public func putResource(
        _ vevents: [ICalendarEvent], named name: String, in calendarID: CalendarID, for caller: User, expecting: EventResourceExpectation
    ) async throws -> (event: CalendarEvent, created: Bool) {
        let calendar = try await calendars.calendar(calendarID, for: caller, to: .writeEvents)
        let uids = Set(vevents.map(\.uid))
        guard let uid = uids.first else {
            throw EventResourceError.unsupportedComponent("The calendar data holds no VEVENT; this server stores events only.")
        }
        guard uids.count == 1 else {
            throw EventResourceError.invalidCalendarData("One resource holds one event: its VEVENTs must share one UID (these have \(uids.count)).")
        }
        let existing = try await events.event(uid: uid, in: calendarID)
        if name != uid {
            if existing != nil { throw EventResourceError.uidConflict(uid: uid) }
            throw EventResourceError.nameIsNotUID(name: name, uid: uid)
        }
        switch expecting {
        case .any: break
        case .absent: if existing != nil { throw EventResourceError.preconditionFailed }
        case .exists: if existing == nil { throw EventResourceError.preconditionFailed }
        case .version(let id, let version):
            guard let existing, existing.id == id, existing.version == version else { throw EventResourceError.preconditionFailed }
        }
        // The same rule as any change: only the owner writes over (or makes) a private event.
        if let existing { _ = try await event(existing.id, with: caller, to: .writeEvents) }
        let now = clock.now()
        let imported = ImportedEvents(vevents, calendarID: calendarID, existing: existing.map { [uid: $0] } ?? [:], now: now)
        guard imported.problems.isEmpty, imported.events.count == 1, var event = imported.events.first?.event else {
            throw EventResourceError.invalidCalendarData(imported.problems.map(\.message).joined(separator: " "))
        }
        if event.hasPrivateParts, calendar.ownerID != caller.id {
            throw CalendarError.forbidden("Only the calendar's owner may add private or confidential events (CLASS other than PUBLIC).")
        }
        guard let existing else {
            do {
                try await events.insert(
                    event, reminders: try await reminderPlan(event.id, event, in: calendar, by: caller),
                    maximumInCalendar: limits.maximumEventsPerCalendar)
            } catch EventError.duplicateUID {
                // Another request made it between the read and the insert: `If-None-Match: *` fails; without it, the client retries.
                throw EventResourceError.preconditionFailed
            }
            try await didChange(event.id, to: event, in: calendar, by: caller, created: true)
            return (event, true)
        }
        if event == existing { return (existing, false) }
        event.sequence = max(existing.sequence + (event.start != existing.start || event.end != existing.end ? 1 : 0), event.sequence)
        event.updatedAt = now
        let saved: CalendarEvent
        do {
            saved = try await events.update(
                event, expectedVersion: existing.version, reminders: try await reminderPlan(event.id, event, in: calendar, by: caller))
        } catch EventError.versionMismatch {
            throw EventResourceError.preconditionFailed
        }
        try await didChange(saved.id, to: saved, in: calendar, by: caller)
        return (saved, false)
    }

    /// Deletes the resource `name` (its UID) when `expecting` holds.
    public func deleteResource(named name: String, in calendarID: CalendarID, for caller: User, expecting: EventResourceExpectation) async throws {
        _ = try await calendars.calendar(calendarID, for: caller, to: .readEvents)
        guard let existing = try await events.event(uid: name, in: calendarID) else {
            if expecting != .any { throw EventResourceError.preconditionFailed }
            throw EventError.notFound
        }
        switch expecting {
        case .any, .exists: break
        case .absent: throw EventResourceError.preconditionFailed
        case .version(let id, let version): guard existing.id == id, existing.version == version else { throw EventResourceError.preconditionFailed }
        }
        do {
            try await delete(existing.id, for: caller, expectedVersion: existing.version)
        } catch EventError.versionMismatch {
            throw EventResourceError.preconditionFailed
        }
    }
}
