import CampusCalCore
import CampusCalSecurity
import CampusCalTestSupport
import Foundation
import Testing

/// Review findings about identities (issue #25) that need no directory server: L3 (names), L4,
/// L5, M3, M4. The directory ones run against real slapd and Samba in CampusCalAppTests.
@Suite("Identity hardening (review L3, L4, L5, M3, M4)")
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

    /// Review L3: sharing and invitation results say `unknownUser`, so anyone signed in could list
    /// the server's accounts by naming names. Misses are budgeted per person and hour
    /// (`limits.max_unknown_names_per_hour`) across sharing, event and group invitations; past
    /// the budget a request is refused whole (429) and tells nothing, whatever names it holds.
    @Test func reviewL3NamingUnknownUsernamesIsBudgetedPerPerson() async throws {
        let server = try TestServer { $0.limits.maximumUnknownNamesPerHour = 5 }
        try await server.run { api in
            for name in ["ada", "bea"] { _ = try await api.register(name) }
            let ada = try await api.token("ada")
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: ada, json: ["name": "Study"]).string("id"))
            let group = try #require(try await api.request(.post, "/api/v1/groups", token: ada, json: ["name": "Lab partners"]).string("id"))
            // Three misses (and a real name) while sharing: answered name by name.
            let shared = try await api.request(
                .post, "/api/v1/calendar-shares", token: ada,
                json: ["calendarIds": [calendar], "usernames": ["bea", "zed1", "zed2", "ZED2", "zed3"], "level": "read"])
            #expect(shared.status == .ok)
            #expect(String(decoding: shared.body, as: UTF8.self).components(separatedBy: "unknownUser").count - 1 == 3)
            // Two more in a group invitation: five, the budget.
            let invited = try await api.request(.post, "/api/v1/groups/\(group)/invitations", token: ada, json: ["usernames": ["zed4", "zed5"]])
            #expect(invited.status == .ok)
            // The sixth is refused, and so is everything after it within the hour, known names included.
            for (path, body) in [
                ("/api/v1/invitations", ["title": "Review", "usernames": ["zed6"]] as [String: Any]),
                ("/api/v1/groups/\(group)/invitations", ["usernames": ["bea"]]),
            ] {
                let refused = try await api.request(.post, path, token: ada, json: body)
                #expect(refused.status == .tooManyRequests, "\(path)")
                #expect(refused.problemCode == "too-many-unknown-names")
                #expect(refused.string("detail")?.contains("limits.max_unknown_names_per_hour") == true)
                #expect(refused.headers[.retryAfter] != nil)
            }
            // Nothing of the refused requests was done: bea has no group invitation.
            let bea = try await api.token("bea")
            #expect(
                String(decoding: try await api.request(.get, "/api/v1/group-invitations", token: bea).body, as: UTF8.self).contains("Lab partners")
                    == false)
            // Another person has a budget of their own; and an hour later ada has hers back.
            let other = try await api.request(.post, "/api/v1/groups", token: bea, json: ["name": "Bea's group"])
            #expect(other.status == .created)
            server.clock.advance(by: 3601)
            let again = try await api.request(
                .post, "/api/v1/groups/\(group)/invitations", token: try await api.token("ada"), json: ["usernames": ["bea"]])
            #expect(again.status == .ok)
        }
    }
}
