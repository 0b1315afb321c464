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
        let server = try TestServer {
            $0.ssoHeader = "X-Remote-User"
            $0.ssoRealm = "campus.test, CAMPUS"
        }
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

    /// Review M4: a front that *adds* its header to the one the browser sent makes two fields (or,
    /// joined, a list); the attacker's value must never win, so neither does any. And the realm
    /// is kept: `alice@other-idp.org` is not the campus's `alice`.
    @Test func reviewM4RepeatedSSOHeadersAreRefused() async throws {
        let server = try TestServer {
            $0.ssoHeader = "X-Remote-User"
            $0.ssoRealm = "campus.test"
        }
        try await server.run { api in
            // The campus's own alice, once, so that there is an account to aim at.
            #expect(try await api.request(.post, "/api/v1/auth/sso", headers: [Self.header: "alice@campus.test"]).status == .ok)
            for values in [["admin@x", "alice@campus.test"], ["alice@campus.test", "EVIL\\admin"], ["alice@campus.test", "alice@campus.test"]] {
                var headers = HTTPFields()
                for value in values { headers.append(HTTPField(name: Self.header, value: value)) }
                let reply = try await api.request(.post, "/api/v1/auth/sso", headers: headers)
                #expect(reply.status == .badRequest, "\(values)")
                #expect(reply.problemCode == "sso-ambiguous-identity")
                #expect(reply.string("token") == nil)
            }
            for joined in ["admin@x, alice@campus.test", "alice@campus.test,admin"] {
                let reply = try await api.request(.post, "/api/v1/auth/sso", headers: [Self.header: joined])
                #expect(reply.problemCode == "sso-ambiguous-identity", "\(joined)")
                #expect(reply.string("token") == nil)
            }
            // Another realm is not this campus: alice@other-idp.org never becomes alice.
            for foreign in ["alice@other-idp.org", "OTHER\\alice", "alice@"] {
                let reply = try await api.request(.post, "/api/v1/auth/sso", headers: [Self.header: foreign])
                #expect(reply.status == .forbidden, "\(foreign)")
                #expect(reply.problemCode == "sso-realm-refused")
                #expect(reply.string("token") == nil)
            }
            #expect(try await api.request(.post, "/api/v1/auth/sso", headers: [Self.header: "ALICE@CAMPUS.TEST"]).status == .ok)
        }
    }
}
