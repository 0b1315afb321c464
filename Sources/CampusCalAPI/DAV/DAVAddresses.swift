import CampusCalCore

/// Where the caller's calendars live in their calendar home: a calendar made by a CalDAV client
/// (MKCALENDAR at `/dav/calendars/<username>/<name>/`) stays at the name the client chose —
/// clients keep using the URL they made, and python-caldav, DAVx5 and caldav-server-tester check
/// it — while every other calendar is at its id.
///
/// Read once per request (`CalendarService.davNames`) and bound as a task-local for the request,
/// so that `DAVPath.href` — called wherever a route writes an href — names each calendar the same
/// way in every answer without every route passing the table along.
struct DAVAddresses: Sendable {
    /// The caller's calendars that have an address of their own: id → address.
    let names: [CalendarID: String]
    /// address → id.
    private let ids: [String: CalendarID]

    init(names: [CalendarID: String] = [:]) {
        self.names = names
        ids = Dictionary(names.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The calendar a path segment of the caller's home names: one of their addresses, else an id.
    func calendarID(_ segment: CalendarID) -> CalendarID { ids[segment.rawValue] ?? segment }

    /// Whether one of the caller's calendars has this address.
    func isTaken(_ segment: String) -> Bool { ids[segment] != nil }

    /// The path segment of a calendar in the caller's home.
    func segment(of id: CalendarID) -> String { names[id] ?? id.rawValue }

    /// The table of the request being answered (empty outside a DAV request: every calendar at its id).
    @TaskLocal static var current = DAVAddresses()
}

extension DAVPath {
    /// This path with its calendar segment read as the calendar it names (`DAVAddresses`).
    func resolved(_ addresses: DAVAddresses) -> DAVPath {
        switch self {
        case .calendar(let username, let segment): .calendar(username: username, addresses.calendarID(segment))
        case .event(let username, let segment, let uid): .event(username: username, addresses.calendarID(segment), uid: uid)
        default: self
        }
    }
}
