import CampusCalCore
import Foundation
import Hummingbird

/// A student's LMS connections (I-Learn, Canvas, Moodle, or any LMS's calendar feed) and syncing them.
enum LMSRoutes {
    struct ConnectBody: StrictJSONBody {
        static let fields: Set<String> = ["kind", "baseUrl", "feedUrl", "token"]
        var kind: LMSKind
        var baseUrl: String?
        /// The secret calendar-feed address (`kind: "ics"`).
        var feedUrl: String?
        /// A Moodle web-service token, pasted from the student's security keys.
        var token: String?

        private enum CodingKeys: String, CodingKey { case kind, baseUrl, feedUrl, token }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(LMSKind.self, forKey: .kind)
            baseUrl = try container.decodeUnlessAbsent(String.self, forKey: .baseUrl)
            feedUrl = try container.decodeUnlessAbsent(String.self, forKey: .feedUrl)
            token = try container.decodeUnlessAbsent(String.self, forKey: .token)
        }
    }

    struct Connections: Encodable { var items: [LMSConnectionRepresentation] }

    static func register(on routes: RouteTable, lms: LMSSyncService, limits: BodyLimits) {
        routes.authenticated(.get, "/api/v1/lms/connections") { _, context in
            let mine = try await lms.connections(of: try context.requireCaller().user)
            return try JSONResponse.make(Connections(items: mine.map(LMSConnectionRepresentation.init)))
        }

        routes.authenticated(.post, "/api/v1/lms/connections") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(ConnectBody.self, limits: limits)
            let (baseURL, credentials) = try Self.credentials(body)
            let connection = try await lms.connect(caller, kind: body.kind, baseURL: baseURL, credentials: credentials)
            return try JSONResponse.make(LMSConnectionRepresentation(connection), status: .created)
        }

        routes.authenticated(.get, "/api/v1/lms/connections/{id}") { _, context in
            let connection = try await lms.connection(
                LMSConnectionID(rawValue: try context.parameters.require("id")), for: try context.requireCaller().user)
            return try JSONResponse.make(LMSConnectionRepresentation(connection))
        }

        routes.authenticated(.delete, "/api/v1/lms/connections/{id}") { request, context in
            let keep: Bool
            switch request.uri.queryParameters["keepData"].map(String.init) {
            case nil, "true": keep = true
            case "false": keep = false
            default: throw Problem.badRequest("invalid-parameter", "Query parameter 'keepData' must be 'true' (the default) or 'false'.")
            }
            try await lms.disconnect(
                LMSConnectionID(rawValue: try context.parameters.require("id")), for: try context.requireCaller().user, keepData: keep)
            return JSONResponse.noContent()
        }

        routes.authenticated(.post, "/api/v1/lms/connections/{id}/sync") { _, context in
            let report = try await lms.sync(LMSConnectionID(rawValue: try context.parameters.require("id")), for: try context.requireCaller().user)
            return try JSONResponse.make(LMSSyncReportRepresentation(report))
        }
    }

    /// What the body says to sign in with, per kind; a missing piece is a validation error naming it.
    static func credentials(_ body: ConnectBody) throws -> (String, LMSCredentials) {
        func required(_ value: String?, _ field: String, _ message: String) throws -> String {
            guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError([ValidationIssue(field: field, code: "\(field).required", message: message)])
            }
            return value.trimmingCharacters(in: .whitespaces)
        }
        switch body.kind {
        case .ics:
            let feed = try required(
                body.feedUrl, "feedUrl",
                "Paste your LMS's calendar feed address (in I-Learn: Calendar → Subscribe; Canvas: Calendar → Calendar Feed).")
            return (feed, .feedURL(feed))
        case .moodle:
            let base = try required(body.baseUrl, "baseUrl", "Give your Moodle site's address, e.g. https://moodle.example.edu.")
            let token = try required(body.token, "token", "Paste your Moodle mobile web-service key (Preferences → Security keys).")
            return (base, .moodleToken(token))
        case .brightspace, .canvas:
            // The OAuth authorization flow (the student signs in at the LMS and is sent back here) is not served yet.
            throw LMSError.kindUnavailable(
                body.kind,
                "Connecting \(body.kind.displayName) directly needs its sign-in flow, which this server does not offer yet; connect its calendar feed instead (kind \"ics\")."
            )
        }
    }
}
