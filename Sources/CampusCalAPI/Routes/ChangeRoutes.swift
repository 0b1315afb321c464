import CampusCalCore
import Foundation
import Hummingbird

/// `GET /api/v1/changes`: what changed since a sync token (issue #29), for the campus app and
/// offline clients. The route parses, asks `ChangeFeed` (which decides what the caller may see),
/// and renders.
enum ChangeRoutes {
    struct ChangeJSON: Encodable {
        var kind: String
        var id: String
        /// The calendar's id for events; `tasks` for the caller's own tasks.
        var collection: String
        var deleted: Bool
        /// Where to GET the item as it is now; absent for deletions.
        var path: String?

        init(_ record: ChangeRecord) {
            kind = record.collection.kind.rawValue
            id = record.itemID
            deleted = record.deleted
            switch record.collection {
            case .calendar(let calendar):
                collection = calendar.rawValue
                path = record.deleted ? nil : "/api/v1/events/\(record.itemID)"
            case .tasks:
                collection = "tasks"
                path = record.deleted ? nil : "/api/v1/tasks/\(record.itemID)"
            }
        }
    }

    /// A calendar the caller sees. Its own changes (name, colour…) are not in the log; `version`
    /// tells a client when to fetch it again.
    struct CalendarJSON: Encodable {
        var id: String
        var access: String
        var version: Int
        var path: String

        init(_ calendar: AccessibleCalendar) {
            id = calendar.calendar.id.rawValue
            access = calendar.access.name
            version = calendar.calendar.version
            path = "/api/v1/calendars/\(calendar.calendar.id.rawValue)"
        }
    }

    struct ChangeSetJSON: Encodable {
        var changes: [ChangeJSON]
        var calendars: [CalendarJSON]
        var next: String
        var truncated: Bool
    }

    static func register(on routes: RouteTable, changes: ChangeFeed) {
        routes.authenticated(.get, "/api/v1/changes") { request, context in
            let caller = try context.requireCaller().user
            let since = try sinceToken(request)
            let limit = try PageQuery.limit(request, default: ChangeFeed.defaultLimit, maximum: ChangeFeed.maximumLimit)
            let set = try await changes.changes(for: caller, since: since, limit: limit)
            return try JSONResponse.make(
                ChangeSetJSON(
                    changes: set.changes.map(ChangeJSON.init), calendars: set.calendars.map(CalendarJSON.init), next: set.next.encoded,
                    truncated: set.truncated))
        }
    }

    /// `?since=`: absent for a first sync; otherwise a `next` this server gave.
    static func sinceToken(_ request: Request) throws -> SyncToken? {
        guard let raw = request.uri.queryParameters["since"] else { return nil }
        guard let token = SyncToken(encoded: String(raw)) else {
            throw Problem.badRequest(
                "invalid-sync-token",
                "Query parameter 'since' must be the 'next' value of an earlier answer (it was '\(raw.prefix(40))'). Leave it out to sync everything from the start."
            )
        }
        return token
    }
}
