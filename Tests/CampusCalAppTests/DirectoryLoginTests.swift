import CampusCalApp
import CampusCalCore
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

/// Logins through a real OpenLDAP server (slapd on 127.0.0.1, seeded by Tests/Support/ldap; see
/// `SlapdServer` for its users and groups), over the REST API: provisioning, refusals, injection
/// attempts, role mapping with nested groups, TLS, failover and a directory that is down.
@Suite("Directory logins against a real OpenLDAP", .serialized)
struct DirectoryLoginTests {
    /// A closed port on loopback: connection refused at once.
    static let closedURL = "ldap://127.0.0.1:9"

    static func table(_ ldap: SlapdServer, uris: [String]? = nil, extra: [String: String] = [:]) -> [String: String] {
        var table = [
            "uris": (uris ?? [ldap.ldapURL]).joined(separator: "\n"), "start_tls": "true", "ca_file": ldap.caFile,
            "bind_dn": SlapdServer.serviceDN, "bind_password": SlapdServer.servicePassword, "user_base": "ou=people,\(SlapdServer.baseDN)",
            "user_filter": "(&(objectClass=inetOrgPerson)(uid={username}))", "disabled_filter": "(employeeType=disabled)",
            "opt_out_filter": "(employeeType=optout)", "nested_groups": "walk", "admin_groups": SlapdServer.groupDN("campuscal-admins"),
            "faculty_groups": SlapdServer.groupDN("faculty"), "connect_timeout_seconds": "2", "timeout_seconds": "5",
        ]
        for (key, value) in extra { table[key] = value }
        return table
    }

    /// Which of the server's addresses a test configures.
    enum Servers {
        /// `ldap://` upgraded with StartTLS.
        case startTLS
        /// `ldaps://` only.
        case ldaps
        /// A closed port first, then the real server.
        case failover
    }

    /// Runs `body` against a fresh slapd and a CampusCal configured for it (`extra` overrides
    /// keys; `trustOtherCA` trusts a CA that did not sign the server's certificate).
    func withDirectory(
        _ servers: Servers = .startTLS, extra: [String: String] = [:], trustOtherCA: Bool = false,
        auth: AuthSettings = AuthSettings(),
        _ body: @Sendable (TestServer, APIClient) async throws -> Void
    ) async throws {
        guard let ldap = try await SlapdServer.start() else {
            print("SKIPPED DirectoryLoginTests: slapd is not installed (scripts/install-deps --test installs slapd and ldap-utils)")
            return
        }
        defer { ldap.stop() }
        var settings: [String: String]
        switch servers {
        case .startTLS: settings = Self.table(ldap, extra: extra)
        case .ldaps: settings = Self.table(ldap, uris: [ldap.ldapsURL], extra: extra.merging(["start_tls": "false"]) { $1 })
        case .failover: settings = Self.table(ldap, uris: [Self.closedURL, ldap.ldapURL], extra: extra)
        }
        if trustOtherCA { settings["ca_file"] = ldap.otherCAFile }
        let table = settings
        let server = try TestServer {
            $0.directoryTables = ["campus": table]
            auth.apply(to: &$0)
        }
        try await server.run { api in try await body(server, api) }
    }

    func login(_ api: APIClient, _ username: String, _ password: String) async throws -> APIClient.Reply {
        try await api.request(.post, "/api/v1/auth/login", json: ["username": username, "password": password])
    }

    @Test func theFirstLoginCreatesTheAccountAndLaterOnesFindIt() async throws {
        try await withDirectory { server, api in
            let first = try await login(api, "alice", "Alice-pass1")
            #expect(first.status == .ok, "\(String(decoding: first.body, as: UTF8.self))")
            let token = try #require(first.string("token"))
            let me = try await api.request(.get, "/api/v1/me", token: token)
            #expect(me.string("username") == "alice")
            #expect(me.string("displayName") == "Alice Archer")
            #expect(me.string("email") == "alice@campus.test")
            #expect(me.string("phone") == "+1 208 555 0101")
            #expect(me.string("role") == "student")
            // The directory vouches for its email: notices may use it without a code (review L2).
            let addresses = try await api.request(.get, "/api/v1/me/addresses", token: token).json["addresses"] as? [[String: Any]]
            #expect(addresses?.first { $0["channel"] as? String == "email" }?["confirmed"] as? Bool == true)
            // Every form people type a campus login in means the same account.
            for typed in ["ALICE", "alice@campus.test", "CAMPUS\\alice"] {
                let again = try await login(api, typed, "Alice-pass1")
                #expect(again.status == .ok, "\(typed)")
                #expect((again.json["user"] as? [String: Any])?["id"] as? String == me.string("id"))
            }
            // The account has no local password: the directory's is the only one.
            let stored = try #require(try await server.services.accounts.users.credentials(username: "alice"))
            #expect(DirectoryAccount.isDirectoryManaged(stored.passwordHash))
            #expect(!stored.user.directoryOptOut)
            // erin opted out of directory information: her account remembers it (class lists leave her out).
            #expect(try await login(api, "erin", "Erin-pass1").status == .ok)
            #expect(try await server.services.accounts.users.credentials(username: "erin")?.user.directoryOptOut == true)
        }
    }

    @Test func refusalsSayWhyAndNeverLogAnyoneIn() async throws {
        try await withDirectory { _, api in
            #expect(try await login(api, "alice", "wrong").problemCode == "invalid-credentials")
            #expect(try await login(api, "nobody", "Whatever-1").problemCode == "invalid-credentials")
            // An empty password would be an anonymous bind, which slapd accepts: it is never tried.
            let empty = try await login(api, "alice", "")
            #expect(empty.status == .unauthorized || empty.status == .unprocessableContent)
            #expect(empty.string("token") == nil)
            // slapd itself refuses dave's bind (his account is disabled): the same answer as a wrong
            // password, so nobody learns from it that he exists (review L3).
            #expect(try await login(api, "dave", "Dave-pass1").problemCode == "invalid-credentials")
            // Filter injection: these search for the literal characters and match nobody.
            for attempt in ["*", ")(uid=*", "alice)(uid=*", "*)(|(uid=*", "alice\u{0}", "al*"] {
                let reply = try await login(api, attempt, "Alice-pass1")
                #expect(reply.status != .ok, "\(attempt)")
                #expect(reply.string("token") == nil, "\(attempt)")
            }
        }
    }

    /// Review L3: `disabled_filter` was checked before the password, so a wrong password for a
    /// disabled account answered 403 `account-disabled` (and did not count towards the lock): a
    /// free oracle of which campus accounts exist and are disabled. Now the password comes first.
    /// erin stands for an account the filter calls disabled but slapd still lets bind.
    @Test func reviewL3DisabledIsToldOnlyToWhoeverKnowsThePassword() async throws {
        try await withDirectory(extra: ["disabled_filter": "(employeeType=optout)"], auth: AuthSettings(lockoutThreshold: 3)) { _, api in
            let nobody = try await login(api, "nobody", "Wrong-pass1")
            let guess = try await login(api, "erin", "Wrong-pass1")
            #expect(guess.status == nobody.status)
            #expect(guess.problemCode == "invalid-credentials")
            #expect(guess.string("detail") == nobody.string("detail"))
            // Wrong guesses at a disabled account count like any other: the third locks it.
            #expect(try await login(api, "erin", "Wrong-pass2").problemCode == "invalid-credentials")
            #expect(try await login(api, "erin", "Wrong-pass3").status.code == 423)
        }
        try await withDirectory(extra: ["disabled_filter": "(employeeType=optout)"]) { _, api in
            let right = try await login(api, "erin", "Erin-pass1")
            #expect(right.status == .forbidden)
            #expect(right.problemCode == "account-disabled")
            #expect(right.string("token") == nil)
        }
    }

    @Test func directoryGroupsGiveRolesNestedOnesIncluded() async throws {
        try await withDirectory { _, api in
            // carol: faculty directly, and admin through it-staff ⊂ campuscal-admins (administrators first).
            let carol = try await login(api, "carol", "Carol-pass1")
            #expect((carol.json["user"] as? [String: Any])?["role"] as? String == "admin")
            let bob = try await login(api, "bob", "Bob-pass1")
            #expect((bob.json["user"] as? [String: Any])?["role"] as? String == "student")
        }
        try await withDirectory(extra: ["nested_groups": "none"]) { _, api in
            let carol = try await login(api, "carol", "Carol-pass1")
            #expect((carol.json["user"] as? [String: Any])?["role"] as? String == "faculty")
        }
    }

    @Test func tlsThatDoesNotVerifyIsRefusedAndLDAPSWorks() async throws {
        try await withDirectory(trustOtherCA: true) { _, api in
            let refused = try await login(api, "alice", "Alice-pass1")
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.problemCode == "directory-unavailable")
        }
        try await withDirectory(.ldaps) { _, api in
            let reply = try await login(api, "alice", "Alice-pass1")
            #expect(reply.status == .ok)
        }
    }

    @Test func aDirectoryThatIsDownIsSkippedForTheNextAndNeverLocksLocalAccountsOut() async throws {
        // Failover: the first server refuses connections, the second answers.
        try await withDirectory(.failover) { _, api in
            let reply = try await login(api, "alice", "Alice-pass1")
            #expect(reply.status == .ok)
        }
        let server = try TestServer {
            $0.directoryTables = ["campus": ["uris": Self.closedURL, "user_base": "dc=campus,dc=test", "connect_timeout_seconds": "1"]]
        }
        try await server.createUser("localadmin")
        try await server.run { api in
            let started = Date()
            for _ in 0..<12 {
                let down = try await login(api, "someone", "Some-pass1")
                #expect(down.status == .serviceUnavailable)
                #expect(down.string("detail")?.contains("cannot reach the campus directory") == true)
            }
            #expect(Date().timeIntervalSince(started) < 10)
            // Twelve failures against a dead directory locked nothing; local accounts log in as ever.
            #expect(try await login(api, "someone", "Some-pass1").status == .serviceUnavailable)
            #expect(try await login(api, "localadmin", "Passw0rd!").status == .ok)
        }
    }

    /// Review L5 and SRS 4.2.36.1: ten failures lock the account *from the source that made them*.
    /// Mallory (127.0.0.2) guesses alice's password: after ten failures her attempts are locked,
    /// the right password included, while alice on her own machine (127.0.0.3) logs in and finds a
    /// notice of the attempt. Mallory's address then runs out of its allowance across all accounts
    /// and waits longer at each failure (429, Retry-After doubling).
    @Test func reviewL5ALockBindsTheAttackingSourceNotThePerson() async throws {
        try await withDirectory(auth: AuthSettings(sourceFailureAllowance: 14)) { server, api in
            guard let port = api.port else { throw TestFailure("no port") }
            func login(_ from: String, _ username: String, _ password: String) async throws -> FromAddress.Reply {
                try await FromAddress.post(from: from, port: port, "/api/v1/auth/login", json: ["username": username, "password": password])
            }
            let mallory = "127.0.0.2"
            let alice = "127.0.0.3"
            #expect(try await login(alice, "alice", "Alice-pass1").status == 200)
            for attempt in 1...9 {
                let reply = try await login(mallory, attempt.isMultiple(of: 2) ? "ALICE" : "alice@campus.test", "Guess-\(attempt)")
                #expect(reply.status == 401, "attempt \(attempt): \(String(decoding: reply.body, as: UTF8.self))")
            }
            let tenth = try await login(mallory, "CAMPUS\\alice", "Guess-10")
            #expect(tenth.status == 423)
            #expect(tenth.problemCode == "account-locked")
            #expect(tenth.headers["retry-after"] == "86400")
            // From Mallory's address even the right password is refused, under every spelling…
            #expect(try await login(mallory, "alice", "Alice-pass1").problemCode == "account-locked")
            // …while alice, elsewhere, logs in, and is told of the attempt.
            let own = try await login(alice, "alice", "Alice-pass1")
            #expect(own.status == 200)
            let token = try #require(own.json["token"] as? String)
            let inbox = try await FromAddress.get(from: alice, port: port, "/api/v1/notifications", token: token)
            let notices = (inbox.json["items"] as? [[String: Any]]) ?? []
            let notice = try #require(notices.first { ($0["title"] as? String)?.contains("Failed logins") == true })
            #expect((notice["body"] as? String)?.contains(mallory) == true)

            // Mallory's address has used 10 of its 14 failures; the rest go to other names, then it waits.
            for name in ["bob", "carol", "nobody1", "nobody2"] {
                #expect(try await login(mallory, name, "Guess-x").status == 401)
            }
            var waits: [String] = []
            for name in ["bob", "carol"] {
                let reply = try await login(mallory, name, "Guess-y")
                #expect(reply.status == 429)
                #expect(reply.problemCode == "too-many-failed-logins")
                // Blocked: even a right password is not checked until the wait is over.
                #expect(try await login(mallory, "bob", "Bob-pass1").status == 429)
                waits.append(reply.headers["retry-after"] ?? "")
                server.clock.advance(by: 60)
            }
            #expect(waits == ["2", "4"])
            // The person is never slowed by the stranger's failures.
            #expect(try await login(alice, "bob", "Bob-pass1").status == 200)
        }
    }

    /// Review M3: nobody squats a campus login. With a directory, self-registration is closed by
    /// default; opened, it still refuses every name the directory holds (in any case), with the
    /// same answer whether or not its owner has logged in yet; the owner then logs in as ever.
    @Test func reviewM3ADirectoryNameCannotBeRegisteredLocally() async throws {
        try await withDirectory { server, api in
            let closed = try await api.register("newcomer", password: "Attacker123")
            #expect(closed.status == .forbidden)
            #expect(closed.string("detail")?.contains("Registration is closed") == true)
            // An administrator's account creation is not self-registration, but a campus name is refused there too.
            await #expect(throws: AccountError.usernameUnavailable("bob")) {
                try await server.services.accounts.register(Registration(username: "bob", password: "Attacker123"))
            }
        }
        try await withDirectory(auth: AuthSettings(registration: "open")) { _, api in
            #expect(try await login(api, "carol", "Carol-pass1").status == .ok)
            var details: Set<String> = []
            for name in ["alice", "ALICE", "Alice", "carol", "dave"] {
                let squat = try await api.register(name, password: "Attacker123")
                #expect(squat.status == .conflict, "\(name): \(String(decoding: squat.body, as: UTF8.self))")
                #expect(squat.problemCode == (name == "carol" ? "username-taken" : "username-unavailable"), "\(name)")
                if name != "carol" { details.insert(squat.string("detail")?.lowercased() ?? "") }
                #expect(try await login(api, name, "Attacker123").string("token") == nil)
            }
            // Never signed in (alice) and disabled (dave) read the same, but for the name.
            #expect(Set(details.map { $0.replacingOccurrences(of: "alice", with: "x").replacingOccurrences(of: "dave", with: "x") }).count == 1)
            // A name the directory does not hold is free; alice's own password still logs her in.
            #expect(try await api.register("zed", password: "Zed-pass1").status == .created)
            let alice = try await login(api, "alice", "Alice-pass1")
            #expect(alice.status == .ok)
            #expect((alice.json["user"] as? [String: Any])?["username"] as? String == "alice")
        }
    }

    /// Review M4: an account remembers the directory that made it. The same people behind a
    /// directory configured under another name (as a second campus's directory would hold its own
    /// `alice`) log in to accounts of their own, never into the first directory's.
    @Test func reviewM4ALoginThroughAnotherDirectoryNeverLandsInTheAccount() async throws {
        guard let ldap = try await SlapdServer.start() else {
            print("SKIPPED DirectoryLoginTests: slapd is not installed (scripts/install-deps --test installs slapd and ldap-utils)")
            return
        }
        defer { ldap.stop() }
        let table = Self.table(ldap)
        let data = TemporaryDirectory()
        defer { data.remove() }
        let first = try TestServer(directory: data) { $0.directoryTables = ["campus": table] }
        let aliceID = try await first.run { api in
            let alice = try await login(api, "alice", "Alice-pass1")
            #expect(alice.status == .ok)
            return (alice.json["user"] as? [String: Any])?["id"] as? String
        }
        let stored = try #require(try await first.services.accounts.users.credentials(username: "alice"))
        #expect(DirectoryAccount.directory(of: stored.passwordHash) == "campus")

        let second = try TestServer(directory: data) {
            $0.directoryTables = ["lawschool": table]
            $0.ssoHeader = "X-Remote-User"
            $0.ssoRealm = "campus.test"
        }
        try await second.run { api in
            // The law school's directory accepts "alice" and her password, but her account is the campus's.
            for typed in ["alice", "ALICE", "alice@campus.test"] {
                let reply = try await login(api, typed, "Alice-pass1")
                #expect(reply.status == .forbidden, "\(typed): \(String(decoding: reply.body, as: UTF8.self))")
                #expect(reply.problemCode == "account-of-another-directory")
                #expect(reply.string("token") == nil)
            }
            // Someone the campus directory never provisioned gets an account of the law school's.
            let bob = try await login(api, "bob", "Bob-pass1")
            #expect(bob.status == .ok)
            #expect(
                DirectoryAccount.directory(of: try #require(try await second.services.accounts.users.credentials(username: "bob")).passwordHash)
                    == "lawschool")
            // A federated sign-on from another realm never becomes the campus's alice either.
            let federated = try await api.request(.post, "/api/v1/auth/sso", headers: [HTTPField.Name("X-Remote-User")!: "alice@other-idp.org"])
            #expect(federated.problemCode == "sso-realm-refused")
            #expect(federated.string("token") == nil)
        }
        // And the campus's directory still logs alice in to her own account.
        let third = try TestServer(directory: data) { $0.directoryTables = ["campus": table] }
        try await third.run { api in
            let alice = try await login(api, "alice", "Alice-pass1")
            #expect((alice.json["user"] as? [String: Any])?["id"] as? String == aliceID)
        }
    }

    /// Review M4 (and H5's "the account it resolved to"): an account remembers the directory entry
    /// it was made for (`entryUUID`), so a login name the directory later gives to someone else
    /// never opens the first person's account.
    @Test func reviewM4ANameGivenToSomeoneElseNeverOpensTheOldAccount() async throws {
        try await withDirectory { server, api in
            #expect(try await login(api, "alice", "Alice-pass1").status == .ok)
            let accounts = server.services.accounts
            let stored = try #require(try await accounts.users.credentials(username: "alice"))
            #expect(DirectoryAccount.directory(of: stored.passwordHash) == "campus")
            let entryID = try #require(DirectoryAccount.entryID(of: stored.passwordHash))
            #expect(UUID(uuidString: entryID) != nil, "\(entryID)")
            // Again: the same entry, the same account.
            #expect(try await login(api, "ALICE", "Alice-pass1").status == .ok)
            // As if the account had been made for an earlier alice, whose entry is gone.
            try await accounts.users.setPasswordHash(
                DirectoryAccount.marker("campus", entryID: UUID().uuidString.lowercased()), for: stored.user.id, at: Date())
            let reply = try await login(api, "alice", "Alice-pass1")
            #expect(reply.status == .forbidden)
            #expect(reply.problemCode == "account-of-another-person")
            #expect(reply.string("token") == nil)
        }
    }
}
