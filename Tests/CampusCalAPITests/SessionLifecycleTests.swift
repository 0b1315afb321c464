import CampusCalTestSupport
import Foundation
import Testing

@Suite("Sessions: register, log in, read /me, log out, expiry")
struct SessionLifecycleTests {
    @Test func registerLoginReadMeLogoutThenRefused() async throws {
        let server = try TestServer()
        try await server.run { api in
            let registered = try await api.register("Alice", extra: ["displayName": "Alice Smith", "timeZone": "America/Denver"])
            #expect(registered.status == .created)
            #expect(registered.string("username") == "alice")
            #expect(registered.headers[.eTag] == "\"v1\"")
            #expect(registered.json["passwordHash"] == nil)

            let login = try await api.login("alice")
            #expect(login.status == .ok)
            let token = try #require(login.string("token"))
            #expect(token.hasPrefix("ccs_") && token.count >= 4 + 43)
            #expect(login.string("tokenType") == "Bearer")

            let me = try await api.request(.get, "/api/v1/me", token: token)
            #expect(me.status == .ok)
            #expect(me.string("displayName") == "Alice Smith")
            #expect(me.string("timeZone") == "America/Denver")
            #expect(me.headers[.cacheControl] == "no-store")
            #expect(me.headers[.init("X-Request-Id")!] != nil)

            let logout = try await api.request(.post, "/api/v1/auth/logout", token: token)
            #expect(logout.status == .noContent)

            let after = try await api.request(.get, "/api/v1/me", token: token)
            #expect(after.status == .unauthorized)
            #expect(after.problemCode == "invalid-token")
        }
    }

    @Test func loginIsCaseInsensitiveInTheUsername() async throws {
        let server = try TestServer()
        try await server.createUser("bob")
        try await server.run { api in
            let reply = try await api.login("BOB")
            #expect(reply.status == .ok)
        }
    }

    @Test func missingOrMalformedAuthorizationIsRefused() async throws {
        let server = try TestServer()
        try await server.run { api in
            let none = try await api.request(.get, "/api/v1/me")
            #expect(none.status == .unauthorized)
            #expect(none.problemCode == "authentication-required")
            #expect(none.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)

            let basic = try await api.request(.get, "/api/v1/me", headers: [.authorization: "Basic YWxpY2U6eA=="])
            #expect(basic.problemCode == "authentication-required")

            let forged = try await api.request(.get, "/api/v1/me", token: "ccs_" + String(repeating: "A", count: 43))
            #expect(forged.problemCode == "invalid-token")
        }
    }

    @Test func sessionEndsAfterAnHourIdle() async throws {
        let server = try TestServer()
        try await server.createUser("carol")
        try await server.run { api in
            let token = try await api.token("carol")
            server.clock.advance(by: 59 * 60)
            #expect(try await api.request(.get, "/api/v1/me", token: token).status == .ok)
            // Activity at 59 minutes pushed the idle deadline back: 59 more minutes are fine.
            server.clock.advance(by: 59 * 60)
            #expect(try await api.request(.get, "/api/v1/me", token: token).status == .ok)
            server.clock.advance(by: 60 * 60)
            let expired = try await api.request(.get, "/api/v1/me", token: token)
            #expect(expired.status == .unauthorized)
            #expect(expired.problemCode == "session-expired")
            // Once expired, always expired.
            #expect(try await api.request(.get, "/api/v1/me", token: token).status == .unauthorized)
        }
    }

    @Test func sessionEndsAtItsAbsoluteLifetimeEvenWhenActive() async throws {
        let server = try TestServer { $0.sessionMaxLifetimeSeconds = 3 * 3600 }
        try await server.createUser("dave")
        try await server.run { api in
            let token = try await api.token("dave")
            for _ in 0..<5 {
                server.clock.advance(by: 30 * 60)
                #expect(try await api.request(.get, "/api/v1/me", token: token).status == .ok)
            }
            server.clock.advance(by: 31 * 60)
            let expired = try await api.request(.get, "/api/v1/me", token: token)
            #expect(expired.problemCode == "session-expired")
            #expect(expired.string("detail")?.contains("maximum lifetime") == true)
        }
    }

    @Test func passwordChangeKeepsThisSessionAndEndsTheOthers() async throws {
        let server = try TestServer()
        try await server.createUser("erin")
        try await server.run { api in
            let phone = try await api.token("erin")
            let laptop = try await api.token("erin")
            let wrong = try await api.request(
                .post, "/api/v1/me/password", token: laptop, json: ["currentPassword": "nope", "newPassword": "N3wPassword"])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.problemCode == "current-password-incorrect")

            let weak = try await api.request(
                .post, "/api/v1/me/password", token: laptop, json: ["currentPassword": "Passw0rd!", "newPassword": "weak"])
            #expect(weak.status == .unprocessableContent)
            #expect(weak.issueCodes.contains("password.length"))

            let changed = try await api.request(
                .post, "/api/v1/me/password", token: laptop, json: ["currentPassword": "Passw0rd!", "newPassword": "N3wPassword"])
            #expect(changed.status == .noContent)
            #expect(try await api.request(.get, "/api/v1/me", token: laptop).status == .ok)
            #expect(try await api.request(.get, "/api/v1/me", token: phone).status == .unauthorized)
            #expect(try await api.login("erin").status == .unauthorized)
            #expect(try await api.login("erin", password: "N3wPassword").status == .ok)
        }
    }
}
