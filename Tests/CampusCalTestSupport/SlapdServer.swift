import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real OpenLDAP server (Debian's slapd 2.5) for the directory-login tests: a normal process on two free
/// loopback ports, made, started and seeded by Tests/Support/ldap/start-slapd.sh in a fresh temporary
/// directory (≈ 0.5 s). Not a fake, so binds, ACLs, TLS and the memberof overlay behave as in production.
///
/// ```swift
/// guard let ldap = try await SlapdServer.start() else { return print("SKIPPED: no slapd; run scripts/install-deps") }
/// defer { ldap.stop() }
/// ```
///
/// Suffix `dc=campus,dc=test`. Users are `uid=NAME,ou=people,dc=campus,dc=test` (`inetOrgPerson`: uid, cn,
/// sn, givenName, displayName, mail, telephoneNumber, userPassword); groups are
/// `cn=NAME,ou=groups,dc=campus,dc=test` (`groupOfNames`, `member` holds DNs).
///
/// | uid   | cn (= displayName) | password      | mail              | phone           | direct groups              |
/// |-------|--------------------|---------------|-------------------|-----------------|----------------------------|
/// | alice | Alice Archer       | `Alice-pass1` | alice@campus.test | +1 208 555 0101 | students                   |
/// | bob   | Bob Baker          | `Bob-pass1`   | bob@campus.test   | none            | students                   |
/// | carol | Carol Chen         | `Carol-pass1` | carol@campus.test | none            | faculty, it-staff          |
/// | dave  | Dave Diaz          | `Dave-pass1`  | dave@campus.test  | none            | students, disabled         |
/// | erin  | Erin Evans         | `Erin-pass1`  | erin@campus.test  | none            | students, directory-optout |
///
/// - Nested group: `cn=campuscal-admins` has one member, the group `cn=it-staff`. Carol's `memberOf`
///   shows faculty and it-staff only; `cn=it-staff`'s own `memberOf` leads on to campuscal-admins.
///   `memberOf` is operational: ask for it by name (or `+`).
/// - Disabled (dave): `employeeType: disabled` and member of `cn=disabled`. The server enforces it (an ACL
///   denies auth on his password), so his bind fails with 49 even with the right password, as AD does;
///   read the attribute with the service account to tell "disabled" from "wrong password".
/// - Directory opt-out (erin): `employeeType: optout` and member of `cn=directory-optout`. Not enforced:
///   she can log in and the service account reads her entry; CampusCal must not show her details to others.
/// - Access: anonymous may only bind; a user may bind as and read its own entry; the service account
///   ``serviceDN`` reads every entry and attribute except `userPassword`; ``adminDN`` is the rootdn.
/// - TLS: ``caFile`` verifies the server for 127.0.0.1 (StartTLS on ``ldapURL``, implicit on ``ldapsURL``);
///   ``otherCAFile`` is an unrelated CA, so a client trusting only it must refuse the connection.
/// - Wrong password: result 49 (invalidCredentials), as for dave and for unknown DNs.
public struct SlapdServer: Sendable {
    public static let baseDN = "dc=campus,dc=test"
    public static let adminDN = "cn=admin,dc=campus,dc=test"
    public static let adminPassword = "adminpass"
    public static let serviceDN = "cn=campuscal,ou=services,dc=campus,dc=test"
    public static let servicePassword = "servicepass"

    public static func userDN(_ uid: String) -> String { "uid=\(uid),ou=people,\(baseDN)" }
    public static func groupDN(_ name: String) -> String { "cn=\(name),ou=groups,\(baseDN)" }

    /// `ldap://127.0.0.1:PORT`: plain LDAP, StartTLS offered.
    public let ldapURL: String
    /// `ldaps://127.0.0.1:PORT`: TLS from the first byte.
    public let ldapsURL: String
    /// The CA (PEM) that signed the server's certificate.
    public let caFile: String
    /// A CA (PEM) that did not sign it.
    public let otherCAFile: String
    /// Everything the server uses (certificates, slapd.conf, slapd.log, the database); removed by `stop()`.
    public let directory: TemporaryDirectory

    static let slapd = "/usr/sbin/slapd"
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/ldap/start-slapd.sh").path

    /// Starts a seeded server; nil when slapd is not installed, so the caller can skip visibly.
    /// Throws when the script fails (its message and slapd's log are in the error).
    public static func start() async throws -> SlapdServer? {
        // The script takes seconds (slapd) to a minute (Samba): not on a thread of the cooperative pool.
        try await onThread { try startBlocking() }
    }

    private static func startBlocking() throws -> SlapdServer? {
        guard FileManager.default.isExecutableFile(atPath: slapd) else { return nil }
        let directory = TemporaryDirectory()
        let run = try StartScript.run(script, in: directory, timeout: 60)
        // The one stdout line: "ready ldap=PORT ldaps=SPORT".
        let ports = run.fields.compactMapValues { Int($0) }
        let server = SlapdServer(
            ldapURL: "ldap://127.0.0.1:\(ports["ldap"] ?? 0)", ldapsURL: "ldaps://127.0.0.1:\(ports["ldaps"] ?? 0)",
            caFile: directory.file("ca.pem"), otherCAFile: directory.file("other-ca.pem"), directory: directory)
        guard run.finished, run.status == 0, ports["ldap"] != nil, ports["ldaps"] != nil else {
            let message = run.failure("start-slapd.sh", log: server.log)
            server.stop()
            throw TestFailure(message)
        }
        return server
    }

    /// The script's messages and slapd's own log (`SLAPD_DEBUG=stats` in the environment logs every operation).
    public var log: String {
        ["start.err", "slapd.log"].map { (try? String(contentsOfFile: directory.file($0), encoding: .utf8)) ?? "" }
            .joined(separator: "\n")
    }

    /// Stops slapd with SIGKILL, waits until it has exited, and removes ``directory``. Not SIGTERM:
    /// slapd inherits the test process's signal mask, in which the server's lifecycle code blocks SIGTERM
    /// and SIGINT, so a polite stop would wait for nothing; a throw-away database loses nothing it needs.
    /// slapd is not our child (the script started it), so "exited" means gone or a zombie awaiting its reaper.
    public func stop() {
        let text = (try? String(contentsOfFile: directory.file("slapd.pid"), encoding: .utf8)) ?? ""
        if let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) { StartScript.kill(pid) }
        directory.remove()
    }
}
