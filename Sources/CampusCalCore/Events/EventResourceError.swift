/// Why a calendar object resource (CalDAV, issue #29) was not stored. Nothing is stored in any case.
public enum EventResourceError: Error, Sendable, Equatable {
    /// The iCalendar text is not one event this server can store (CALDAV:valid-calendar-data).
    case invalidCalendarData(String)
    /// It holds no VEVENT (a VTODO, a VJOURNAL): CALDAV:supported-calendar-component.
    case unsupportedComponent(String)
    /// Another resource of the calendar holds this UID (CALDAV:no-uid-conflict); its UID is given
    /// so the route can name the resource.
    case uidConflict(uid: String)
    /// The resource is named after something else than the UID inside it, which this server does
    /// not keep (resources are named `<UID>.ics`); CALDAV:valid-calendar-object-resource.
    case nameIsNotUID(name: String, uid: String)
    /// `If-Match` / `If-None-Match` did not hold (412).
    case preconditionFailed
}

/// What a write expects of the resource it replaces: the conditional headers of a PUT or DELETE.
public enum EventResourceExpectation: Sendable, Equatable {
    /// No condition.
    case any
    /// `If-None-Match: *`: only if no resource has this name.
    case absent
    /// `If-Match: *`: only if a resource has this name.
    case exists
    /// `If-Match`: only if the resource is this event at this version.
    case version(EventID, Int)
}
