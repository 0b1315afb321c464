import CampusCalCore
import CampusCalICalendar
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Tasks and assignments: create, read, change (complete, prioritise…), delete; ranked and filtered
/// lists; the day view of what is due.
enum TaskRoutes {
    /// Creation and merge-patch body: absent keys stay; `null` clears the optional fields.
    struct TaskBody: StrictJSONBody {
        static let fields: Set<String> = [
            "title", "course", "description", "due", "estimatedMinutes", "priority", "status", "pointsPossible", "grade", "feedback",
            "displayText", "recurrenceRule", "reminders",
        ]
        var changes: TaskChanges

        private enum CodingKeys: String, CodingKey {
            case title, course, description, due, estimatedMinutes, priority, status, pointsPossible, grade, feedback, displayText
            case recurrenceRule, reminders
        }

        private struct GradeBody: Decodable, Equatable {
            var score: Double?
            var percentage: Double?
            var letter: String?

            private enum Keys: String, CodingKey, CaseIterable { case score, percentage, letter }

            init(from decoder: any Decoder) throws {
                let allowed = Set(Keys.allCases.map(\.rawValue))
                if let unknown = try decoder.container(keyedBy: AnyKey.self).allKeys.first(where: { !allowed.contains($0.stringValue) }) {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: decoder.codingPath,
                            debugDescription: "unknown field '\(unknown.stringValue.prefix(40))'; use score, percentage, letter."))
                }
                let container = try decoder.container(keyedBy: Keys.self)
                score = try container.decodeIfPresent(Double.self, forKey: .score)
                percentage = try container.decodeIfPresent(Double.self, forKey: .percentage)
                letter = try container.decodeIfPresent(String.self, forKey: .letter)
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func change<Value: Decodable>(_ key: CodingKeys, _ type: Value.Type) throws -> FieldChange<Value> {
                guard container.contains(key) else { return .unchanged }
                return try container.decodeNil(forKey: key) ? .clear : .set(container.decode(type, forKey: key))
            }
            var priority: FieldChange<TaskPriority> = .unchanged
            switch try change(.priority, String.self) {
            case .unchanged: break
            case .clear: priority = .clear
            case .set(let raw):
                guard let value = TaskPriority(rawValue: raw.lowercased()) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .priority, in: container, debugDescription: "'\(raw.prefix(40))' is not a priority; use high, medium or low")
                }
                priority = .set(value)
            }
            var status: TaskStatus?
            if let raw = try container.decodeUnlessAbsent(String.self, forKey: .status) {
                guard let value = TaskStatus(rawValue: raw.lowercased()) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .status, in: container, debugDescription: "'\(raw.prefix(40))' is not a status; use open or completed")
                }
                status = value
            }
            var grade: FieldChange<TaskGrade> = .unchanged
            switch try change(.grade, GradeBody.self) {
            case .unchanged: break
            case .clear: grade = .clear
            case .set(let body): grade = .set(TaskGrade(score: body.score, percentage: body.percentage, letter: body.letter))
            }
            var due: FieldChange<EventTime> = .unchanged
            if container.contains(.due) {
                due = try container.decodeNil(forKey: .due) ? .clear : .set(container.decode(EventTimeJSON.self, forKey: .due).time)
            }
            changes = TaskChanges(
                title: try container.decodeUnlessAbsent(String.self, forKey: .title), course: try change(.course, String.self),
                description: try change(.description, String.self), due: due, estimatedMinutes: try change(.estimatedMinutes, Int.self),
                priority: priority, status: status, pointsPossible: try change(.pointsPossible, Double.self), grade: grade,
                feedback: try change(.feedback, String.self), displayText: try change(.displayText, String.self),
                recurrenceRule: try change(.recurrenceRule, String.self),
                reminders: try container.decodeUnlessAbsent([NotificationRoutes.ReminderJSON].self, forKey: .reminders)?.map(\.reminder))
        }
    }

    /// The shape `TaskJSON` writes by hand (kept for its byte-for-byte test).
    struct TaskList: Encodable {
        var items: [TaskRepresentation]
        var count: Int
    }

    /// The day view: what is due, ranked, or an explicit "nothing due" (written by `TaskJSON`; this
    /// is the shape it is tested against).
    struct DayView: Encodable {
        struct Item: Encodable {
            var task: TaskRepresentation
            var due: EventTimeJSON
            var dueAt: Date
        }

        var date: String
        var items: [Item]
        var nothingDue: Bool
        var message: String

        static func message(count: Int, on date: LocalDate) -> String {
            count == 0 ? "Nothing is due on \(date)." : "\(count) \(count == 1 ? "item is" : "items are") due on \(date)."
        }
    }

    static func register(on routes: RouteTable, tasks: TaskService, limits: BodyLimits) {
        routes.authenticated(.post, "/api/v1/tasks") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(TaskBody.self, limits: limits)
            let task = try await tasks.create(for: caller, body.changes)
            var headers = EntityTag.headers(version: task.version)
            headers[.location] = "/api/v1/tasks/\(task.id)"
            return JSONResponse.bytes(TaskJSON.task(task, timeZone: zone(caller)), status: .created, headers: headers)
        }

        routes.authenticated(.get, "/api/v1/tasks") { request, context in
            let caller = try context.requireCaller().user
            let query = try Self.query(request, caller: caller)
            return JSONResponse.bytes(TaskJSON.list(try await tasks.list(for: caller, query), timeZone: zone(caller)))
        }

        // The same list as VTODOs (RFC 5545), for task apps and calendar programs that import files.
        routes.authenticated(.get, "/api/v1/tasks/export.ics") { request, context in
            let caller = try context.requireCaller().user
            let listed = try await tasks.list(for: caller, try Self.query(request, caller: caller))
            let text = ICalendarExport.text(
                events: [], todos: listed.map(\.iCalendarTodo), calendarProperties: [.text("X-WR-CALNAME", "Tasks")], timestamp: tasks.clock.now())
            let headers: HTTPFields = [
                .contentType: "text/calendar; charset=utf-8", .contentDisposition: "attachment; filename=\"tasks.ics\"", .cacheControl: "no-store",
            ]
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
        }

        routes.authenticated(.get, "/api/v1/tasks/day/{date}") { _, context in
            let caller = try context.requireCaller().user
            let raw = try context.parameters.require("date")
            guard let date = RFC3339.parseDate(raw), date.isValid else {
                throw Problem.badRequest("invalid-parameter", "The day must be a date like 2026-11-23 (it was '\(raw.prefix(40))').")
            }
            let due = try await tasks.due(on: date, for: caller)
            return JSONResponse.bytes(TaskJSON.day(date, due, message: DayView.message(count: due.count, on: date), timeZone: zone(caller)))
        }

        routes.authenticated(.get, "/api/v1/tasks/{id}") { _, context in
            let caller = try context.requireCaller().user
            let task = try await tasks.task(TaskID(rawValue: try context.parameters.require("id")), for: caller)
            return JSONResponse.bytes(TaskJSON.task(task, timeZone: zone(caller)), headers: EntityTag.headers(version: task.version))
        }

        routes.authenticated(.patch, "/api/v1/tasks/{id}") { request, context in
            let caller = try context.requireCaller().user
            let expected = try EntityTag.expectedVersion(in: request.headers)
            let body = try await request.decodeStrictJSON(TaskBody.self, limits: limits)
            let task = try await tasks.update(
                TaskID(rawValue: try context.parameters.require("id")), for: caller, changes: body.changes, expectedVersion: expected)
            return JSONResponse.bytes(TaskJSON.task(task, timeZone: zone(caller)), headers: EntityTag.headers(version: task.version))
        }

        routes.authenticated(.delete, "/api/v1/tasks/{id}") { request, context in
            let expected = try EntityTag.expectedVersion(in: request.headers)
            try await tasks.delete(
                TaskID(rawValue: try context.parameters.require("id")), for: try context.requireCaller().user, expectedVersion: expected)
            return JSONResponse.noContent()
        }
    }

    static func zone(_ user: User) -> TimeZone { TimeZone(identifier: user.timeZone) ?? TimeZone(secondsFromGMT: 0)! }

    /// `?course=…&course=…&courseId=…&status=&priority=high,none&source=&dueFrom=&dueBefore=&sort=&order=asc|desc`.
    static func query(_ request: Request, caller: User) throws -> TaskQuery {
        let parameters = request.uri.queryParameters
        func values(_ name: String) -> [String] {
            parameters.getAll(name).flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        }
        func bad(_ message: String) -> Problem { Problem.badRequest("invalid-parameter", message) }
        var query = TaskQuery()
        query.courses = values("course")
        query.courseIDs = values("courseId").map(CourseID.init(rawValue:))
        query.sources = values("source")
        if let raw = parameters["status"].map(String.init) {
            guard let status = TaskStatus(rawValue: raw) else { throw bad("Query parameter 'status' must be 'open' or 'completed'.") }
            query.status = status
        }
        for raw in values("priority") {
            if raw == "none" {
                query.withoutPriority = true
            } else if let priority = TaskPriority(rawValue: raw) {
                query.priorities.append(priority)
            } else {
                throw bad("Query parameter 'priority' takes high, medium, low or none (it was '\(raw.prefix(40))').")
            }
        }
        let zone = try ViewerTimeZone(request, caller: caller)
        if let raw = parameters["dueFrom"].map(String.init) { query.dueFrom = try EventRoutes.Window.instant(raw, name: "dueFrom", zone: zone) }
        if let raw = parameters["dueBefore"].map(String.init) {
            query.dueBefore = try EventRoutes.Window.instant(raw, name: "dueBefore", zone: zone)
        }
        if let raw = parameters["sort"].map(String.init) {
            guard let key = TaskQuery.SortKey(rawValue: raw) else {
                throw bad(
                    "Query parameter 'sort' must be one of \(TaskQuery.SortKey.allCases.map(\.rawValue).joined(separator: ", ")) (it was '\(raw.prefix(40))')."
                )
            }
            query.sort = key
        }
        switch parameters["order"].map(String.init) {
        case nil, "asc": query.descending = false
        case "desc": query.descending = true
        case let other?: throw bad("Query parameter 'order' must be 'asc' or 'desc' (it was '\(other.prefix(40))').")
        }
        return query
    }
}
