import CampusCalCore
import Foundation
import Hummingbird

/// Sharing calendars: share one or more calendars with users and groups at a level, list a
/// calendar's shares, change a share's level, withdraw it; and each group's meetings calendar.
/// `CalendarSharingService` asks `AccessPolicy` before each.
enum CalendarShareRoutes {
    struct ShareBody: StrictJSONBody {
        static let fields: Set<String> = ["calendarIds", "usernames", "groupIds", "level"]
        var calendarIds: [String]
        var usernames: [String]?
        var groupIds: [String]?
        var level: String
    }

    struct LevelBody: StrictJSONBody {
        static let fields: Set<String> = ["level"]
        var level: String
    }

    struct ShareRepresentation: Encodable {
        struct Recipient: Encodable {
            /// `user` or `group`.
            var type: String
            var id: String
            /// The username, or the group's name.
            var name: String
        }

        var id: String
        var calendarId: String
        var recipient: Recipient
        var level: String
        var sharedById: String
        var createdAt: Date
        var updatedAt: Date

        init(_ share: CalendarShare) {
            id = share.id.rawValue
            calendarId = share.calendarID.rawValue
            switch share.recipient {
            case .user(let user): recipient = Recipient(type: "user", id: user.rawValue, name: share.recipientName)
            case .group(let group): recipient = Recipient(type: "group", id: group.rawValue, name: share.recipientName)
            }
            level = share.level.rawValue
            sharedById = share.sharedByID.rawValue
            createdAt = share.createdAt
            updatedAt = share.updatedAt
        }
    }

    struct ResultRepresentation: Encodable {
        var calendarId: String
        var username: String?
        var groupId: String?
        var outcome: String
        var share: ShareRepresentation?

        init(_ result: CalendarSharingService.Result) {
            calendarId = result.calendarID.rawValue
            username = result.username
            groupId = result.groupID?.rawValue
            outcome = result.outcome.rawValue
            share = result.share.map(ShareRepresentation.init)
        }

        private enum CodingKeys: String, CodingKey { case calendarId, username, groupId, outcome, share }

        /// Every key always present (null when empty), as the schema says.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(calendarId, forKey: .calendarId)
            try container.encode(username, forKey: .username)
            try container.encode(groupId, forKey: .groupId)
            try container.encode(outcome, forKey: .outcome)
            try container.encode(share, forKey: .share)
        }
    }

    struct Results: Encodable { var results: [ResultRepresentation] }
    struct Shares: Encodable { var items: [ShareRepresentation] }

    static func register(on routes: RouteTable, sharing: CalendarSharingService, limits: BodyLimits) {
        routes.authenticated(.post, "/api/v1/calendar-shares") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(ShareBody.self, limits: limits)
            let results = try await sharing.share(
                .init(
                    calendarIDs: body.calendarIds.map(CalendarID.init(rawValue:)), usernames: body.usernames ?? [],
                    groupIDs: (body.groupIds ?? []).map(GroupID.init(rawValue:)), level: try level(body.level)),
                for: caller)
            return try JSONResponse.make(Results(results: results.map(ResultRepresentation.init)))
        }

        routes.authenticated(.get, "/api/v1/calendars/{id}/shares") { _, context in
            let shares = try await sharing.shares(of: CalendarRoutes.calendarID(context), for: try context.requireCaller().user)
            return try JSONResponse.make(Shares(items: shares.map(ShareRepresentation.init)))
        }

        routes.authenticated(.patch, "/api/v1/calendar-shares/{id}") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(LevelBody.self, limits: limits)
            let share = try await sharing.changeLevel(try shareID(context), to: try level(body.level), for: caller)
            return try JSONResponse.make(ShareRepresentation(share))
        }

        routes.authenticated(.delete, "/api/v1/calendar-shares/{id}") { _, context in
            try await sharing.unshare(try shareID(context), for: try context.requireCaller().user)
            return JSONResponse.noContent()
        }

        routes.authenticated(.get, "/api/v1/groups/{id}/calendar") { _, context in
            let calendar = try await sharing.groupCalendar(
                GroupID(rawValue: try context.parameters.require("id")), for: try context.requireCaller().user)
            return try JSONResponse.make(CalendarRepresentation(calendar), headers: EntityTag.headers(version: calendar.calendar.version))
        }
    }

    static func shareID(_ context: APIRequestContext) throws -> ShareID {
        ShareID(rawValue: try context.parameters.require("id"))
    }

    static func level(_ raw: String) throws -> ShareLevel {
        guard let level = ShareLevel(rawValue: raw) else {
            throw ValidationError([
                ValidationIssue(
                    field: "level", code: "level.invalid",
                    message: "Share at 'free-busy', 'read', 'write' or 'manage' (it was '\(raw.prefix(40))').")
            ])
        }
        return level
    }
}
