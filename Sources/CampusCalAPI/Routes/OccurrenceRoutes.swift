import CampusCalCore
import Foundation
import Hummingbird
import Logging

/// One occurrence of a recurring event: read it, change it, cancel it — alone or with every later
/// one (`?range=thisAndFuture`). The series' ETag guards these writes: an occurrence is part of it.
enum OccurrenceRoutes {
    static let path = "/api/v1/events/{id}/occurrences/{occurrenceId}"

    static func register(on routes: RouteTable, events: EventService, limits: BodyLimits) {
        routes.authenticated(.get, path) { request, context in
            let caller = try context.requireCaller().user
            let zone = try ViewerTimeZone(request, caller: caller)
            let (series, occurrence) = try await events.occurrence(
                EventRoutes.eventID(context), recurrenceKey: try key(context), for: caller, viewerTimeZone: zone.zone)
            return try JSONResponse.make(OccurrenceRepresentation(occurrence: occurrence), headers: EntityTag.headers(version: series.version))
        }

        routes.authenticated(.patch, path) { request, context in
            let caller = try context.requireCaller().user
            let expected = try EntityTag.expectedVersion(in: request.headers)
            let zone = try ViewerTimeZone(request, caller: caller)
            let scope = try range(request)
            let recurrenceKey = try key(context)
            let body = try await request.decodeStrictJSON(EventRoutes.EventBody.self, limits: limits)
            let (series, occurrence) = try await events.updateOccurrence(
                EventRoutes.eventID(context), recurrenceKey: recurrenceKey, range: scope, for: caller, changes: body.changes,
                expectedVersion: expected, viewerTimeZone: zone.zone)
            return try JSONResponse.make(OccurrenceRepresentation(occurrence: occurrence), headers: EntityTag.headers(version: series.version))
        }

        routes.authenticated(.delete, path) { request, context in
            let expected = try EntityTag.expectedVersion(in: request.headers)
            let scope = try range(request)
            let caller = try context.requireCaller().user
            try await events.cancelOccurrence(
                EventRoutes.eventID(context), recurrenceKey: try key(context), range: scope, for: caller, expectedVersion: expected)
            return JSONResponse.noContent()
        }
    }

    /// An occurrence id that cannot name any occurrence is a missing occurrence, not a bad request:
    /// the path names a resource, and no such resource exists.
    static func key(_ context: APIRequestContext) throws -> Int {
        guard let key = OccurrenceID.key(try context.parameters.require("occurrenceId")) else { throw EventError.occurrenceNotFound }
        return key
    }

    /// `?range=thisOccurrence` (the default) or `?range=thisAndFuture`.
    static func range(_ request: Request) throws -> OccurrenceOverride.Range {
        guard let raw = request.uri.queryParameters["range"].map(String.init) else { return .thisOccurrence }
        guard let range = OccurrenceOverride.Range(rawValue: raw) else {
            throw Problem.badRequest(
                "invalid-parameter", "Query parameter 'range' must be 'thisOccurrence' or 'thisAndFuture' (it was '\(raw.prefix(40))').")
        }
        return range
    }
}
