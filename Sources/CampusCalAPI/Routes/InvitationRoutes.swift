import CampusCalCore
import CampusCalICalendar
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Invitations and RSVPs: send (to users and/or the members of one's groups), list received and
/// sent, read, answer; the agenda of accepted events; who may invite the caller.
enum InvitationRoutes {
    struct SendBody: StrictJSONBody {
        static let fields: Set<String> = ["eventId", "title", "message", "start", "end", "usernames", "groupIds"]
        var eventId: String?
        var title: String?
        var message: String?
        var start: String?
        var end: String?
        var usernames: [String]?
        var groupIds: [String]?
    }

    struct RespondBody: StrictJSONBody {
        static let fields: Set<String> = ["response"]
        var response: String
    }

    struct SettingsBody: StrictJSONBody {
        static let fields: Set<String> = ["allowFrom"]
        var allowFrom: String
    }

    struct SettingsRepresentation: Encodable {
        var allowFrom: String
    }

    struct InviteeRepresentation: Encodable {
        var userId: String
        var username: String
        var response: String
        var respondedAt: Date?
        var viaGroupId: String?

        init(_ invitee: Invitee) {
            userId = invitee.userID.rawValue
            username = invitee.username
            response = invitee.response.rawValue
            respondedAt = invitee.respondedAt
            viaGroupId = invitee.viaGroupID?.rawValue
        }
    }

    struct EventSummary: Encodable {
        var id: String
        var title: String
        var start: EventTimeJSON
        var end: EventTimeJSON
        var location: String?
        var recurring: Bool

        init(_ event: CalendarEvent) {
            id = event.id.rawValue
            title = event.title
            start = EventTimeJSON(event.start)
            end = EventTimeJSON(event.end)
            location = event.location
            recurring = event.recurrence != nil
        }
    }

    struct InvitationRepresentation: Encodable {
        var id: String
        var organizerId: String
        var organizerUsername: String?
        var eventId: String?
        var title: String
        var message: String?
        var start: Date?
        var end: Date?
        var status: String
        var createdAt: Date
        var event: EventSummary?
        var myResponse: String?
        var invitees: [InviteeRepresentation]?

        private enum CodingKeys: String, CodingKey {
            case id, organizerId, organizerUsername, eventId, title, message, start, end, status, createdAt, event, myResponse, invitees
        }

        init(
            _ invitation: Invitation, organizerUsername: String? = nil, event: CalendarEvent? = nil, mine: Invitee? = nil, invitees: [Invitee]? = nil
        ) {
            id = invitation.id.rawValue
            organizerId = invitation.organizerID.rawValue
            self.organizerUsername = organizerUsername
            eventId = invitation.eventID?.rawValue
            title = invitation.title
            message = invitation.message
            start = invitation.start
            end = invitation.end
            status = invitation.cancelledAt == nil ? "active" : "cancelled"
            createdAt = invitation.createdAt
            self.event = event.map(EventSummary.init)
            myResponse = mine?.response.rawValue
            self.invitees = invitees?.map(InviteeRepresentation.init)
        }

        init(_ view: InvitationService.View) {
            self.init(view.invitation, organizerUsername: view.organizerUsername, event: view.event, mine: view.mine, invitees: view.invitees)
        }

        /// Every key always present (null when empty), as the schema says.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(organizerId, forKey: .organizerId)
            try container.encode(organizerUsername, forKey: .organizerUsername)
            try container.encode(eventId, forKey: .eventId)
            try container.encode(title, forKey: .title)
            try container.encode(message, forKey: .message)
            try container.encode(start, forKey: .start)
            try container.encode(end, forKey: .end)
            try container.encode(status, forKey: .status)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(event, forKey: .event)
            try container.encode(myResponse, forKey: .myResponse)
            try container.encode(invitees, forKey: .invitees)
        }
    }

    struct ResultRepresentation: Encodable {
        var username: String?
        var groupId: String?
        var outcome: String

        private enum CodingKeys: String, CodingKey { case username, groupId, outcome }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(username, forKey: .username)
            try container.encode(groupId, forKey: .groupId)
            try container.encode(outcome, forKey: .outcome)
        }
    }

    struct SendRepresentation: Encodable {
        var invitation: InvitationRepresentation?
        var results: [ResultRepresentation]

        private enum CodingKeys: String, CodingKey { case invitation, results }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(invitation, forKey: .invitation)
            try container.encode(results, forKey: .results)
        }
    }

    struct List<Item: Encodable>: Encodable {
        var items: [Item]
        var count: Int

        init(_ items: [Item]) {
            self.items = items
            self.count = items.count
        }
    }

    static func register(on routes: RouteTable, invitations: InvitationService, limits: BodyLimits) {
        routes.authenticated(.post, "/api/v1/invitations") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(SendBody.self, limits: limits)
            let sending = InvitationService.Request(
                eventID: body.eventId.map(EventID.init(rawValue:)), title: body.title, message: body.message,
                start: try instant(body.start, field: "start"), end: try instant(body.end, field: "end"), usernames: body.usernames ?? [],
                groupIDs: (body.groupIds ?? []).map(GroupID.init(rawValue:)))
            let result = try await invitations.send(sending, for: caller)
            let representation = SendRepresentation(
                invitation: result.invitation.map { InvitationRepresentation($0, organizerUsername: caller.username, invitees: nil) },
                results: result.results.map {
                    ResultRepresentation(username: $0.username, groupId: $0.groupID?.rawValue, outcome: $0.outcome.rawValue)
                })
            var headers: HTTPFields = [:]
            if let invitation = result.invitation { headers[.location] = "/api/v1/invitations/\(invitation.id)" }
            return try JSONResponse.make(representation, status: result.invitation == nil ? .ok : .created, headers: headers)
        }

        routes.authenticated(.get, "/api/v1/invitations") { request, context in
            let caller = try context.requireCaller().user
            var response: InvitationResponse?
            if let raw = request.uri.queryParameters["status"].map(String.init) {
                guard let value = InvitationResponse(rawValue: raw) else {
                    throw Problem.badRequest(
                        "invalid-parameter",
                        "Query parameter 'status' must be 'pending', 'accepted', 'declined' or 'tentative' (it was '\(raw.prefix(40))').")
                }
                response = value
            }
            let received = try await invitations.received(for: caller, response: response)
            return try JSONResponse.make(List(received.map { InvitationRepresentation($0.0, mine: $0.1) }))
        }

        routes.authenticated(.get, "/api/v1/invitations/sent") { _, context in
            let caller = try context.requireCaller().user
            let sent = try await invitations.sent(for: caller)
            return try JSONResponse.make(List(sent.map { InvitationRepresentation($0.0, organizerUsername: caller.username, invitees: $0.1) }))
        }

        routes.authenticated(.get, "/api/v1/invitations/agenda") { request, context in
            let caller = try context.requireCaller().user
            let window = try EventRoutes.Window(request, caller: caller)
            let occurrences = try await invitations.agenda(for: caller, from: window.from, to: window.to, viewerTimeZone: window.zone)
            let bytes = OccurrenceListJSON.encode(occurrences, timeZone: window.zoneName)
            return Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }

        routes.authenticated(.get, "/api/v1/invitations/{id}") { _, context in
            let view = try await invitations.invitation(try invitationID(context), for: try context.requireCaller().user)
            return try JSONResponse.make(InvitationRepresentation(view))
        }

        routes.authenticated(.post, "/api/v1/invitations/{id}/respond") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(RespondBody.self, limits: limits)
            guard let response = InvitationResponse(rawValue: body.response), response != .pending else {
                throw ValidationError([
                    ValidationIssue(
                        field: "response", code: "response.invalid",
                        message: "Answer 'accepted', 'declined' or 'tentative' (it was '\(body.response.prefix(40))').")
                ])
            }
            let view = try await invitations.respond(try invitationID(context), response: response, for: caller)
            return try JSONResponse.make(InvitationRepresentation(view))
        }

        routes.authenticated(.get, "/api/v1/me/invitation-settings") { _, context in
            let privacy = try await invitations.privacy(for: try context.requireCaller().user)
            return try JSONResponse.make(SettingsRepresentation(allowFrom: privacy.rawValue))
        }

        routes.authenticated(.patch, "/api/v1/me/invitation-settings") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(SettingsBody.self, limits: limits)
            guard let privacy = InvitationPrivacy(rawValue: body.allowFrom) else {
                throw ValidationError([
                    ValidationIssue(
                        field: "allowFrom", code: "allowFrom.invalid",
                        message: "'allowFrom' must be 'everyone', 'groupMembers' or 'nobody' (it was '\(body.allowFrom.prefix(40))').")
                ])
            }
            try await invitations.setPrivacy(privacy, for: caller)
            return try JSONResponse.make(SettingsRepresentation(allowFrom: privacy.rawValue))
        }
    }

    static func invitationID(_ context: APIRequestContext) throws -> InvitationID {
        InvitationID(rawValue: try context.parameters.require("id"))
    }

    /// An RFC 3339 date-time with an offset, or nil when absent.
    static func instant(_ raw: String?, field: String) throws -> Date? {
        guard let raw else { return nil }
        guard let date = RFC3339.date(from: raw) else {
            throw ValidationError([
                ValidationIssue(
                    field: field, code: "\(field).invalid",
                    message: "'\(field)' must be an RFC 3339 date-time with an offset, like 2026-12-01T10:00:00Z.")
            ])
        }
        return date
    }
}
