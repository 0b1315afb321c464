import Foundation

/// One calendar's busy time (CalDAV's free-busy-query, a group's free-busy): only intervals leave
/// the calendar — no titles, places, UIDs or counts.
extension EventService {
    /// The merged busy intervals of a calendar the caller may at least see as busy time
    /// (`seeFreeBusy`: every share level and the owner), clipped to `[from, to)`, in order.
    public func busyIntervals(in calendarID: CalendarID, for caller: User, from: Date, to: Date) async throws -> [GroupFreeBusy.Interval] {
        let calendar = try await calendars.access(calendarID, for: caller, to: .seeFreeBusy)
        return try await busyIntervals(of: calendar.calendar, from: from, to: to)
    }

    /// The same for a calendar the caller has already been allowed to see as busy time. Counted as
    /// busy: opaque, not cancelled occurrences — private events included (they are busy time to
    /// everyone). The calendar is read as a free-busy share would read it (`AccessPolicy.view` at
    /// `freeBusy`), so no event detail is in hand even inside the core, and expanded under the
    /// request's budget (`ExpansionBudget`) like every other list.
    func busyIntervals(of calendar: CalendarCollection, from: Date, to: Date) async throws -> [GroupFreeBusy.Interval] {
        let occurrences = try await occurrences(
            in: [AccessibleCalendar(calendar: calendar, access: .freeBusy)], from: from, to: to, viewerTimeZone: TimeZone(secondsFromGMT: 0)!)
        return GroupFreeBusy.merged(
            occurrences.filter { $0.event.transparency == .opaque && $0.event.status != .cancelled }
                .map { GroupFreeBusy.Interval(start: $0.startInstant, end: $0.endInstant) }, from: from, to: to)
    }
}

extension EventService {
    /// The busy time of a person as the caller may see it: merged over the calendars `owner` owns
    /// that are shared with the caller at any level (or all of them, for the caller themself) —
    /// exactly what free-busy-query on each of those calendars would tell. Nothing of calendars
    /// not shared with the caller, so asking about someone reveals no more than their shares do.
    public func busyIntervals(ofCalendarsOwnedBy owner: UserID, for caller: User, from: Date, to: Date) async throws -> (
        visible: Bool, busy: [GroupFreeBusy.Interval]
    ) {
        let calendars = try await agendaCalendars(for: caller).filter { $0.calendar.ownerID == owner }
        var intervals: [GroupFreeBusy.Interval] = []
        for accessible in calendars { intervals += try await busyIntervals(of: accessible.calendar, from: from, to: to) }
        return (!calendars.isEmpty, GroupFreeBusy.merged(intervals, from: from, to: to))
    }
}
