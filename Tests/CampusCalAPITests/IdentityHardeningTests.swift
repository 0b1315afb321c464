import CampusCalCore
import CampusCalSecurity
import CampusCalTestSupport
import Foundation
import Testing

/// Review findings about identities (issue #25) that need no directory server: L4, L5, M3, M4.
/// The directory ones run against real slapd and Samba in CampusCalAppTests.
@Suite("Identity hardening (review L4, L5, M3, M4)")
struct IdentityHardeningTests {
    @Test func reviewL4ANulInAPasswordIsRefusedAndNeverMatchesTheEmptyPassword() async throws {
        let server = try TestServer()
        try await server.createUser("root", role: .admin)
        // An account made before the fix, whose password was "\u{0}Abcdefg1": bcrypt hashed it as "".
        let legacy = User(
            id: .generate(), username: "legacy", displayName: "Legacy", email: nil, phone: nil, timeZone: "UTC", role: .student,
            createdAt: Date(), updatedAt: Date(), version: 1)
        try await server.services.accounts.users.insert(
            UserCredentials(user: legacy, passwordHash: try await BcryptPasswordHasher(cost: 4).hash("")))
        try await server.run { api in
            // Registration refuses a NUL (or any control character) in the password, and in the name.
            let nul = try await api.register("nina", password: "\u{0}Abcdefg1")
            #expect(nul.status == .unprocessableContent)
            #expect(nul.issueCodes.contains("password.control-characters"))
            #expect(nul.string("detail") != nil)
            let name = try await api.register("ni\u{0}na", password: "Abcdefg12")
            #expect(name.status == .unprocessableContent)
            #expect(name.issueCodes.contains("username.control-characters"))
            #expect(try await api.register("ni\u{200B}na", password: "Abcdefg12").issueCodes.contains("username.control-characters"))

            // The legacy account: neither a NUL-led password nor the empty one logs in, and both count as failures.
            for password in ["\u{0}Abcdefg1", "\u{0}", "", "\u{0}anything"] {
                let reply = try await api.login("legacy", password: password)
                #expect(reply.status == .unauthorized, "\(password.debugDescription)")
                #expect(reply.problemCode == "invalid-credentials")
                #expect(reply.string("token") == nil)
            }

            // Password change and an administrator's reset refuse it too.
            #expect(try await api.register("nina", password: "Abcdefg12").status == .created)
            let nina = try await api.token("nina", password: "Abcdefg12")
            let change = try await api.request(
                .post, "/api/v1/me/password", token: nina, json: ["currentPassword": "Abcdefg12", "newPassword": "\u{0}Abcdefg1"])
            #expect(change.status == .unprocessableContent)
            #expect(change.issueCodes.contains("password.control-characters"))
            let wrongCurrent = try await api.request(
                .post, "/api/v1/me/password", token: nina, json: ["currentPassword": "Abcdefg12\u{0}", "newPassword": "Abcdefg13"])
            #expect(wrongCurrent.problemCode == "current-password-incorrect")
            let root = try await api.token("root")
            let ninaID = try #require(try await server.services.accounts.users.credentials(username: "nina")?.user.id)
            let reset = try await api.request(
                .post, "/api/v1/admin/users/\(ninaID)/password", token: root, json: ["password": "Abc\u{7F}defg1"])
            #expect(reset.status == .unprocessableContent)
            #expect(reset.issueCodes.contains("password.control-characters"))
            #expect(try await api.login("nina", password: "Abcdefg12").status == .ok)
        }
    }
}
