/// Events: what a viewer may SEE of one, and who may change it or invite people to it.
///
/// The calendar's rules (`AccessPolicy+Calendars`) decide whether someone may act at all; these
/// decide what of a single event they get, so that every path that hands out event data — the
/// event, its occurrences, lists, the agenda, exports, invitations, free-busy, plugins — asks the
/// same question and gets the same answer (security review 2026-11, H2, M5, I1):
///
/// - The calendar's owner sees everything.
/// - Below `read` (free-busy shares) every event is busy time: times only, titled "Busy".
/// - A private event (iCalendar `CLASS:PRIVATE` or `CONFIDENTIAL`) is busy time for everyone but
///   the owner: share recipients at every level (`manage` and `write` included), members of a
///   group whose calendar it is, invitees of an invitation someone else sent. Administrators have
///   no standing at all (404). A private occurrence of a public series is hidden the same way.
/// - Busy time carries no id that leads to details: lists write it without `eventId`; asking for
///   a private event by its id (`GET /api/v1/events/{id}` and its occurrences) answers the same
///   busy view, never its details. We chose the busy view over 404 because a `read` recipient
///   knows the event exists (it is busy time in their list) and 404 would contradict that.
/// - Only the owner changes, deletes or invites people to a private event (or a series with a
///   private occurrence: a change by someone who sees it as busy time would write "Busy" back). Recipients who can see
///   it as busy time get 403 with the reason (they know it exists); everyone else 404.
/// - Inviting people shows them the event, so it needs the right to change it (`writeEvents`), not
///   just to read it: a `read` recipient cannot pass the calendar on through invitations (M5).
/// - Invitees see what the organiser may still see: the owner's invitation is an explicit
///   disclosure of the event, private or not; an invitation from a `write` or `manage` recipient
///   shows the event only while that person still holds `write` on its calendar, and a private
///   event only as busy time. When the organiser's standing ends, the invitation shows no event.
extension AccessPolicy {
    /// What someone standing at `level` with an event's calendar sees of it: the event itself, its
    /// busy time (`CalendarEvent.busyTime()`), or nil when it does not show at all (busy time of a
    /// free or cancelled event). Pure; every read path of the core goes through it.
    public static func view(of event: CalendarEvent, at level: CalendarAccessLevel) -> CalendarEvent? {
        view(of: event, as: CalendarEventView(level))
    }

    /// The same, for a view already named (caches of viewed events key on it).
    public static func view(of event: CalendarEvent, as view: CalendarEventView) -> CalendarEvent? {
        switch view {
        case .whole: event
        case .busyTime: event.busyTime()
        case .shared: event.classification != .public ? event.busyTime() : event.hidingPrivateOccurrences()
        }
    }

    /// Whether a caller may do `action` (`readEvents`, `writeEvents`) to one event: the calendar's
    /// rule first, then — for changes — only the owner touches a private event.
    public static func decide(_ action: CalendarAction, on event: CalendarEvent, _ access: CalendarAccess) -> AccessDecision {
        let decision = decide(action, access)
        guard decision == .allow, action.required >= .write, access.level != .owner, event.hasPrivateParts else { return decision }
        return .forbid("This event is private (or has a private occurrence): only the owner of its calendar may change or delete it.")
    }

    /// Whether a caller may invite people to an event: they must be allowed to change it, and for
    /// a private event be its calendar's owner (an invitation shows the event to the invitees).
    public static func decideInviting(to event: CalendarEvent, _ access: CalendarAccess) -> AccessDecision {
        switch decide(.writeEvents, access) {
        case .hide: return .hide
        case .forbid:
            if access.level == nil { return .hide }
            return .forbid(
                "You may not invite people to this event: inviting shows it to them, which needs the right to change it ('write'), and its calendar is shared with you at the '\(access.level!.name)' level."
            )
        case .allow:
            if access.level != .owner && event.hasPrivateParts {
                return .forbid("This event is private: only the owner of its calendar may invite people to it.")
            }
            return .allow
        }
    }

    /// Throws `CalendarError.notFound` or `.forbidden` unless `decision` allows.
    public static func enforce(_ decision: AccessDecision) throws {
        switch decision {
        case .allow: return
        case .forbid(let reason): throw CalendarError.forbidden(reason)
        case .hide: throw CalendarError.notFound
        }
    }

    /// What the invitees of an invitation sent by someone standing at `organizerLevel` (nil: none
    /// any more) see of the invited event: the organiser's own view, while they may still change
    /// the event; nothing once they may not.
    public static func inviteeView(of event: CalendarEvent, organizerLevel: CalendarAccessLevel?) -> CalendarEvent? {
        guard let organizerLevel, organizerLevel >= .write else { return nil }
        return view(of: event, at: organizerLevel)
    }
}
