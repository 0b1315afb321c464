/// One calendar's events as a CalDAV client lists them — every resource, each as one access level
/// sees it — at one `eventsVersion` of the calendar.
///
/// Immutable once made, so any number of requests read one at once. The events are in the order
/// listings hand them out (creation, then UID), with indexes by UID (how hrefs name resources)
/// and by id (how the change log names them), so a multiget or a sync finds the few it needs
/// without a scan. `CalendarResourceCache` keeps them while the calendar's events do not change.
public final class CalendarResources: Sendable {
    public let calendarID: CalendarID
    /// The calendar's `eventsVersion` read in the same snapshot as the events.
    public let eventsVersion: Int
    /// Whose eyes the events are seen through (`AccessPolicy.view(of:as:)` was applied to each).
    public let view: CalendarEventView
    /// Every event that shows at this view, in listing order.
    public let events: [CalendarEvent]
    private let positionsByUID: [String: Int]
    private let positionsByID: [EventID: Int]

    /// `stored`: the calendar's events as stored, in any order; each is viewed here.
    public init(calendarID: CalendarID, eventsVersion: Int, view: CalendarEventView, stored: [CalendarEvent]) {
        self.calendarID = calendarID
        self.eventsVersion = eventsVersion
        self.view = view
        let events = stored.compactMap { AccessPolicy.view(of: $0, as: view) }.sorted { ($0.createdAt, $0.uid) < ($1.createdAt, $1.uid) }
        self.events = events
        var byUID: [String: Int] = [:]
        var byID: [EventID: Int] = [:]
        byUID.reserveCapacity(events.count)
        byID.reserveCapacity(events.count)
        for (position, event) in events.enumerated() {
            byUID[event.uid] = position
            byID[event.id] = position
        }
        positionsByUID = byUID
        positionsByID = byID
    }

    /// The resource a UID names at this view (a busy-time view names events by their busy UID).
    public func event(uid: String) -> CalendarEvent? { position(ofUID: uid).map { events[$0] } }

    /// Where in `events` the resource a UID names is: for callers that read it in place, uncopied.
    public func position(ofUID uid: String) -> Int? { positionsByUID[uid] }

    /// The event with this id, as this view sees it; nil when it is gone or does not show.
    public func event(id: EventID) -> CalendarEvent? { positionsByID[id].map { events[$0] } }
}
