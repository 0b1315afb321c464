import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// Signing in to an LMS through the HTTP API: the OAuth round trip for Canvas (connect → the LMS's
/// sign-in address → the callback), its failures, and Moodle's username-and-password sign-in.
@Suite("LMS sign-in over HTTP: OAuth connect and callback, Moodle token.php")
struct LMSSignInTests {
    static let canvas = LMSTestServer.Credentials.canvasClient

    /// A CampusCal server registered with Canvas, the test LMS configured as the campus's Canvas site.
    static func server(_ lms: LMSTestServer) throws -> TestServer {
        try TestServer(configure: {
            $0.lmsCanvasBaseURLs = lms.baseURL
            $0.lmsAllowedPrivateNetworks = "127.0.0.1/32"
            $0.lmsCanvasClientID = canvas.id
            $0.lmsCanvasClientSecret = canvas.secret
            $0.publicURL = "https://campuscal.example.edu"
        })
    }

    static func text(_ reply: APIClient.Reply) -> String { String(decoding: reply.body, as: UTF8.self) }

    @Test func canvasConnectsThroughTheLMSsSignInAndTheCallback() async throws {
        try await LMSTestServer.with { lms in
            let server = try Self.server(lms)
            try await server.createUser("avery")
            try await server.run { api in
                let token = try await api.token("avery")
                _ = try await api.request(.post, "/api/v1/me/consents", token: token, json: ["agreementId": "ilearn-sync", "version": 1])
                let made = try await api.request(.post, "/api/v1/lms/connections", token: token, json: ["kind": "canvas", "baseUrl": lms.baseURL])
                #expect(made.status == .created, "\(Self.text(made))")
                #expect(made.string("status") == "awaiting-authorization" && made.json["syncing"] as? Bool == false)
                let id = try #require(made.string("id"))
                let address = try #require(made.string("authorizationUrl"))
                let query = try #require(URLComponents(string: address)?.queryItems)
                #expect(address.hasPrefix(lms.url("/login/oauth2/auth?")))
                #expect(query.contains { $0.name == "redirect_uri" && $0.value == "https://campuscal.example.edu/api/v1/lms/oauth/callback" })
                let state = try #require(query.first { $0.name == "state" }?.value)
                #expect(query.contains { $0.name == "code_challenge_method" && $0.value == "S256" })
                // The browser that started it keeps a cookie for the callback only: HttpOnly, SameSite=Lax, Secure on https.
                let setCookie = try #require(made.headers[.setCookie])
                for attribute in ["HttpOnly", "SameSite=Lax", "Secure", "Path=/api/v1/lms/oauth/callback", "Max-Age=900"] {
                    #expect(setCookie.contains(attribute), "\(setCookie)")
                }
                let cookie = try #require(Self.cookie(made))

                // Not yet signed in: nothing to sync, and the reason says what to do.
                let early = try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token)
                #expect(early.status == .conflict && early.problemCode == "lms-authorization-pending")

                // A forged or mangled state is refused without touching the connection.
                let forged = try await api.request(.get, "/api/v1/lms/oauth/callback?state=\(id).forged&code=test-code-x")
                #expect(forged.status == .badRequest && forged.problemCode == "lms-authorization-failed")
                #expect(forged.headers[.contentType]?.hasPrefix("application/problem+json") == true)

                // The LMS sends the browser back with a code: no CampusCal session needed, the state proves the attempt.
                // A browser is shown a page, not JSON.
                let callback = try await api.request(
                    .get, "/api/v1/lms/oauth/callback?state=\(Self.escaped(state))&code=\(LMSTestServer.Credentials.testCodePrefix)-http",
                    headers: [.accept: "text/html,application/xhtml+xml,*/*;q=0.8", .cookie: cookie])
                #expect(callback.status == .ok && callback.headers[.contentType]?.hasPrefix("text/html") == true, "\(Self.text(callback))")
                #expect(Self.text(callback).contains("Canvas is connected"))
                #expect(try await api.request(.get, "/api/v1/lms/connections/\(id)", token: token).string("status") == "active")
                // Spent: the same answer twice is refused.
                let replay = try await api.request(
                    .get, "/api/v1/lms/oauth/callback?state=\(Self.escaped(state))&code=\(LMSTestServer.Credentials.testCodePrefix)-http",
                    headers: [.cookie: cookie])
                #expect(replay.status == .badRequest && replay.problemCode == "lms-authorization-failed")

                let report = try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token)
                #expect(report.status == .ok && report.json["added"] as? Int == 6, "\(Self.text(report))")
                let courses = (report.json["courses"] as? [[String: Any]]) ?? []
                #expect(courses.contains { $0["course"] as? String == "CS 246" && $0["added"] as? Int == 4 }, "\(courses)")
                // The tokens never show.
                let shown = try await api.request(.get, "/api/v1/lms/connections/\(id)", token: token)
                #expect(!Self.text(shown).contains("cv-access") && !Self.text(shown).contains("cv-refresh") && shown.json["authorizationUrl"] == nil)

                // A student who declines at the LMS is told so; reconnecting starts a new attempt.
                let again = try await api.request(.post, "/api/v1/lms/connections/\(id)/authorize", token: token)
                let newState = try #require(
                    URLComponents(string: again.string("authorizationUrl") ?? "")?.queryItems?.first { $0.name == "state" }?.value)
                let declined = try await api.request(
                    .get, "/api/v1/lms/oauth/callback?state=\(Self.escaped(newState))&error=access_denied",
                    headers: [.cookie: try #require(Self.cookie(again))])
                #expect(declined.status == .badRequest && declined.problemCode == "lms-authorization-failed")
                #expect(declined.string("detail")?.contains("declined") == true)
            }
        }
    }

    @Test func brightspaceWithoutARegisteredAppIsRefusedWithAWayOut() async throws {
        let server = try TestServer { $0.lmsAllowedPrivateNetworks = "127.0.0.1/32" }
        try await server.createUser("avery")
        try await server.run { api in
            let token = try await api.token("avery")
            let refused = try await api.request(
                .post, "/api/v1/lms/connections", token: token, json: ["kind": "brightspace", "baseUrl": "https://ilearn.example.edu"])
            #expect(refused.status == .unprocessableContent && refused.problemCode == "lms-kind-unavailable")
            #expect(refused.string("detail")?.contains("calendar feed") == true)
            #expect(try await server.services.lms.connections(of: try await server.services.accounts.user(username: "avery")).isEmpty)
        }
    }

    @Test func moodleSignsInWithUsernameAndPasswordOnce() async throws {
        let server = try TestServer { $0.lmsAllowedPrivateNetworks = "127.0.0.1/32" }
        try await server.createUser("avery")
        try await LMSTestServer.with { lms in
            try await server.run { api in
                let token = try await api.token("avery")
                let login = LMSTestServer.Credentials.moodleLogin
                let wrong = try await api.request(
                    .post, "/api/v1/lms/connections", token: token,
                    json: ["kind": "moodle", "baseUrl": lms.baseURL, "username": login.username, "password": "not-it"])
                #expect(wrong.status == .unprocessableContent && wrong.issueCodes == ["password.refused"], "\(Self.text(wrong))")
                let made = try await api.request(
                    .post, "/api/v1/lms/connections", token: token,
                    json: ["kind": "moodle", "baseUrl": lms.baseURL, "username": login.username, "password": login.password])
                #expect(made.status == .created && made.string("status") == "active", "\(Self.text(made))")
                // The password went once, in a POST body to token.php, never in a URL.
                let logins = try lms.requests().filter { $0.path == "/login/token.php" }
                #expect(logins.count == 2 && logins.allSatisfy { $0.method == "POST" && $0.query["password"] == nil })
                _ = try await api.request(.post, "/api/v1/me/consents", token: token, json: ["agreementId": "ilearn-sync", "version": 1])
                let report = try await api.request(.post, "/api/v1/lms/connections/\(made.string("id") ?? "")/sync", token: token)
                // Two assignments, the quiz's deadline and five course-calendar events.
                #expect(report.status == .ok && report.json["added"] as? Int == 8, "\(Self.text(report))")
            }
        }
    }

    /// `name=value` of the Set-Cookie in `reply`, as a browser would send it back.
    static func cookie(_ reply: APIClient.Reply) -> String? {
        reply.headers[.setCookie]?.split(separator: ";").first.map(String.init)
    }

    static func escaped(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? value
    }
}
