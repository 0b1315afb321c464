import CampusCalCore
import CampusCalDAV
import CampusCalICalendar
import Foundation
import HTTPTypes
import Hummingbird

/// A person's tasks and assignments as one task calendar in their calendar home (issue #29,
/// `DAVTaskPath`): VTODO resources read and written through `TaskService` — the same access,
/// reminders, plugin hooks and LMS rules as the REST API. A route parses, calls one service
/// method, renders.
extension DAVRoutes {
    func handleTasks(_ path: DAVTaskPath, _ tasks: TaskService, request: Request, for user: User) async throws -> Response {
        switch request.method.rawValue {
        case "PROPFIND":
            return try await propfindTasks(path, tasks, depth: request.headers[DAVReply.depth], body: try await body(request), for: user)
        case "REPORT": return try await reportTasks(path, tasks, body: try await body(request), for: user)
        case "GET", "HEAD": return try await getTask(path, tasks, for: user, headOnly: request.method == .head)
        case "PUT": return try await putTask(path, tasks, request: request, for: user)
        case "DELETE":
            guard case .task(_, let uid) = path else {
                throw DAVRefusal(
                    status: .forbidden, condition: .dav("need-privileges"),
                    message: "The task calendar holds all your tasks and cannot be deleted; delete its tasks one by one.")
            }
            let expecting = DAVProperties.expectation(ifMatch: request.headers[.ifMatch], ifNoneMatch: request.headers[.ifNoneMatch])
            try await tasks.deleteResource(named: uid, for: user, expecting: expecting)
            return DAVReply.empty(.noContent)
        default:
            throw DAVRefusal(
                status: .methodNotAllowed, message: "\(request.method.rawValue) is not supported here; see the Allow header.",
                headers: [.allow: DAVReply.allowed])
        }
    }

    /// The task calendar's properties, its tag read from the tasks as they are now.
    func taskCalendarProperties(_ tasks: TaskService, for user: User) async throws -> [DAVElement] {
        DAVProperties.taskCalendar(
            tag: DAVProperties.taskCollectionTag(try await tasks.resources(for: user)), for: user, maximumResourceSize: maximumBodyBytes)
    }

    func propfindTasks(_ path: DAVTaskPath, _ tasks: TaskService, depth: String?, body: [UInt8], for user: User) async throws -> Response {
        let request = try PropfindRequest(body: body)
        switch path {
        case .collection(let username):
            let all = try await tasks.resources(for: user)
            let collection = DAVProperties.taskCalendar(
                tag: DAVProperties.taskCollectionTag(all), for: user, maximumResourceSize: maximumBodyBytes)
            var responses = [DAVProperties.response(href: path.href, available: collection, request: request)]
            // `infinity` (or no Depth) is answered as 1, as for event calendars.
            if depth?.trimmingHTTPWhitespace != "0" {
                let withData = DAVProperties.wantsData(request)
                for task in all {
                    let href = DAVTaskPath.task(username: username, uid: task.resourceUID).href
                    responses.append(DAVProperties.response(href: href, available: DAVProperties.task(task, withData: withData), request: request))
                }
            }
            return DAVReply.multistatus(responses)
        case .task(_, let uid):
            let task = try await tasks.resource(uid: uid, for: user)
            return DAVReply.multistatus([
                DAVProperties.response(
                    href: path.href, available: DAVProperties.task(task, withData: DAVProperties.wantsData(request)), request: request)
            ])
        }
    }

    func reportTasks(_ path: DAVTaskPath, _ tasks: TaskService, body: [UInt8], for user: User) async throws -> Response {
        guard case .collection(let username) = path else {
            throw DAVRefusal(status: .forbidden, condition: .dav("supported-report"), message: "Reports are made on a calendar collection.")
        }
        let report = try CalendarReport(body: body)
        func response(_ task: TaskItem, href: String, _ request: PropfindRequest) -> Multistatus.Response {
            DAVProperties.response(href: href, available: DAVProperties.task(task, withData: DAVProperties.wantsData(request)), request: request)
        }
        switch report {
        case .multiget(let names, let hrefs, _):
            let byUID = Dictionary(try await tasks.resources(for: user).map { ($0.resourceUID, $0) }, uniquingKeysWith: { first, _ in first })
            let request = Self.propertyRequest(names)
            return DAVReply.multistatus(
                hrefs.map { href in
                    guard let named = DAVPath(requestPath: DAVPath.path(ofHref: href)).flatMap(DAVTaskPath.init),
                        case .task(username, let uid) = named, let task = byUID[uid]
                    else { return Multistatus.Response(href: href, status: 404) }
                    return response(task, href: href, request)
                })
        case .query(let names, let filter, _):
            // The task calendar holds VTODOs only: a filter that needs any other component matches nothing.
            if !filter.asksOnlyFor("VTODO") { return DAVReply.multistatus([]) }
            let matching = try await tasks.resources(for: user, overlapping: filter.timeRange(of: "VTODO").map { (start: $0.start, end: $0.end) })
                .filter { filter.matches(events: [], todos: [$0.iCalendarTodo]) }
            let request = Self.propertyRequest(names)
            return DAVReply.multistatus(
                matching.map { response($0, href: DAVTaskPath.task(username: username, uid: $0.resourceUID).href, request) })
        case .freeBusy:
            throw DAVRefusal(
                status: .forbidden, condition: .dav("supported-report"),
                message: "The task calendar answers calendar-multiget, calendar-query and sync-collection; ask an event calendar for busy time.")
        case .syncCollection(let names, let token, let limit):
            return try await syncTasks(username, tasks, names: names, token: token, limit: limit, for: user)
        }
    }
}
