import CampusCalCore
import Foundation
import Hummingbird
import Logging

/// The student's to-do list: lines in their order, added from tasks or typed, ticked off, moved,
/// removed, and stepped through one by one (next / previous).
enum TodoRoutes {
    struct AddBody: StrictJSONBody {
        static let fields: Set<String> = ["taskId", "text", "position"]
        var taskId: String?
        var text: String?
        var position: Int?
    }

    struct ChangeBody: StrictJSONBody {
        static let fields: Set<String> = ["text", "completed", "position"]
        var text: FieldChange<String>
        var completed: Bool?
        var position: Int?

        private enum CodingKeys: String, CodingKey { case text, completed, position }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            text = .unchanged
            if container.contains(.text) {
                text = try container.decodeNil(forKey: .text) ? .clear : .set(container.decode(String.self, forKey: .text))
            }
            completed = try container.decodeUnlessAbsent(Bool.self, forKey: .completed)
            position = try container.decodeUnlessAbsent(Int.self, forKey: .position)
        }
    }

    struct LineRepresentation: Encodable {
        var line: TodoListService.Line
        var timeZone: TimeZone

        private enum CodingKeys: String, CodingKey { case id, position, text, taskId, task, completed, completedAt, createdAt }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(line.entry.id.rawValue, forKey: .id)
            try container.encode(line.entry.position, forKey: .position)
            try container.encode(line.text, forKey: .text)
            try container.encode(line.entry.taskID?.rawValue, forKey: .taskId)
            try container.encode(line.task.map { TaskRepresentation(task: $0, timeZone: timeZone) }, forKey: .task)
            try container.encode(line.entry.isCompleted, forKey: .completed)
            try container.encode(line.entry.completedAt, forKey: .completedAt)
            try container.encode(line.entry.createdAt, forKey: .createdAt)
        }
    }

    /// The shape `TaskJSON.todo` writes by hand (kept for its byte-for-byte test).
    struct ListRepresentation: Encodable {
        var items: [LineRepresentation]
        var count: Int
    }

    static func register(on routes: RouteTable, todo: TodoListService, limits: BodyLimits) {
        routes.authenticated(.get, "/api/v1/todo") { _, context in
            let caller = try context.requireCaller().user
            return JSONResponse.bytes(TaskJSON.todo(try await todo.list(for: caller), timeZone: TaskRoutes.zone(caller)))
        }

        routes.authenticated(.post, "/api/v1/todo") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(AddBody.self, limits: limits)
            let line = try await todo.add(for: caller, taskID: body.taskId.map(TaskID.init(rawValue:)), text: body.text, position: body.position)
            return try JSONResponse.make(
                LineRepresentation(line: line, timeZone: TaskRoutes.zone(caller)), status: .created,
                headers: [.location: "/api/v1/todo/\(line.entry.id)"])
        }

        routes.authenticated(.patch, "/api/v1/todo/{id}") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(ChangeBody.self, limits: limits)
            let line = try await todo.update(
                try entryID(context), for: caller, text: body.text, completed: body.completed, position: body.position)
            return try JSONResponse.make(LineRepresentation(line: line, timeZone: TaskRoutes.zone(caller)))
        }

        routes.authenticated(.delete, "/api/v1/todo/{id}") { _, context in
            try await todo.remove(try entryID(context), for: try context.requireCaller().user)
            return JSONResponse.noContent()
        }

        for (name, next) in [("next", true), ("previous", false)] {
            routes.authenticated(.get, "/api/v1/todo/{id}/\(name)") { _, context in
                let caller = try context.requireCaller().user
                let line = try await todo.neighbour(of: try entryID(context), for: caller, next: next)
                return try JSONResponse.make(LineRepresentation(line: line, timeZone: TaskRoutes.zone(caller)))
            }
        }
    }

    static func entryID(_ context: APIRequestContext) throws -> TodoEntryID { TodoEntryID(rawValue: try context.parameters.require("id")) }
}
