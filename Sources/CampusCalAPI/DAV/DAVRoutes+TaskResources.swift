import CampusCalCore
import CampusCalDAV
import CampusCalICalendar
import Foundation
import HTTPTypes
import Hummingbird

/// GET, PUT and the sync of the task calendar's VTODO resources (`DAVRoutes+Tasks.swift` routes them).
extension DAVRoutes {
    func getTask(_ path: DAVTaskPath, _ tasks: TaskService, for user: User, headOnly: Bool) async throws -> Response {
        guard case .task(_, let uid) = path else {
            throw DAVRefusal(
                status: .methodNotAllowed, message: "Collections have no body to GET here; PROPFIND them, or GET one of their .ics resources.",
                headers: [.allow: "OPTIONS, PROPFIND, REPORT"])
        }
        let task = try await tasks.resource(uid: uid, for: user)
        return DAVReply.resource(
            DAVProperties.calendarData(task), contentType: DAVProperties.taskContentType, etag: DAVProperties.etag(task),
            lastModified: DAVProperties.httpDate(task.updatedAt), headOnly: headOnly)
    }

    func putTask(_ path: DAVTaskPath, _ tasks: TaskService, request: Request, for user: User) async throws -> Response {
        guard case .task(_, let uid) = path else {
            throw DAVRefusal(
                status: .methodNotAllowed, message: "PUT a task as <UID>.ics inside the task calendar.",
                headers: [.allow: "OPTIONS, PROPFIND, REPORT"])
        }
        let file = try await calendarFile(request)
        guard let todo = file.todos.first else {
            if !file.events.isEmpty {
                throw EventResourceError.unsupportedComponent(
                    "This is your task calendar: it holds tasks (VTODO) only. Put events (VEVENT) in one of your calendars.")
            }
            let issues = file.issues.prefix(3).map(\.message).joined(separator: " ")
            throw EventResourceError.invalidCalendarData(issues.isEmpty ? "it holds no VTODO." : issues)
        }
        guard file.todos.count == 1, todo.recurrenceID == nil else {
            throw EventResourceError.invalidCalendarData(
                "One resource holds one task, as one VTODO; changes to single occurrences of a repeating task (RECURRENCE-ID) are not kept.")
        }
        let expecting = DAVProperties.expectation(ifMatch: request.headers[.ifMatch], ifNoneMatch: request.headers[.ifNoneMatch])
        do {
            let (task, created) = try await tasks.putResource(todo, named: uid, for: user, expecting: expecting)
            return DAVReply.empty(created ? .created : .noContent, headers: [.eTag: DAVProperties.etag(task)])
        } catch let error as ValidationError where error.issues.contains(where: { $0.code.hasSuffix(".lms-owned") }) {
            // An assignment's LMS fields: the phone is told what it may not change here, and where to.
            return DAVReply.error(
                .forbidden, DAVElement(.calDAV("valid-calendar-object-resource")), error.issues.map(\.message).joined(separator: " "))
        }
    }

    /// RFC 6578 sync of the task calendar over the change log's `task` entries (collection: the
    /// owner's id): each changed task as it is now, each deleted or LMS-removed one a 404.
    func syncTasks(_ username: String, _ tasks: TaskService, names: [DAVName], token text: String, limit: Int?, for user: User) async throws
        -> Response
    {
        let changeLog = try syncLog()
        let since = try Self.syncStart(text)
        let byID = Dictionary(try await tasks.resources(for: user).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let page = try await Self.syncPage(of: .tasks(of: user.id), in: changeLog, since: since, limit: limit)
        let request = Self.propertyRequest(names)
        let withData = DAVProperties.wantsData(request)
        let responses = page.records.map { record -> Multistatus.Response in
            let id = TaskID(rawValue: record.itemID)
            if !record.deleted, let task = byID[id] {
                let href = DAVTaskPath.task(username: username, uid: task.resourceUID).href
                return DAVProperties.response(href: href, available: DAVProperties.task(task, withData: withData), request: request)
            }
            let uid = record.uid ?? TaskItem.generatedUID(id)
            return Multistatus.Response(href: DAVTaskPath.task(username: username, uid: uid).href, status: 404)
        }
        return Self.syncReply(responses, page: page, since: since, collection: DAVTaskPath.collection(username: username).href)
    }
}
