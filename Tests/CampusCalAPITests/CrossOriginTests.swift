import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

/// CORS for campus apps on other origins (`server.cors_allowed_origins`): only listed origins'
/// pages may read `/api/` answers; every other site, and `/dav/`, sees the server as before.
@Suite("Cross-origin requests (CORS)")
struct CrossOriginTests {
    static let app = "https://app.campus.edu"

    func server(origins: [String] = [app]) throws -> TestServer {
        try TestServer { $0.corsAllowedOrigins = origins }
    }

    static func preflight(from origin: String, method: String = "PATCH") -> HTTPFields {
        [.origin: origin, .accessControlRequestMethod: method, .accessControlRequestHeaders: "authorization, content-type, if-match"]
    }

    static func hasCORSHeaders(_ reply: APIClient.Reply) -> Bool {
        reply.headers.contains { $0.name.canonicalName.hasPrefix("access-control-") }
    }

    @Test func anOriginNotListedGetsNoCORSHeaders() async throws {
        try await server().run { client in
            let preflight = try await client.request(.options, "/api/v1/calendars", headers: Self.preflight(from: "https://evil.example"))
            #expect(!Self.hasCORSHeaders(preflight))
            let reply = try await client.request(.get, "/api/v1/calendars", headers: [.origin: "https://evil.example"])
            #expect(reply.status == .unauthorized)
            #expect(!Self.hasCORSHeaders(reply))
            // A listed origin's neighbour (another port, plain http) is another origin.
            let near = try await client.request(.get, "/api/v1/calendars", headers: [.origin: "http://app.campus.edu"])
            #expect(!Self.hasCORSHeaders(near))
        }
    }

    @Test func aListedOriginsPreflightIsAnswered() async throws {
        try await server().run { client in
            let reply = try await client.request(.options, "/api/v1/calendars/some-id", headers: Self.preflight(from: Self.app))
            #expect(reply.status == .noContent)
            #expect(reply.headers[.accessControlAllowOrigin] == Self.app)
            let methods = reply.headers[.accessControlAllowMethods] ?? ""
            for method in ["GET", "POST", "PUT", "PATCH", "DELETE"] { #expect(methods.contains(method)) }
            let headers = reply.headers[.accessControlAllowHeaders] ?? ""
            for header in ["Authorization", "Content-Type", "If-Match", "If-None-Match"] { #expect(headers.contains(header)) }
            #expect(reply.headers[values: .vary].contains("Origin"))
            #expect(reply.headers[.accessControlAllowCredentials] == nil)
        }
    }

    @Test func aListedOriginsPageCanReadAnswersAndProblems() async throws {
        let server = try server()
        try await server.createUser("alice")
        try await server.run { client in
            let token = try await client.token("alice")
            let reply = try await client.request(.get, "/api/v1/calendars", token: token, headers: [.origin: Self.app])
            #expect(reply.status == .ok)
            #expect(reply.headers[.accessControlAllowOrigin] == Self.app)
            #expect(reply.headers[.accessControlExposeHeaders]?.contains("ETag") == true)
            #expect(reply.headers[values: .vary].contains("Origin"))
            // A problem (no token) is readable too, so the page can tell its user to log in.
            let problem = try await client.request(.get, "/api/v1/calendars", headers: [.origin: Self.app])
            #expect(problem.status == .unauthorized)
            #expect(problem.problemCode != nil)
            #expect(problem.headers[.accessControlAllowOrigin] == Self.app)
        }
    }

    @Test func noListedOriginsLeavesAnswersAsBefore() async throws {
        try await server(origins: []).run { client in
            let preflight = try await client.request(.options, "/api/v1/calendars", headers: Self.preflight(from: Self.app))
            #expect(!Self.hasCORSHeaders(preflight))
            let reply = try await client.request(.get, "/healthz", headers: [.origin: Self.app])
            #expect(!Self.hasCORSHeaders(reply))
            #expect(!reply.headers[values: .vary].contains("Origin"))
        }
    }

    @Test func davAndHealthChecksGetNoCORSHeadersEvenForAListedOrigin() async throws {
        try await server().run { client in
            let dav = try await client.request(.options, "/dav/", headers: Self.preflight(from: Self.app, method: "PROPFIND"))
            #expect(!Self.hasCORSHeaders(dav))
            let health = try await client.request(.get, "/healthz", headers: [.origin: Self.app])
            #expect(!Self.hasCORSHeaders(health))
        }
    }
}
