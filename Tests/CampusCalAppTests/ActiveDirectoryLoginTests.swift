import CampusCalApp
import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// Logins through a real Active Directory domain controller (Samba on 127.0.0.1; see
/// `SambaADServer` for its users and groups), over the REST API: the three forms of an AD login
/// name, the refusal sub-codes (`data 533`, `data 773`), `userAccountControl`, nested groups through
/// the in-chain matching rule, and filter injection.
@Suite("Directory logins against a real Samba Active Directory", .serialized)
struct ActiveDirectoryLoginTests {
    static func table(_ ad: SambaADServer, extra: [String: String] = [:]) -> [String: String] {
        var table = [
            "uris": ad.ldapURL, "start_tls": "true", "ca_file": ad.caFile, "bind_dn": SambaADServer.serviceDN,
            "bind_password": SambaADServer.servicePassword, "user_base": "CN=Users,\(SambaADServer.baseDN)",
            "user_filter": "(&(objectClass=user)(sAMAccountName={username}))", "nested_groups": "matching-rule",
            "admin_groups": SambaADServer.groupDN("CampusCal Admins"), "faculty_groups": SambaADServer.groupDN("Faculty"),
            "connect_timeout_seconds": "3", "timeout_seconds": "10",
        ]
        for (key, value) in extra { table[key] = value }
        return table
    }

    func withDomain(
        extra: [String: String] = [:], auth: AuthSettings = AuthSettings(),
        _ body: @Sendable (APIClient) async throws -> Void
    ) async throws {
        guard let ad = try await SambaADServer.start() else {
            print("SKIPPED ActiveDirectoryLoginTests: samba is not installed (scripts/install-deps --test installs it)")
            return
        }
        defer { ad.stop() }
        let settings = Self.table(ad, extra: extra)
        let server = try TestServer {
            $0.directoryTables = ["ad": settings]
            auth.apply(to: &$0)
        }
        try await server.run { api in try await body(api) }
    }

    func login(_ api: APIClient, _ username: String, _ password: String) async throws -> APIClient.Reply {
        try await api.request(.post, "/api/v1/auth/login", json: ["username": username, "password": password])
    }

    @Test func everyRuleOfAnActiveDirectoryLogin() async throws {
        try await withDomain { api in
            // sAMAccountName, user@REALM and DOMAIN\user all mean alice.
            var ids = Set<String>()
            for typed in ["alice", "alice@CAMPUS.TEST", "CAMPUS\\alice"] {
                let reply = try await login(api, typed, "Alice-pass1!")
                #expect(reply.status == .ok, "\(typed): \(String(decoding: reply.body, as: UTF8.self))")
                let user = try #require(reply.json["user"] as? [String: Any])
                #expect(user["username"] as? String == "alice")
                #expect(user["displayName"] as? String == "Alice Archer")
                ids.insert(user["id"] as? String ?? "")
            }
            #expect(ids.count == 1)
            #expect(try await login(api, "alice", "wrong-Pass1").problemCode == "invalid-credentials")
            #expect(try await login(api, "nobody", "Some-pass1!").problemCode == "invalid-credentials")
            #expect(try await login(api, "alice", "").string("token") == nil)
            // AD's own refusals: a disabled account (data 533) and one that must change its password (data 773).
            #expect(try await login(api, "dave", "Dave-pass1!").problemCode == "account-disabled")
            #expect(try await login(api, "frank", "Frank-pass1!").problemCode == "password-change-required")
            // Nested groups through LDAP_MATCHING_RULE_IN_CHAIN: carol is an administrator through IT Staff.
            let carol = try await login(api, "carol", "Carol-pass1!")
            #expect((carol.json["user"] as? [String: Any])?["role"] as? String == "admin")
            #expect((try await login(api, "bob", "Bob-pass1!").json["user"] as? [String: Any])?["role"] as? String == "student")
            for attempt in ["*", "*)(sAMAccountName=*", "alice)(|(sAMAccountName=*", "al*"] {
                #expect(try await login(api, attempt, "Alice-pass1!").string("token") == nil, "\(attempt)")
            }
        }
    }

    /// Review L3: with the disabled filter (bit 2 of userAccountControl), a wrong password for dave
    /// is a wrong password, like anyone's; only his right one learns that the account is disabled.
    @Test func reviewL3DisabledAccountIsToldOnlyAfterItsPassword() async throws {
        try await withDomain(extra: ["disabled_filter": "(userAccountControl:1.2.840.113556.1.4.803:=2)", "nested_groups": "none"]) { api in
            #expect(try await login(api, "dave", "wrong-Pass1").problemCode == "invalid-credentials")
            #expect(try await login(api, "dave", "Dave-pass1!").problemCode == "account-disabled")
            let carol = try await login(api, "carol", "Carol-pass1!")
            #expect((carol.json["user"] as? [String: Any])?["role"] as? String == "faculty")
        }
    }

    /// Review H5: every spelling of one campus account is one failure counter. With the lock at
    /// three, wrong passwords typed as `bob@campus.test`, `CAMPUS\bob` and `BOB` lock `bob`: his right
    /// password is refused under every spelling (full-width included) until the lock ends.
    @Test func reviewH5WrongPasswordsUnderEverySpellingShareOneLock() async throws {
        try await withDomain(auth: AuthSettings(lockoutThreshold: 3)) { api in
            #expect(try await login(api, "bob@campus.test", "Wrong-pass1!").problemCode == "invalid-credentials")
            #expect(try await login(api, "CAMPUS\\bob", "Wrong-pass2!").problemCode == "invalid-credentials")
            let third = try await login(api, "BOB", "Wrong-pass3!")
            #expect(third.status.code == 423, "\(String(decoding: third.body, as: UTF8.self))")
            for typed in ["bob", "bob@CAMPUS.TEST", "CAMPUS\\bob", "Bob", "\u{FF42}\u{FF4F}\u{FF42}", "bob@anything.example"] {
                let right = try await login(api, typed, "Bob-pass1!")
                #expect(right.problemCode == "account-locked", "\(typed): \(String(decoding: right.body, as: UTF8.self))")
                #expect(right.string("token") == nil)
            }
            // Another account is not touched by bob's lock.
            #expect(try await login(api, "alice", "Alice-pass1!").status == .ok)
        }
    }
}
