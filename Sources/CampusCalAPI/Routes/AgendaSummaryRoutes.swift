import CampusCalCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// What is due in plain language (for screen readers and voice assistants), and what to start next.
/// JSON by default, with the sentence in `text`; `Accept: text/plain` gets just the sentence.
enum AgendaSummaryRoutes {
    struct SummaryRepresentation: Encodable {
        var range: String
        var from: Date
        var to: Date
        var text: String
        var nothingDue: Bool
        var items: [TaskRoutes.DayView.Item]
    }

    struct NextRepresentation: Encodable {
        var task: TaskRepresentation?
        var due: EventTimeJSON?
        var dueAt: Date?
        var text: String

        private enum CodingKeys: String, CodingKey { case task, due, dueAt, text }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(task, forKey: .task)
            try container.encode(due, forKey: .due)
            try container.encode(dueAt, forKey: .dueAt)
            try container.encode(text, forKey: .text)
        }
    }

    static func register(on routes: RouteTable, tasks: TaskService) {
        routes.authenticated(.get, "/api/v1/agenda/summary") { request, context in
            let caller = try context.requireCaller().user
            let raw = request.uri.queryParameters["range"].map(String.init) ?? "today"
            guard let range = AgendaSummary.Range(rawValue: raw) else {
                throw Problem.badRequest("invalid-parameter", "Query parameter 'range' must be today, week or month (it was '\(raw.prefix(40))').")
            }
            let summary = try await tasks.summary(range, for: caller)
            if wantsPlainText(request) { return plainText(summary.text) }
            let zone = TaskRoutes.zone(caller)
            return try JSONResponse.make(
                SummaryRepresentation(
                    range: range.rawValue, from: summary.from, to: summary.to, text: summary.text, nothingDue: summary.items.isEmpty,
                    items: summary.items.map {
                        TaskRoutes.DayView.Item(task: TaskRepresentation(task: $0.task, timeZone: zone), due: EventTimeJSON($0.due), dueAt: $0.dueAt)
                    }))
        }

        routes.authenticated(.get, "/api/v1/agenda/next") { request, context in
            let caller = try context.requireCaller().user
            let suggestion = try await tasks.next(for: caller)
            if wantsPlainText(request) { return plainText(suggestion.text) }
            let zone = TaskRoutes.zone(caller)
            return try JSONResponse.make(
                NextRepresentation(
                    task: suggestion.item.map { TaskRepresentation(task: $0.task, timeZone: zone) },
                    due: suggestion.item.map { EventTimeJSON($0.due) },
                    dueAt: suggestion.item?.dueAt, text: suggestion.text))
        }
    }

    /// True when the client prefers `text/plain` to JSON (a screen reader's or assistant's fetch).
    static func wantsPlainText(_ request: Request) -> Bool {
        guard let accept = request.headers[.accept]?.lowercased() else { return false }
        return accept.contains("text/plain") && !accept.contains("application/json")
    }

    static func plainText(_ text: String) -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
    }
}
