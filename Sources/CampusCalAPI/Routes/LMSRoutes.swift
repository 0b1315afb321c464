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
                let start = try await lms.beginAuthorization(caller, kind: body.kind, baseURL: baseURL, redirectURI: redirectURI)
                return try JSONResponse.make(
                    LMSConnectionRepresentation(start.connection, authorizationURL: start.authorizationURL), status: .created,
                    headers: Self.bindingCookie(start, secure: redirectURI.hasPrefix("https:")))
            }
        }

        routes.authenticated(.post, "/api/v1/lms/connections/{id}/authorize") { request, context in
            let redirectURI = FeedRoutes.baseURL(request, configured: publicURL) + callbackPath
            let start = try await lms.reauthorize(
                LMSConnectionID(rawValue: try context.parameters.require("id")), for: try context.requireCaller().user,
                redirectURI: redirectURI)
            return try JSONResponse.make(
                Authorization(authorizationUrl: start.authorizationURL), headers: Self.bindingCookie(start, secure: redirectURI.hasPrefix("https:")))
        }

        // The LMS sends the student's browser here. No CampusCal session is needed (a browser
        // coming back from the LMS carries no bearer token): the state names the connection and
        // carries the secret that proves CampusCal started this attempt, and the cookie set when it
        // started proves this is the browser that started it (review H4).
        routes.open(.get, callbackPath) { request, _ in
            let query = request.uri.queryParameters
            let wantsPage = request.headers[.accept]?.contains("text/html") == true
            guard let state = query["state"].map(String.init), !state.isEmpty else {
                throw Problem.badRequest("invalid-parameter", "The sign-in answer has no 'state'; start connecting again from CampusCal.")
            }
            let cookie = LMSSyncService.connectionID(inState: state).flatMap {
                Self.cookie(named: LMSSyncService.browserCookieName(for: $0), in: request.headers[values: .cookie])
            }
            let connection: LMSConnection
            do {
                connection = try await lms.completeAuthorization(
                    state: state, code: query["code"].map(String.init), error: query["error"].map(String.init),
                    redirectURI: FeedRoutes.baseURL(request, configured: publicURL) + callbackPath, browserSecret: cookie)
            } catch LMSError.authorizationFailed(let reason) where wantsPage {
                return Self.page(title: "Not connected", heading: "Nothing was connected", text: reason, status: .badRequest)
            }
            // A student's browser lands here: it gets a page to read; a script gets the connection.
            if wantsPage { return Self.connectedPage(connection) }
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
        return page(
            title: "\(name) connected", heading: "\(name) is connected",
            text:
                "CampusCal will bring in your assignments, due dates, grades and feedback at the next sync.",
            status: .ok)
    }

    /// A plain page for a browser; `text` is escaped (a failure reason may quote the LMS's `error`).
    static func page(title: String, heading: String, text: String, status: HTTPResponse.Status) -> Response {
        func escaped(_ value: String) -> String {
            value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escaped(title)) — CampusCal</title>
            <meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"></head>
            <body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">
            <h1>\(escaped(heading))</h1>
            <p>\(escaped(text))</p>
            <p><a href="/#/settings">Back to CampusCal</a></p>
            </body></html>
            """
        return Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// The cookie that binds a sign-in attempt to this browser: HttpOnly (no script reads it),
    /// SameSite=Lax (sent on the LMS's top-level redirect back, not on cross-site subrequests), only
    /// to the callback path, for as long as the attempt lives; Secure whenever the server is https.
    static func bindingCookie(_ start: LMSSyncService.AuthorizationStart, secure: Bool) -> HTTPFields {
        let attributes = "Path=\(callbackPath); Max-Age=\(Int(LMSSyncService.authorizationLifetime)); HttpOnly; SameSite=Lax"
        return [.setCookie: "\(start.cookieName)=\(start.browserSecret); \(attributes)\(secure ? "; Secure" : "")"]
    }

    /// The value of cookie `name` among `Cookie` header lines (`a=1; b=2`), if present.
    static func cookie(named name: String, in lines: [String]) -> String? {
        for line in lines {
            for pair in line.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }

    /// How a connection request signs in.
    enum SignIn {
        case credentials(baseURL: String, LMSCredentials)
        case password(baseURL: String, username: String, password: String)
        /// OAuth: the student signs in at the LMS and is sent back. The base URL is one of the campus's
        /// configured sites; nil: the only one configured.
        case authorization(baseURL: String?)
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
            // Never a host of the student's choosing: the service accepts only a configured site.
            let base = body.baseUrl?.trimmingCharacters(in: .whitespaces)
            return .authorization(baseURL: base?.isEmpty == false ? base : nil)
        }
    }
}
