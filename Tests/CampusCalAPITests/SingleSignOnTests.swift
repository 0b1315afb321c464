import CampusCalCore
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

/// Single sign-on through a trusted front (the test client connects from 127.0.0.1, the default
/// trusted address): the header is believed only from the front, and never claims a local account.
@Suite("Single sign-on through a trusted campus front")
struct SingleSignOnTests {
    static let header = HTTPField.Name("X-Remote-User")!

    @Test func theFrontsHeaderIsExchangedForASession() async throws {
        let server = try TestServer { $0.ssoHeader = "X-Remote-User" }
        try await server.createUser("localadmin", role: .admin)
        try await server.run { api in
            let first = try await api.request(.post, "/api/v1/auth/sso", headers: [Self.header: "Alice@campus.test"])
            #expect(first.status == .ok, "\(String(decoding: first.body, as: UTF8.self))")
            let token = try #require(first.string("token"))
            #expect(try await api.request(.get, "/api/v1/me", token: token).string("username") == "alice")
            // The same person again: the same account.
            let again = try await api.request(.post, "/api/v1/auth/sso", headers: [Self.header: "CAMPUS\\alice"])
            #expect((again.json["user"] as? [String: Any])?["id"] as? String == (first.json["user"] as? [String: Any])?["id"] as? String)
            // No header: nobody to log in; a local account is not reachable by naming it.
            #expect(try await api.request(.post, "/api/v1/auth/sso").problemCode == "sso-missing-identity")
            #expect(try await api.request(.post, "/api/v1/auth/sso", headers: [Self.header: "localadmin"]).status == .unauthorized)
            #expect(try await api.request(.post, "/api/v1/auth/sso", headers: [Self.header: "*"]).status == .unauthorized)
        }
    }

    @Test func aHeaderFromAnyoneButTheFrontIsRefused() async throws {
        let server = try TestServer {
            $0.ssoHeader = "X-Remote-User"
            $0.ssoTrustedProxies = "10.1.2.3"
        }
        try await server.run { api in
            let forged = try await api.request(.post, "/api/v1/auth/sso", headers: [Self.header: "alice"])
            #expect(forged.status == .forbidden)
            #expect(forged.problemCode == "sso-untrusted")
            #expect(forged.string("token") == nil)
        }
    }

    @Test func withoutConfigurationThereIsNoSingleSignOn() async throws {
        let server = try TestServer()
        try await server.run { api in
            let reply = try await api.request(.post, "/api/v1/auth/sso", headers: [Self.header: "alice"])
            #expect(reply.status == .notFound)
            #expect(reply.problemCode == "sso-not-configured")
        }
    }
}
