import CampusCalCore
import CampusCalICalendar
import Foundation
import Hummingbird

/// Planned downtime (SRS 3.7.3): administrators post and cancel notices; everyone signed in can
/// list the current ones (a banner in every client), and gets each as a notification.
enum MaintenanceRoutes {
    struct NoticeBody: StrictJSONBody {
        static let fields: Set<String> = ["title", "message", "startsAt", "endsAt", "urgent"]
        var title: String
        var message: String
        var startsAt: Date
        var endsAt: Date
        var urgent: Bool

        private enum CodingKeys: String, CodingKey { case title, message, startsAt, endsAt, urgent }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decode(String.self, forKey: .title)
            message = try container.decodeUnlessAbsent(String.self, forKey: .message) ?? ""
            urgent = try container.decodeUnlessAbsent(Bool.self, forKey: .urgent) ?? false
            func instant(_ key: CodingKeys) throws -> Date {
                let text = try container.decode(String.self, forKey: key)
                guard let date = RFC3339.date(from: text) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: container, debugDescription: "'\(text.prefix(40))' is not an RFC 3339 date-time with an offset")
                }
                return date
            }
            startsAt = try instant(.startsAt)
            endsAt = try instant(.endsAt)
        }
    }

    struct NoticeRepresentation: Encodable {
        var id: String
        var title: String
        var message: String
        var startsAt: Date
        var endsAt: Date
        var urgent: Bool
        var createdAt: Date

        init(_ notice: MaintenanceNotice) {
            id = notice.id.rawValue
            title = notice.title
            message = notice.message
            startsAt = notice.startsAt
            endsAt = notice.endsAt
            urgent = notice.urgent
            createdAt = notice.createdAt
        }
    }

    struct Posted: Encodable {
        var notice: NoticeRepresentation
        var notifiedUsers: Int
    }

    struct NoticeList: Encodable {
        var items: [NoticeRepresentation]
    }

    static func register(on routes: RouteTable, maintenance: MaintenanceNoticeService, limits: BodyLimits) {
        routes.authenticated(.get, "/api/v1/maintenance-notices") { _, _ in
            try JSONResponse.make(NoticeList(items: try await maintenance.current().map(NoticeRepresentation.init)))
        }

        routes.authenticated(.post, "/api/v1/admin/maintenance-notices") { request, context in
            let caller = try context.requireCaller().user
            try MaintenanceNoticeService.requireAdmin(caller)
            let body = try await request.decodeStrictJSON(NoticeBody.self, limits: limits)
            let posted = try await maintenance.post(
                by: caller, title: body.title, message: body.message, startsAt: body.startsAt, endsAt: body.endsAt, urgent: body.urgent)
            return try JSONResponse.make(
                Posted(notice: NoticeRepresentation(posted.notice), notifiedUsers: posted.notified), status: .created)
        }

        routes.authenticated(.delete, "/api/v1/admin/maintenance-notices/{id}") { _, context in
            try await maintenance.cancel(
                MaintenanceNoticeID(rawValue: try context.parameters.require("id")), by: try context.requireCaller().user)
            return JSONResponse.noContent()
        }
    }
}
