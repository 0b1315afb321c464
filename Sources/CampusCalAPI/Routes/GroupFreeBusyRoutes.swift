import CampusCalCore
import Foundation
import Hummingbird

/// `GET /api/v1/groups/{id}/free-busy?from=&to=[&tz=]`: when each member is busy and when the
/// whole group is free — intervals only, never what the members are doing.
enum GroupFreeBusyRoutes {
    struct IntervalRepresentation: Encodable {
        var start: Date
        var end: Date
    }

    struct MemberRepresentation: Encodable {
        var userId: String
        var username: String
        var displayName: String
        var busy: [IntervalRepresentation]
    }

    struct FreeBusyRepresentation: Encodable {
        var from: Date
        var to: Date
        var members: [MemberRepresentation]
        var free: [IntervalRepresentation]

        init(_ value: GroupFreeBusy) {
            from = value.from
            to = value.to
            members = value.members.map {
                MemberRepresentation(
                    userId: $0.userID.rawValue, username: $0.username, displayName: $0.displayName,
                    busy: $0.busy.map { IntervalRepresentation(start: $0.start, end: $0.end) })
            }
            free = value.free.map { IntervalRepresentation(start: $0.start, end: $0.end) }
        }
    }

    static func register(on routes: RouteTable, freeBusy: GroupFreeBusyService) {
        routes.authenticated(.get, "/api/v1/groups/{id}/free-busy") { request, context in
            let caller = try context.requireCaller().user
            let window = try EventRoutes.Window(request, caller: caller)
            let result = try await freeBusy.freeBusy(
                GroupID(rawValue: try context.parameters.require("id")), for: caller, from: window.from, to: window.to)
            return try JSONResponse.make(FreeBusyRepresentation(result))
        }
    }
}
