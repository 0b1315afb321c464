import CampusCalCore
import CampusCalTestSupport
import Crypto
import Foundation
import HTTPTypes
import Testing

/// The security review's findings on LMS sign-in (issue #25), reproduced as the review wrote them
/// and shown to get nothing: H3 (the campus's OAuth client secret sent to any host a student typed)
/// and H4 (a sign-in link started by one person completed by another's browser).
@Suite("LMS sign-in: the security review's H3 and H4")
struct LMSSignInReviewTests {
    static let canvas = LMSTestServer.Credentials.canvasClient

    static func text(_ reply: APIClient.Reply) -> String { String(decoding: reply.body, as: UTF8.self) }

    /// A server whose campus Canvas is `campus` (the only configured site; loopback allow-listed).
    static func server(canvasAt campus: LMSTestServer) throws -> TestServer {
        try TestServer(configure: {
            $0.lmsCanvasBaseURLs = campus.baseURL
            $0.lmsAllowedPrivateNetworks = "127.0.0.1/32"
            $0.lmsCanvasClientID = Self.canvas.id
            $0.lmsCanvasClientSecret = Self.canvas.secret
            $0.publicURL = "https://campuscal.example.edu"
        })
    }

    /// H3: Mallory points a Canvas connection at a listener of her own (here a second test LMS on
    /// 127.0.0.1 that the campus did not configure). The server refuses the address before anything
    /// is made, and the listener never hears from CampusCal: no token call, no client secret.
    @Test func reviewH3TheClientSecretNeverReachesAnUnconfiguredHost() async throws {
        try await LMSTestServer.with { campus in
            try await LMSTestServer.with { collector in
                let server = try Self.server(canvasAt: campus)
                try await server.createUser("mallory")
                try await server.run { api in
                    let token = try await api.token("mallory")
                    for baseURL in [collector.baseURL, collector.baseURL + "/", "http://localhost:\(collector.port)"] {
                        let refused = try await api.request(
                            .post, "/api/v1/lms/connections", token: token, json: ["kind": "canvas", "baseUrl": baseURL])
                        #expect(refused.status == .unprocessableContent && refused.issueCodes == ["baseUrl.not-configured"], "\(Self.text(refused))")
                        #expect(refused.string("detail")?.contains("lms.canvas_base_urls") == true, "\(Self.text(refused))")
                    }
                    // Nothing was made, so there is no state to bring back to the callback.
                    let listed = try await api.request(.get, "/api/v1/lms/connections", token: token)
                    #expect((listed.json["items"] as? [Any])?.isEmpty == true)
                    let mallory = try await server.services.accounts.user(username: "mallory")
                    await #expect(throws: LMSError.self) {
                        _ = try await server.services.lms.connect(
                            mallory, kind: .canvas, baseURL: collector.baseURL,
                            credentials: .oauth(accessToken: "x", refreshToken: "y", expiresAt: nil))
                    }

                    // The configured site, spelled differently, is the one: and with only one, the student need not give it.
                    for body: [String: Any] in [["kind": "canvas", "baseUrl": campus.baseURL.uppercased() + "/"], ["kind": "canvas"]] {
                        let made = try await api.request(.post, "/api/v1/lms/connections", token: token, json: body)
                        #expect(made.status == .created, "\(Self.text(made))")
                        #expect(made.string("authorizationUrl")?.hasPrefix(campus.url("/login/oauth2/auth?")) == true)
                        #expect(made.string("baseUrl") == campus.baseURL)
                    }
                }
                let heard = try collector.requests()
                #expect(heard.isEmpty, "the unconfigured host was asked: \(heard.map(\.path))")
            }
        }
    }

    /// A client secret with no configured site: Canvas is unavailable, with the setting named — never "any host".
    @Test func aClientSecretWithoutAConfiguredSiteMakesTheKindUnavailable() async throws {
        let server = try TestServer(configure: {
            $0.lmsCanvasClientID = Self.canvas.id
            $0.lmsCanvasClientSecret = Self.canvas.secret
        })
        try await server.createUser("avery")
        try await server.run { api in
            let token = try await api.token("avery")
            let refused = try await api.request(
                .post, "/api/v1/lms/connections", token: token, json: ["kind": "canvas", "baseUrl": "https://canvas.example.edu"])
            #expect(refused.status == .unprocessableContent && refused.problemCode == "lms-kind-unavailable", "\(Self.text(refused))")
            #expect(refused.string("detail")?.contains("lms.canvas_base_urls") == true)
        }
    }

    /// A site list with something that is not an address stops the server, naming the setting.
    @Test func aMalformedSiteListStopsTheServer() throws {
        #expect(throws: (any Error).self) { _ = try TestServer(configure: { $0.lmsBrightspaceBaseURLs = "ilearn.example.edu" }) }
    }

    /// H4: Mallory starts a Canvas connection and sends its sign-in link to Alice. Alice approves at
    /// the LMS, whose redirect brings her browser — without Mallory's cookie — to the callback with
    /// Alice's code. Nothing completes: Alice sees why, her code is never traded for tokens, and
    /// Mallory's connection still waits, empty. Mallory's own browser can still finish her own attempt.
    @Test func reviewH4AVictimFollowingAnAttackersLinkConnectsNothing() async throws {
        try await LMSTestServer.with { campus in
            let server = try Self.server(canvasAt: campus)
            try await server.createUser("mallory")
            try await server.createUser("alice")
            try await server.run { api in
                let mallory = try await api.token("mallory")
                let alice = try await api.token("alice")
                let started = try await api.request(.post, "/api/v1/lms/connections", token: mallory, json: ["kind": "canvas"])
                #expect(started.status == .created, "\(Self.text(started))")
                let id = try #require(started.string("id"))
                let link = try #require(started.string("authorizationUrl"))
                let state = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "state" }?.value)
                let mallorysCookie = try #require(started.headers[.setCookie]?.split(separator: ";").first.map(String.init))
                // Alice has a sign-in of her own going: her cookie is for her connection, not Mallory's.
                let hers = try await api.request(.post, "/api/v1/lms/connections", token: alice, json: ["kind": "canvas"])
                let alicesCookie = try #require(hers.headers[.setCookie]?.split(separator: ";").first.map(String.init))
                let forged = "campuscal-lms-\(id)=\(alicesCookie.split(separator: "=", maxSplits: 1)[1])"

                let code = "\(LMSTestServer.Credentials.testCodePrefix)-alice"
                let callback = "/api/v1/lms/oauth/callback?state=\(LMSSignInTests.escaped(state))&code=\(code)"
                for cookie in [nil, alicesCookie, forged] {
                    var headers: HTTPFields = [.accept: "text/html"]
                    if let cookie { headers[.cookie] = cookie }
                    let page = try await api.request(.get, callback, headers: headers)
                    #expect(page.status == .badRequest && page.headers[.contentType]?.hasPrefix("text/html") == true, "\(Self.text(page))")
                    #expect(Self.text(page).contains("Nothing was connected") && Self.text(page).contains("not started in this browser"))
                    let problem = try await api.request(.get, callback, headers: cookie.map { [.cookie: $0] } ?? [:])
                    #expect(problem.status == .badRequest && problem.problemCode == "lms-authorization-failed", "\(Self.text(problem))")
                }
                // Alice's code was never traded, and Mallory's connection is as it was: waiting, with nothing in it.
                let exchanged = try campus.requests().filter { $0.path == "/login/oauth2/token" }
                #expect(exchanged.isEmpty, "\(exchanged.map { $0.parameter("code") ?? "" })")
                let waiting = try await api.request(.get, "/api/v1/lms/connections/\(id)", token: mallory)
                #expect(waiting.string("status") == "awaiting-authorization")
                let sync = try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: mallory)
                #expect(sync.status == .conflict && sync.problemCode == "lms-authorization-pending")

                // The browser that started an attempt finishes it, trading the code with its PKCE verifier.
                let own = try await api.request(
                    .get, "/api/v1/lms/oauth/callback?state=\(LMSSignInTests.escaped(state))&code=\(code)-own", headers: [.cookie: mallorysCookie])
                #expect(own.status == .ok && own.string("status") == "active", "\(Self.text(own))")
                let trade = try #require(try campus.requests().first { $0.path == "/login/oauth2/token" })
                #expect(trade.parameter("code") == "\(code)-own" && (trade.parameter("code_verifier")?.count ?? 0) >= 43)
                // RFC 7636 S256, computed independently here: BASE64URL(SHA256(verifier)) is the challenge the LMS was shown.
                let verifier = try #require(trade.parameter("code_verifier"))
                let challenge = URLComponents(string: link)?.queryItems?.first { $0.name == "code_challenge" }?.value
                let expected = Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                    .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
                #expect(challenge == expected)
            }
        }
    }
}
