import CampusCalCore
import Foundation
import Hummingbird

/// A student's LMS connections (I-Learn, Canvas, Moodle, or any LMS's calendar feed) and syncing them.
enum LMSRoutes {
    struct ConnectBody: StrictJSONBody {
        static let fields: Set<String> = ["kind", "baseUrl", "feedUrl", "token", "username", "password"]
        var kind: LMSKind
        var baseUrl: String?
        /// The secret calendar-feed address (`kind: "ics"`).
        var feedUrl: String?
        /// A Moodle web-service token, pasted from the student's security keys.
        var token: String?
        /// Moodle sign-in instead of a token: used once for a key, never stored.
        var username: String?
        var password: String?

        private enum CodingKeys: String, CodingKey { case kind, baseUrl, feedUrl, token, username, password }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(LMSKind.self, forKey: .kind)
            baseUrl = try container.decodeUnlessAbsent(String.self, forKey: .baseUrl)
            feedUrl = try container.decodeUnlessAbsent(String.self, forKey: .feedUrl)
            token = try container.decodeUnlessAbsent(String.self, forKey: .token)
            username = try container.decodeUnlessAbsent(String.self, forKey: .username)
            password = try container.decodeUnlessAbsent(String.self, forKey: .password)
        }
    }

    /// Where to send the student's browser to finish connecting.
    struct Authorization: Encodable { var authorizationUrl: String }

    /// The OAuth redirect URI registered with the LMS: the configured public address, else this request's host.
    static let callbackPath = "/api/v1/lms/oauth/callback"

    struct Connections: Encodable { var items: [LMSConnectionRepresentation] }

    static func register(on routes: RouteTable, lms: LMSSyncService, limits: BodyLimits, publicURL: String?) {
        routes.authenticated(.get, "/api/v1/lms/connections") { _, context in
            var items: [LMSConnectionRepresentation] = []
            for connection in try await lms.connections(of: try context.requireCaller().user) {
                items.append(LMSConnectionRepresentation(connection, syncStartedAt: await lms.running.startedAt(connection.id)))
            }
            return try JSONResponse.make(Connections(items: items))
        }

        routes.authenticated(.post, "/api/v1/lms/connections") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(ConnectBody.self, limits: limits)
            let redirectURI = FeedRoutes.baseURL(request, configured: publicURL) + callbackPath
            switch try Self.signIn(body) {
            case .credentials(let baseURL, let credentials):
                let connection = try await lms.connect(caller, kind: body.kind, baseURL: baseURL, credentials: credentials)
                return try JSONResponse.make(LMSConnectionRepresentation(connection), status: .created)
            case .password(let baseURL, let username, let password):
                let connection = try await lms.connect(caller, kind: body.kind, baseURL: baseURL, username: username, password: password)
                return try JSONResponse.make(LMSConnectionRepresentation(connection), status: .created)
            case .authorization(let baseURL):
                let (connection, url) = try await lms.beginAuthorization(caller, kind: body.kind, baseURL: baseURL, redirectURI: redirectURI)
                return try JSONResponse.make(LMSConnectionRepresentation(connection, authorizationURL: url), status: .created)
            }
        }

        routes.authenticated(.post, "/api/v1/lms/connections/{id}/authorize") { request, context in
            let url = try await lms.reauthorize(
                LMSConnectionID(rawValue: try context.parameters.require("id")), for: try context.requireCaller().user,
                redirectURI: FeedRoutes.baseURL(request, configured: publicURL) + callbackPath)
            return try JSONResponse.make(Authorization(authorizationUrl: url))
        }

        // The LMS sends the student's browser here. No CampusCal session is needed: the state names
        // the connection and carries the secret that proves this attempt is the one CampusCal started.
        routes.open(.get, callbackPath) { request, _ in
            let query = request.uri.queryParameters
            guard let state = query["state"].map(String.init), !state.isEmpty else {
                throw Problem.badRequest("invalid-parameter", "The sign-in answer has no 'state'; start connecting again from CampusCal.")
            }
            let connection = try await lms.completeAuthorization(
                state: state, code: query["code"].map(String.init), error: query["error"].map(String.init),
                redirectURI: FeedRoutes.baseURL(request, configured: publicURL) + callbackPath)
            // A student's browser lands here: it gets a page to read; a script gets the connection.
            if request.headers[.accept]?.contains("text/html") == true { return Self.connectedPage(connection) }
            return try JSONResponse.make(LMSConnectionRepresentation(connection))
        }

        routes.authenticated(.get, "/api/v1/lms/connections/{id}") { _, context in
            let connection = try await lms.connection(
                LMSConnectionID(rawValue: try context.parameters.require("id")), for: try context.requireCaller().user)
            return try JSONResponse.make(LMSConnectionRepresentation(connection, syncStartedAt: await lms.running.startedAt(connection.id)))
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

    /// The page a student's browser shows after signing in at the LMS. Static text only: nothing
    /// from the request is echoed into it.
    static func connectedPage(_ connection: LMSConnection) -> Response {
        let name = connection.kind == .brightspace ? "I-Learn" : connection.kind.displayName
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(name) connected — CampusCal</title>
            <meta name="viewport" content="width=device-width, initial-scale=1"></head>
            <body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">
            <h1>\(name) is connected</h1>
            <p>CampusCal will bring in your assignments, due dates, grades and feedback at the next sync.
            You can close this tab and return to CampusCal.</p>
            </body></html>
            """
        return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// How a connection request signs in.
    enum SignIn {
        case credentials(baseURL: String, LMSCredentials)
        case password(baseURL: String, username: String, password: String)
        /// OAuth: the student signs in at the LMS and is sent back.
        case authorization(baseURL: String)
    }

    /// What the body says to sign in with, per kind; a missing piece is a validation error naming it.
    static func signIn(_ body: ConnectBody) throws -> SignIn {
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
            return .credentials(baseURL: feed, .feedURL(feed))
        case .moodle:
            let base = try required(body.baseUrl, "baseUrl", "Give your Moodle site's address, e.g. https://moodle.example.edu.")
            if body.token == nil, let username = body.username {
                let password = try required(body.password, "password", "Give your Moodle password (it is used once and not kept).")
                return .password(baseURL: base, username: try required(username, "username", "Give your Moodle username."), password: password)
            }
            let token = try required(
                body.token, "token",
                "Paste your Moodle mobile web-service key (Preferences → Security keys), or give your Moodle username and password.")
            return .credentials(baseURL: base, .moodleToken(token))
        case .brightspace, .canvas:
            let example = body.kind == .brightspace ? "https://ilearn.example.edu" : "https://canvas.example.edu"
            return .authorization(
                baseURL: try required(body.baseUrl, "baseUrl", "Give your \(body.kind.displayName) site's address, e.g. \(example)."))
        }
    }
}
