import CampusCalCore

/// A person's task calendar and its VTODO resources, read from a `DAVPath`:
///
/// ```
/// /dav/calendars/<username>/tasks/             their tasks and assignments, as one task calendar
/// /dav/calendars/<username>/tasks/<UID>.ics    one task (its UID: the client's, or `<id>@campuscal`)
/// ```
///
/// `tasks` sits where a calendar id goes and can never be one: calendar ids are UUIDs
/// (`CalendarID.generate`). Read from the parsed path rather than added to `DAVPath`, so that
/// calendars keep one shape and the task calendar stays in files of its own.
enum DAVTaskPath: Equatable {
    case collection(username: String)
    case task(username: String, uid: String)

    /// The segment naming the task calendar in a calendar home.
    static let segment = "tasks"

    init?(_ path: DAVPath) {
        switch path {
        case .calendar(let username, let id) where id.rawValue == Self.segment: self = .collection(username: username)
        case .event(let username, let id, let uid) where id.rawValue == Self.segment: self = .task(username: username, uid: uid)
        default: return nil
        }
    }

    /// The same address as a `DAVPath`, for its href.
    var path: DAVPath {
        switch self {
        case .collection(let username): .calendar(username: username, CalendarID(rawValue: Self.segment))
        case .task(let username, let uid): .event(username: username, CalendarID(rawValue: Self.segment), uid: uid)
        }
    }

    var href: String { path.href }
}
