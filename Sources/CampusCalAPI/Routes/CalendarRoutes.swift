import CampusCalCore
import Foundation
import Hummingbird
import Logging

/// Calendars: the caller's own and those shared with them — list, create, read, change, delete.
enum CalendarRoutes {
    /// Creation and merge-patch body: absent keys stay; `null` clears `description`.
    struct CalendarBody: StrictJSONBody {
        static let fields: Set<String> = ["name", "description", "color", "timeZone"]
        var changes: CalendarChanges

        private enum CodingKeys: String, CodingKey { case name, description, color, timeZone }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let description: FieldChange<String>
            if !container.contains(.description) {
                description = .unchanged
            } else if try container.decodeNil(forKey: .description) {
                description = .clear
            } else {
                description = .set(try container.decode(String.self, forKey: .description))
            }
            changes = CalendarChanges(
                name: try container.decodeUnlessAbsent(String.self, forKey: .name), description: description,
                color: try container.decodeUnlessAbsent(String.self, forKey: .color),
                timeZone: try container.decodeUnlessAbsent(String.self, forKey: .timeZone))
        }
    }

    static func register(on routes: RouteTable, calendars: CalendarService, events: EventService, limits: BodyLimits) {
        routes.authenticated(.get, "/api/v1/calendars") { request, context in
            let caller = try context.requireCaller().user
            let page = try await calendars.list(
                for: caller, after: request.uri.queryParameters["cursor"].map(String.init), limit: try PageQuery.limit(request))
            return try JSONResponse.make(PageRepresentation(items: page.items.map(CalendarRepresentation.init), nextCursor: page.nextCursor))
        }

        routes.authenticated(.post, "/api/v1/calendars") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(CalendarBody.self, limits: limits)
            let calendar = try await calendars.create(for: caller, body.changes)
            var headers = EntityTag.headers(version: calendar.version)
            headers[.location] = "/api/v1/calendars/\(calendar.id)"
            return try JSONResponse.make(CalendarRepresentation(calendar, access: .owner), status: .created, headers: headers)
        }

        routes.authenticated(.get, "/api/v1/calendars/{id}") { _, context in
            let calendar = try await calendars.access(try calendarID(context), for: try context.requireCaller().user, to: .seeFreeBusy)
            return try JSONResponse.make(CalendarRepresentation(calendar), headers: EntityTag.headers(version: calendar.calendar.version))
        }

        routes.authenticated(.patch, "/api/v1/calendars/{id}") { request, context in
            let caller = try context.requireCaller().user
            let expected = try EntityTag.expectedVersion(in: request.headers)
            let body = try await request.decodeStrictJSON(CalendarBody.self, limits: limits)
            let access = try await calendars.access(try calendarID(context), for: caller, to: .editProperties).access
            let calendar = try await calendars.update(try calendarID(context), for: caller, changes: body.changes, expectedVersion: expected)
            return try JSONResponse.make(CalendarRepresentation(calendar, access: access), headers: EntityTag.headers(version: calendar.version))
        }

        routes.authenticated(.delete, "/api/v1/calendars/{id}") { request, context in
            let expected = try EntityTag.expectedVersion(in: request.headers)
            // Through the events, so that the reminders of the events it held are withdrawn too.
            try await events.deleteCalendar(try calendarID(context), for: try context.requireCaller().user, expectedVersion: expected)
            return JSONResponse.noContent()
        }
    }

    static func calendarID(_ context: APIRequestContext) throws -> CalendarID {
        CalendarID(rawValue: try context.parameters.require("id"))
    }
}
