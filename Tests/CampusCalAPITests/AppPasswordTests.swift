import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// App passwords for CalDAV clients (issue #29): made per device over the API, shown once, listed
/// without secrets, revocable, checked against a hash, and under the login lockout.
@Suite("App passwords: per device, shown once, revocable, DAV only")
struct AppPasswordTests {
    @Test func theSecretIsShownOnceAndListedNever() async throws {
        let server = try TestServer()
        try await server.createUser("ada")
        try await server.run { api in
            let token = try await api.token("ada")
            let made = try await api.request(.post, "/api/v1/me/app-passwords", token: token, json: ["name": "  iPhone  "])
            #expect(made.status == .created)
            let secret = try #require(made.string("password"))
            #expect(secret.hasPrefix("ccp_") && secret.count >= 4 + 22)
            #expect(made.string("name") == "iPhone")
            #expect(made.json["lastUsedAt"] is NSNull)
            let listed = try await api.request(.get, "/api/v1/me/app-passwords", token: token)
            let items = try #require(listed.json["appPasswords"] as? [[String: Any]])
            #expect(items.count == 1 && items[0]["password"] == nil && items[0]["id"] as? String == made.string("id"))
            #expect(!String(decoding: listed.body, as: UTF8.self).contains(secret))
            // Stored only as its hash.
            let stored = try await server.services.database.pool.read { db in
                try String.fetchAll(db, sql: "SELECT secretHash FROM appPassword")
            }
            #expect(stored == [server.services.accounts.tokens.hash(secret)])
        }
    }

    @Test func anAppPasswordIsNotALoginPasswordNorABearerToken() async throws {
        let server = try TestServer()
        try await server.createUser("bob")
        try await server.run { api in
            let token = try await api.token("bob")
            let secret = try #require(
                try await api.request(.post, "/api/v1/me/app-passwords", token: token, json: ["name": "Phone"]).string("password"))
            #expect(try await api.login("bob", password: secret).status == .unauthorized)
            #expect(try await api.request(.get, "/api/v1/me", token: secret).status == .unauthorized)
        }
    }

    @Test func basicAuthenticationTakesOnlyTheOwnersLivePasswords() async throws {
        let server = try TestServer()
        let cy = try await server.createUser("cyd")
        let dee = try await server.createUser("deb")
        let service = server.services.appPasswords
        let phone = try await service.create(for: cy, name: "Phone")
        let other = try await service.create(for: dee, name: "Laptop")
        #expect(try await service.authenticate(username: "CYD", secret: phone.secret).id == cy.id)
        await #expect(throws: AccountError.invalidCredentials) { try await service.authenticate(username: "cyd", secret: other.secret) }
        await #expect(throws: AccountError.invalidCredentials) { try await service.authenticate(username: "cyd", secret: "Passw0rd!") }
        await #expect(throws: AccountError.invalidCredentials) { try await service.authenticate(username: "nobody", secret: phone.secret) }
        // Last use recorded (at most once a minute), then revoked: refused from the next request on.
        #expect(try await service.list(for: cy).first?.lastUsedAt == server.clock.now())
        try await service.revoke(phone.appPassword.id, for: cy)
        await #expect(throws: AccountError.invalidCredentials) { try await service.authenticate(username: "cyd", secret: phone.secret) }
        await #expect(throws: AppPasswordError.notFound) { try await service.revoke(other.appPassword.id, for: cy) }
    }

    /// A reset follows a forgotten or stolen password: every device is signed out, the CalDAV ones
    /// too, as the reset notice says; a voluntary change keeps the person's devices.
    @Test func aPasswordResetRevokesEveryAppPasswordAndAChangeKeepsThem() async throws {
        let server = try TestServer()
        let eve = try await server.createUser("eve")
        let service = server.services.appPasswords
        let phone = try await service.create(for: eve, name: "Phone")
        try await server.run { api in
            let token = try await api.token("eve")
            let changed = try await api.request(
                .post, "/api/v1/me/password", token: token, json: ["currentPassword": "Passw0rd!", "newPassword": "N3w-Passw0rd!"])
            #expect(changed.status == .noContent, "\(changed.status)")
        }
        #expect(try await service.authenticate(username: "eve", secret: phone.secret).id == eve.id)
        try await server.services.accounts.resetPassword(of: eve.id, to: "Reset-Passw0rd!")
        await #expect(throws: AccountError.invalidCredentials) { try await service.authenticate(username: "eve", secret: phone.secret) }
        #expect(try await service.list(for: eve).isEmpty)
    }

    @Test func failedBasicAuthenticationsLockTheAccountAsFailedLoginsDo() async throws {
        let server = try TestServer()
        let eve = try await server.createUser("eve")
        let service = server.services.appPasswords
        let phone = try await service.create(for: eve, name: "Phone")
        for _ in 1...9 {
            await #expect(throws: AccountError.invalidCredentials) { try await service.authenticate(username: "eve", secret: "ccp_guess") }
        }
        await #expect(throws: AccountError.self) { try await service.authenticate(username: "eve", secret: "ccp_guess") }
        // Locked now, for the right app password and for logins alike.
        do {
            _ = try await service.authenticate(username: "eve", secret: phone.secret)
            Issue.record("a locked account authenticated")
        } catch AccountError.locked {
        }
        await #expect(throws: AccountError.self) { try await server.services.accounts.login(username: "eve", password: "Passw0rd!") }
    }

    @Test func namesAreCheckedAndPasswordsBounded() async throws {
        let server = try TestServer()
        let fay = try await server.createUser("fay")
        try await server.run { api in
            let token = try await api.token("fay")
            for bad in ["", "   ", String(repeating: "x", count: 101), "tab\there"] {
                let reply = try await api.request(.post, "/api/v1/me/app-passwords", token: token, json: ["name": bad])
                #expect(reply.status == .unprocessableContent && reply.issueCodes == ["name.invalid"], "\(bad)")
            }
            #expect(try await api.request(.post, "/api/v1/me/app-passwords", token: token, json: ["name": 3]).status == .badRequest)
            for index in 0..<AppPasswordService.maximumPerUser { _ = try await server.services.appPasswords.create(for: fay, name: "D\(index)") }
            let tooMany = try await api.request(.post, "/api/v1/me/app-passwords", token: token, json: ["name": "One more"])
            #expect(tooMany.status == .conflict && tooMany.problemCode == "too-many-app-passwords")
        }
    }
}
