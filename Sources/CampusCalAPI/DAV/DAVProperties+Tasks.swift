import CampusCalCore
import CampusCalDAV
import CampusCalICalendar
import Foundation

/// The live properties of a person's task calendar and of its VTODO resources.
extension DAVProperties {
    static let taskContentType = "text/calendar; charset=utf-8; component=vtodo"

    /// The task calendar: VTODO only, always the owner's (full privileges). `tag` is its
    /// `getctag`, which changes with any task's change (`taskCollectionTag`).
    static func taskCalendar(tag: String, for user: User, maximumResourceSize: Int) -> [DAVElement] {
        calendarCollection(name: "Tasks", component: "VTODO", tag: tag, maximumResourceSize: maximumResourceSize) + [
            DAVElement(
                .calDAV("calendar-description"),
                text: "Your tasks and assignments. An assignment's title, course, description and due date come from its LMS."),
            privileges(.owner),
        ] + common(for: user)
    }

    /// A tag that changes whenever a task of the collection is added, changed or deleted: a
    /// 64-bit FNV-1a hash of every task's id and version (a student has hundreds, not millions).
    static func taskCollectionTag(_ tasks: [TaskItem]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for task in tasks.sorted(by: { $0.id.rawValue < $1.id.rawValue }) {
            for byte in "\(task.id.rawValue):\(task.version);".utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return "t\(tasks.count)-" + String(hash, radix: 16)
    }

    /// The strong ETag of a task: its id and version, as events' (`etag(_:)` for a CalendarEvent).
    static func etag(_ task: TaskItem) -> String { "\"\(task.id.rawValue)-\(task.version)\"" }

    /// The task as one VTODO, stamped with its last change: the same version is the same bytes,
    /// and the same rendering as `GET /api/v1/tasks/export.ics`.
    static func calendarData(_ task: TaskItem) -> String {
        ICalendarExport.text(events: [], todos: [task.iCalendarTodo], timestamp: task.updatedAt)
    }

    static func task(_ task: TaskItem, withData: Bool) -> [DAVElement] {
        var properties = [
            DAVElement(.dav("resourcetype")),
            DAVElement(.dav("getetag"), text: etag(task)),
            DAVElement(.dav("getcontenttype"), text: taskContentType),
            DAVElement(.dav("getlastmodified"), text: httpDate(task.updatedAt)),
        ]
        if withData { properties.append(DAVElement(.calDAV("calendar-data"), text: calendarData(task))) }
        return properties
    }
}
