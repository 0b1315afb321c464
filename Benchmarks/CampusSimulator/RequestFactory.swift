import CampusCalCore
import CampusCalICalendar
import Foundation
import NIOCore
import NIOHTTP1

/// Turns "student S makes a request of kind K" into the HTTP request the web app or a calendar
/// client would send, with the dates of the current week and day.
struct RequestFactory: Sendable {
    let baseURL: String
    let campus: CampusFile
    let states: StudentStates
    /// Today (UTC) when the run started; the week view is the Monday-to-Monday week around it.
    let today: LocalDate
    /// Whether clients revalidate what they hold (`If-None-Match`), as browsers and calendar clients do.
    let clientsKeepCopies: Bool

    init(baseURL: String, campus: CampusFile, states: StudentStates, today: LocalDate, clientsKeepCopies: Bool = true) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.campus = campus
        self.states = states
        self.today = today
        self.clientsKeepCopies = clientsKeepCopies
    }

    /// The request, or nil when the student has nothing of the kind to act on (no invitations).
    func make(_ kind: RequestKind, student: Int, random: inout SeededRandom) -> SimulatedRequest? {
        let who = campus.active[student]
        switch kind {
        case .weekView:
            let monday = today.adding(days: -today.weekday.rawValue)
            return conditional(get("/api/v1/agenda?from=\(monday)&to=\(monday.adding(days: 7))", token: who.token), student)
        case .dayView:
            return conditional(get("/api/v1/agenda?from=\(today)&to=\(today.adding(days: 1))", token: who.token), student)
        case .dayTasks:
            return get("/api/v1/tasks/day/\(today)", token: who.token)
        case .todoList:
            return get("/api/v1/todo", token: who.token)
        case .taskList:
            return get("/api/v1/tasks?status=open", token: who.token)
        case .createTask:
            let due = today.adding(days: Int.random(in: 1...10, using: &random))
            let priority = ["high", "medium", "low"].randomElement(using: &random)!
            let title = ["Finish lab write-up", "Review lecture notes", "Start essay outline", "Practice problems"].randomElement(using: &random)!
            return send(.POST, "/api/v1/tasks", token: who.token, json: #"{"title":"\#(title)","priority":"\#(priority)","due":{"date":"\#(due)"}}"#)
        case .completeTask:
            guard let task = states.taskToComplete(student) else { return nil }
            return send(.PATCH, "/api/v1/tasks/\(task)", token: who.token, json: #"{"status":"completed"}"#)
        case .feedSync:
            return conditional(
                SimulatedRequest(method: .GET, path: "/feeds/\(who.feedToken)/calendar.ics", headers: ["Accept": "text/calendar"]), student)
        case .invitations:
            return get("/api/v1/invitations?status=pending", token: who.token)
        case .respond:
            guard let (invitation, answer) = states.nextResponse(student, invitations: who.invitationIDs) else { return nil }
            return send(.POST, "/api/v1/invitations/\(invitation)/respond", token: who.token, json: #"{"response":"\#(answer)"}"#)
        case .notifications:
            return get("/api/v1/notifications", token: who.token)
        case .davSync:
            guard let secret = who.appPassword else { return nil }
            let credentials = Data("\(who.username):\(secret)".utf8).base64EncodedString()
            var request = SimulatedRequest(
                method: .RAW(value: "PROPFIND"), path: "/dav/calendars/\(who.username)/\(who.personalCalendarID)/",
                headers: ["Authorization": "Basic \(credentials)", "Depth": "0", "Content-Type": "application/xml"])
            request.body = ByteBuffer(string: Self.pollBody)
            return request
        }
    }

    /// What a phone asks when it polls a calendar: has its CTag or sync token moved?
    static let pollBody = """
        <?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/">\
        <d:prop><cs:getctag/><d:sync-token/></d:prop></d:propfind>
        """

    /// With `If-None-Match` when the student's client holds a copy (a calendar client's feed, a
    /// browser's cached view) and the run keeps them (not `--cold-clients`).
    private func conditional(_ request: SimulatedRequest, _ student: Int) -> SimulatedRequest {
        guard clientsKeepCopies, let tag = states.entityTag(student, path: request.path) else { return request }
        var request = request
        request.headers.add(name: "If-None-Match", value: tag)
        return request
    }

    private func get(_ path: String, token: String) -> SimulatedRequest {
        SimulatedRequest(method: .GET, path: path, headers: ["Authorization": "Bearer \(token)", "Accept": "application/json"])
    }

    private func send(_ method: HTTPMethod, _ path: String, token: String, json: String) -> SimulatedRequest {
        var request = get(path, token: token)
        request.method = method
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = ByteBuffer(string: json)
        return request
    }
}
