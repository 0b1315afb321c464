import CampusCalCore
import CampusCalICalendar
import Foundation
import Hummingbird
import Logging

/// Events: create in a calendar, read, change, delete; occurrences of a calendar in a window; the agenda.
enum EventRoutes {
    /// Creation and merge-patch body: absent keys stay; `null` clears the optional fields.
    struct EventBody: StrictJSONBody {
        static let fields: Set<String> = [
            "uid", "title", "description", "location", "url", "start", "end", "recurrenceRule", "recurrenceDates", "exceptionDates", "categories",
            "classification", "status", "transparency", "reminders",
        ]
        var changes: EventChanges

        private enum CodingKeys: String, CodingKey {
            case uid, title, description, location, url, start, end, recurrenceRule, recurrenceDates, exceptionDates, categories, classification
            case status, transparency, reminders
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func text(_ key: CodingKeys) throws -> FieldChange<String> {
                guard container.contains(key) else { return .unchanged }
                return try container.decodeNil(forKey: key) ? .clear : .set(container.decode(String.self, forKey: key))
            }
            func attribute<Value: RawRepresentable>(_ key: CodingKeys, _ type: Value.Type) throws -> Value? where Value.RawValue == String {
                guard let raw = try container.decodeUnlessAbsent(String.self, forKey: key) else { return nil }
                guard let value = Value(rawValue: raw.uppercased()) else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "'\(raw.prefix(40))' is not allowed here")
                }
                return value
            }
            var end: FieldChange<EventTime> = .unchanged
            if container.contains(.end) {
                end = try container.decodeNil(forKey: .end) ? .clear : .set(container.decode(EventTimeJSON.self, forKey: .end).time)
            }
            changes = EventChanges(
                uid: try container.decodeUnlessAbsent(String.self, forKey: .uid),
                title: try container.decodeUnlessAbsent(String.self, forKey: .title), description: try text(.description),
                location: try text(.location), url: try text(.url),
                start: try container.decodeUnlessAbsent(EventTimeJSON.self, forKey: .start)?.time, end: end,
                recurrenceRule: try text(.recurrenceRule),
                exceptionDates: try container.decodeUnlessAbsent([EventTimeJSON].self, forKey: .exceptionDates)?.map(\.time),
                recurrenceDates: try container.decodeUnlessAbsent([EventTimeJSON].self, forKey: .recurrenceDates)?.map(\.time),
                categories: try container.decodeUnlessAbsent([String].self, forKey: .categories),
                classification: try attribute(.classification, EventClassification.self), status: try attribute(.status, EventStatus.self),
                transparency: try attribute(.transparency, EventTransparency.self),
                reminders: try container.decodeUnlessAbsent([NotificationRoutes.ReminderJSON].self, forKey: .reminders)?.map(\.reminder))
        }
    }

    static func register(
        on routes: RouteTable, events: EventService, limits: BodyLimits, cache: OccurrenceListCache, invitations: InvitationService? = nil
    ) {
        /// A view of calendars the caller may see (and of events they accepted invitations to), through the cache.
        @Sendable func view(_ sources: EventService.AgendaSources, _ window: Window, _ request: Request) async throws -> Response {
            var key = OccurrenceListCache.Key(
                calendars: sources.calendars, invited: sources.invited, from: window.from, to: window.to, zone: window.zoneName)
            // One invited event reads differently for invitees of different organisers
            // (`AccessPolicy.inviteeView`): the standing it is seen at is part of what the list is made of.
            key.calendars += sources.invited.map { "~\($0.id.rawValue):\(sources.invitedLevels[$0.id]?.name ?? "none")" }
            return try await cache.response(for: key, request: request) {
                let occurrences = try await events.occurrences(in: sources, from: window.from, to: window.to, viewerTimeZone: window.zone)
                return OccurrenceListJSON.encode(occurrences, timeZone: window.zoneName)
            }
        }

        routes.authenticated(.get, "/api/v1/calendars/{id}/events") { request, context in
            let caller = try context.requireCaller().user
            let window = try Window(request, caller: caller)
            let calendar = try await events.calendars.access(CalendarID(rawValue: try context.parameters.require("id")), for: caller)
            return try await view(.init(calendars: [calendar]), window, request)
        }

        routes.authenticated(.post, "/api/v1/calendars/{id}/events") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(EventBody.self, limits: limits)
            let event = try await events.create(in: CalendarID(rawValue: try context.parameters.require("id")), for: caller, body.changes)
            var headers = EntityTag.headers(version: event.version)
            headers[.location] = "/api/v1/events/\(event.id)"
            return try JSONResponse.make(EventRepresentation(event: event), status: .created, headers: headers)
        }

        routes.authenticated(.get, "/api/v1/events/{id}") { _, context in
            let event = try await events.event(try eventID(context), for: try context.requireCaller().user)
            return try JSONResponse.make(EventRepresentation(event: event), headers: EntityTag.headers(version: event.version))
        }

        routes.authenticated(.patch, "/api/v1/events/{id}") { request, context in
            let caller = try context.requireCaller().user
            let expected = try EntityTag.expectedVersion(in: request.headers)
            let body = try await request.decodeStrictJSON(EventBody.self, limits: limits)
            let event = try await events.update(try eventID(context), for: caller, changes: body.changes, expectedVersion: expected)
            return try JSONResponse.make(EventRepresentation(event: event), headers: EntityTag.headers(version: event.version))
        }

        routes.authenticated(.delete, "/api/v1/events/{id}") { request, context in
            let expected = try EntityTag.expectedVersion(in: request.headers)
            try await events.delete(try eventID(context), for: try context.requireCaller().user, expectedVersion: expected)
            return JSONResponse.noContent()
        }

        routes.authenticated(.get, "/api/v1/agenda") { request, context in
            let caller = try context.requireCaller().user
            let window = try Window(request, caller: caller)
            // Events the caller said yes (or maybe) to are merged in, as their organisers may show them.
            let sources: EventService.AgendaSources
            if let invitations {
                sources = try await invitations.agendaSources(for: caller)
            } else {
                sources = try await events.agendaSources(for: caller)
            }
            return try await view(sources, window, request)
        }
    }

    static func eventID(_ context: APIRequestContext) throws -> EventID {
        EventID(rawValue: try context.parameters.require("id"))
    }

    /// `?from=&to=&tz=`: the window of a calendar view. `from` and `to` are dates (`2026-11-01`,
    /// midnight in `tz`) or RFC 3339 date-times with an offset; `tz` defaults to the caller's zone.
    struct Window {
        var from: Date
        var to: Date
        var zone: TimeZone
        /// The zone's name as asked for (Foundation calls UTC "GMT").
        var zoneName: String

        init(_ request: Request, caller: User) throws {
            let query = request.uri.queryParameters
            let viewer = try ViewerTimeZone(request, caller: caller)
            zone = viewer.zone
            zoneName = viewer.name
            from = try Self.instant(query["from"].map(String.init), name: "from", zone: viewer)
            to = try Self.instant(query["to"].map(String.init), name: "to", zone: viewer)
        }

        /// Through the core's cached offset tables rather than Foundation's calendar arithmetic.
        static func instant(_ raw: String?, name: String, zone: ViewerTimeZone) throws -> Date {
            guard let raw else {
                throw Problem.badRequest(
                    "invalid-parameter", "Query parameter '\(name)' is required: a date like 2026-11-01 or an RFC 3339 date-time.")
            }
            if let date = RFC3339.parseDate(raw), date.isValid {
                return EventTime.zoned(LocalDateTime(date: date), timeZone: zone.name).instant(viewerTimeZone: zone.zone)
            }
            if let instant = RFC3339.date(from: raw) { return instant }
            throw Problem.badRequest(
                "invalid-parameter",
                "Query parameter '\(name)' must be a date like 2026-11-01 or an RFC 3339 date-time with an offset (it was '\(raw.prefix(40))').")
        }
    }
}
