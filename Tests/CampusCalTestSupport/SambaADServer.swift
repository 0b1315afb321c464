import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real Active Directory domain controller (Debian's Samba 4.17) for the directory-login tests: a normal
/// process on 127.0.0.1, provisioned, seeded and started by Tests/Support/ad/start-samba-ad.sh in a fresh
/// temporary directory. The first start on a machine provisions (≈ 15 s) and caches the domain; later ones
/// copy it (≈ 1 s). Samba's LDAP ports are fixed (389, 636), so one runs at a time: `start()` waits for a
/// machine-wide lock that `stop()`, or the end of the process, releases.
///
/// ```swift
/// guard let ad = try await SambaADServer.start() else { return print("SKIPPED: no samba; run scripts/install-deps --test") }
/// defer { ad.stop() }
/// ```
///
/// Realm `CAMPUS.TEST`, domain `CAMPUS`, base `DC=campus,DC=test`, everything in `CN=Users`. A user's CN is the
/// display name, not the login name (``userDN(_:)``): find users by `(sAMAccountName=NAME)`.
///
/// | sAMAccountName | CN            | password         | direct groups     | state                               |
/// |----------------|---------------|------------------|-------------------|-------------------------------------|
/// | alice          | Alice Archer  | `Alice-pass1!`   | Students          | telephoneNumber +1 208 555 0101     |
/// | bob            | Bob Baker     | `Bob-pass1!`     | Students          |                                     |
/// | carol          | Carol Chen    | `Carol-pass1!`   | Faculty, IT Staff | admin through nesting               |
/// | dave           | Dave Diaz     | `Dave-pass1!`    | Students          | disabled (userAccountControl 514)   |
/// | frank          | Frank Fischer | `Frank-pass1!`   |                   | must change password (pwdLastSet 0) |
/// | campuscal      | campuscal     | `Service-pass1!` |                   | the service account, ``serviceDN``  |
/// | Administrator  | Administrator | `Admin-pass1!`   | Domain Admins, …  | ``adminDN``                         |
///
/// - Users have givenName, sn, displayName, mail and userPrincipalName `NAME@campus.test`, memberOf,
///   userAccountControl (512 normal), pwdLastSet, objectSid. Groups (``groupDN(_:)``): Students, Faculty,
///   IT Staff, CampusCal Admins, whose only member is the group IT Staff: carol's `memberOf` lists Faculty and
///   IT Staff; `(member:1.2.840.113556.1.4.1941:=<carol's DN>)` also finds CampusCal Admins.
/// - Simple binds take the full DN, `alice@CAMPUS.TEST` (any case) or `CAMPUS\alice`, not a bare `alice`.
///   Every failure is result 49; the message tells why: `80090308: LdapErr: DSID-0C0903A9, comment:
///   AcceptSecurityContext error, data 52e, v1db1` (wrong, empty or unknown), `data 533` (dave) and
///   `data 773` (frank), the last two only with the right password. No lockout.
/// - Anonymous reads only the root DSE; any user reads the directory. Subtree searches from the base also
///   return a reference to `ldap://campus.test/CN=Configuration,…`: ignore it, don't chase it.
/// - ``caFile`` verifies the server for 127.0.0.1 and localhost (LDAPS and StartTLS).
public struct SambaADServer: Sendable {
    public static let baseDN = "DC=campus,DC=test"
    public static let adminDN = "CN=Administrator,CN=Users,DC=campus,DC=test"
    public static let adminPassword = "Admin-pass1!"
    public static let serviceDN = "CN=campuscal,CN=Users,DC=campus,DC=test"
    public static let servicePassword = "Service-pass1!"
    static let displayNames = ["alice": "Alice Archer", "bob": "Bob Baker", "carol": "Carol Chen", "dave": "Dave Diaz", "frank": "Frank Fischer"]

    /// The DN of the user with this sAMAccountName (`alice` → `CN=Alice Archer,CN=Users,DC=campus,DC=test`).
    public static func userDN(_ login: String) -> String { "CN=\(displayNames[login] ?? login),CN=Users,\(baseDN)" }
    public static func groupDN(_ name: String) -> String { "CN=\(name),CN=Users,\(baseDN)" }

    /// `ldap://127.0.0.1:389`: plain LDAP, StartTLS offered, simple binds allowed.
    public let ldapURL: String
    /// `ldaps://127.0.0.1:636`: TLS from the first byte.
    public let ldapsURL: String
    /// The CA (PEM) that signed the server's certificate: the script's, not Samba's own.
    public let caFile: String
    /// The domain (etc/smb.conf, private/, samba.log, provision.log); removed by `stop()`.
    public let directory: TemporaryDirectory
    private let lock: MachineLock

    static let samba = "/usr/sbin/samba"
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/ad/start-samba-ad.sh").path

    /// Starts a seeded domain controller; nil when Samba is not installed, so the caller can skip visibly. Throws
    /// when the script fails (its message and Samba's log are in the error) or another holds the lock for 5 minutes.
    public static func start() async throws -> SambaADServer? {
        // The script takes seconds (slapd) to a minute (Samba): not on a thread of the cooperative pool.
        try await onThread { try startBlocking() }
    }

    private static func startBlocking() throws -> SambaADServer? {
        guard FileManager.default.isExecutableFile(atPath: samba) else { return nil }
        guard let lock = MachineLock(NSTemporaryDirectory() + "campuscal-samba-ad.lock", waiting: 300) else {
            throw TestFailure("SambaADServer: another one has held 127.0.0.1:389 for 5 minutes (not stopped?)")
        }
        // With the lock held, a samba running in a test directory was left by a test process that died.
        let stale = NSTemporaryDirectory() + "campuscal-test-"
        for directory in killAll(where: { $0.exe == samba && $0.cwd.hasPrefix(stale) }) {
            try? FileManager.default.removeItem(atPath: directory)
        }
        let directory = TemporaryDirectory()
        let server = SambaADServer(
            ldapURL: "ldap://127.0.0.1:389", ldapsURL: "ldaps://127.0.0.1:636",
            caFile: directory.file("private/tls/ca.pem"), directory: directory, lock: lock)
        let run: StartScript.Run
        do {
            run = try StartScript.run(script, in: directory, timeout: 180)
        } catch {
            server.stop()
            throw error
        }
        // The one stdout line: "ready ldap=389 ldaps=636 base=DC=campus,DC=test".
        guard run.finished, run.status == 0, run.output.hasPrefix("ready ldap=389 ldaps=636 ") else {
            let message = run.failure("start-samba-ad.sh", log: server.log)
            server.stop()
            throw TestFailure(message)
        }
        return server
    }

    /// The script's messages, provisioning and Samba's own log (`SAMBA_DEBUG=3` in the environment logs binds).
    public var log: String {
        ["start.err", "provision.log", "samba.log"]
            .map { (try? String(contentsOfFile: directory.file($0), encoding: .utf8)) ?? "" }.joined(separator: "\n")
    }

    /// SIGKILLs samba's process group (samba.pid), every process working in ``directory`` (all samba tasks) and any
    /// helper started with its smb.conf (smbd, samba-dcerpcd: sessions of their own). Not SIGTERM: the test process
    /// blocks it, and children inherit that. Waits until all are gone or zombies, unlocks, removes ``directory``.
    public func stop() {
        let text = (try? String(contentsOfFile: directory.file("samba.pid"), encoding: .utf8)) ?? ""
        let samba = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        if samba > 0 { kill(-samba, SIGKILL) }
        let config = directory.file("etc/smb.conf")
        _ = killAll { process in
            (samba > 0 && process.group == samba) || process.cwd == directory.path
                || process.cwd.hasPrefix(directory.path + "/") || process.command.contains(config)
        }
        lock.release()
        directory.remove()
    }
}

/// SIGKILLs every process that matches, waits (≤ 5 s) until they are gone or zombies; returns their working directories.
private func killAll(where matches: ((group: pid_t, cwd: String, exe: String, command: String)) -> Bool) -> Set<String> {
    var killed: [pid_t] = []
    var directories: Set<String> = []
    let files = FileManager.default
    for entry in (try? files.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let pid = pid_t(entry), pid != getpid(), let status = processStatus(pid) else { continue }
        let cwd = (try? files.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")) ?? ""
        let exe = (try? files.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? ""
        let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
        guard matches((status.group, cwd, exe, command)) else { continue }
        kill(pid, SIGKILL)
        killed.append(pid)
        directories.insert(cwd)
    }
    let deadline = Date().addingTimeInterval(5)
    while killed.contains(where: isRunning) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    return directories
}

/// An exclusive flock on a file, held across processes (released by `release()` or when this process ends).
final class MachineLock: @unchecked Sendable {
    private let mutex = NSLock()
    private var descriptor: Int32

    init?(_ path: String, waiting seconds: TimeInterval) {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        let deadline = Date().addingTimeInterval(seconds)
        while descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if Date() < deadline { Thread.sleep(forTimeInterval: 0.05) } else { release() }
        }
        if descriptor < 0 { return nil }
    }

    func release() {
        mutex.withLock {
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }
}
