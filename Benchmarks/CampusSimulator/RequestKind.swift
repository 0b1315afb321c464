/// The requests a student makes in the peak hour, and how often: the "peak mix".
///
/// A student's peak-hour session is 30 requests (issue #11). The weights are that session: the
/// week and day views dominate (the app's first screens), then the to-do list and task lists,
/// one or two writes, a calendar client's sync, invitations and the inbox — and a phone's CalDAV poll
/// (2 more: a 32-request session since issue #29).
enum RequestKind: String, CaseIterable, Codable, Sendable, Comparable {
    /// `GET /api/v1/agenda?from=<Monday>&to=<next Monday>`: the week view across all the student's calendars.
    case weekView = "week-view"
    /// `GET /api/v1/agenda?from=<today>&to=<tomorrow>`: the day view.
    case dayView = "day-view"
    /// `GET /api/v1/tasks/day/<today>`: what is due today (the day view's task strip).
    case dayTasks = "day-tasks"
    /// `GET /api/v1/todo`: the to-do list.
    case todoList = "todo-list"
    /// `GET /api/v1/tasks?status=open`: open tasks and assignments, by due date then priority.
    case taskList = "task-list"
    /// `POST /api/v1/tasks`: a new task with a priority, due in a few days.
    case createTask = "create-task"
    /// `PATCH /api/v1/tasks/{id}` `{"status":"completed"}`: a task the driver created, or a seeded open one.
    case completeTask = "complete-task"
    /// `GET /feeds/{token}/calendar.ics`: a calendar client (Apple, Google, Outlook) polling the
    /// student's subscribed personal calendar — the "sync". From its second poll on it sends the
    /// `ETag` it holds in `If-None-Match`, and gets 304 when nothing changed.
    case feedSync = "feed-sync"
    /// `GET /api/v1/invitations?status=pending`.
    case invitations = "invitations"
    /// `POST /api/v1/invitations/{id}/respond`: accepted, tentative or declined, changing each time.
    case respond = "respond"
    /// `GET /api/v1/notifications`: the inbox.
    case notifications = "notifications"
    /// `PROPFIND` Depth 0 of `getctag` and `sync-token` on the personal calendar, with the phone's
    /// app password: what iOS Calendar and DAVx5 ask every few minutes to learn whether anything
    /// changed (issue #29's DAV client share of the mix).
    case davSync = "dav-sync"

    /// Requests of this kind in a 30-request peak-hour session.
    var peakWeight: Int {
        switch self {
        case .weekView: 6
        case .dayView: 4
        case .dayTasks, .todoList, .taskList: 3
        case .createTask, .completeTask, .feedSync, .invitations, .notifications, .davSync: 2
        case .respond: 1
        }
    }

    static func < (lhs: RequestKind, rhs: RequestKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A request mix: kinds drawn in proportion to their weights.
struct RequestMix: Sendable {
    let name: String
    private let table: [RequestKind]

    init(name: String, weights: [RequestKind: Int]) {
        self.name = name
        table = RequestKind.allCases.flatMap { Array(repeating: $0, count: weights[$0] ?? 0) }
    }

    static let peak = RequestMix(name: "peak", weights: Dictionary(uniqueKeysWithValues: RequestKind.allCases.map { ($0, $0.peakWeight) }))
    /// Only the reads of the peak mix: for finding out what the writes cost.
    static let reads = RequestMix(
        name: "reads",
        weights: Dictionary(
            uniqueKeysWithValues: RequestKind.allCases.filter { ![.createTask, .completeTask, .respond].contains($0) }.map { ($0, $0.peakWeight) }))

    static func named(_ name: String) -> RequestMix? { [peak, reads].first { $0.name == name } }

    var kinds: Set<RequestKind> { Set(table) }

    func draw(using random: inout SeededRandom) -> RequestKind { table[Int.random(in: 0..<table.count, using: &random)] }
}
