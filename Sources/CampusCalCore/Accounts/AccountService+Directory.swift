import CampusCalICalendar
import Foundation

/// How accounts provisioned from a campus directory are marked: their stored password hash is
/// this marker, which no password ever verifies against (bcrypt hashes start with `$2`).
///
/// The marker names the directory (or `sso`) that made the account: it is the account's
/// identity source, checked at every directory login (review M4).
public enum DirectoryAccount {
    /// The source of accounts made by a single sign-on front (for a campus realm).
    public static let singleSignOn = "sso"
    /// `!directory:NAME`, or `!directory:NAME#ENTRY-ID` once the directory gave the entry's immutable id.
    public static func marker(_ directory: String, entryID: String? = nil) -> String {
        "!directory:\(directory)" + (entryID.map { "#\($0)" } ?? "")
    }
    public static func isDirectoryManaged(_ passwordHash: String) -> Bool { passwordHash.hasPrefix("!directory:") }
    /// The directory a marker names; nil for a local password hash.
    public static func directory(of passwordHash: String) -> String? {
        guard isDirectoryManaged(passwordHash) else { return nil }
        let rest = passwordHash.dropFirst("!directory:".count)
        return String(rest.lastIndex(of: "#").map { rest[..<$0] } ?? rest)
    }
    /// The directory entry a marker names (its immutable id); nil when none was recorded.
    public static func entryID(of passwordHash: String) -> String? {
        guard isDirectoryManaged(passwordHash), let hash = passwordHash.lastIndex(of: "#") else { return nil }
        return String(passwordHash[passwordHash.index(after: hash)...])
    }
}

/// Logins through campus directories (SRS 2.2.2.1–2.2.2.3): each configured directory is asked in
/// order; the first that knows the user decides. The first successful login creates the CampusCal
/// account (just-in-time provisioning); later ones refresh its name, email, phone and role.
extension AccountService {
    func directoryLogin(typed: String, password: String, throttleKey: String, source: LoginSource) async throws -> LoginResult {
        // An empty password would be an anonymous bind, which LDAP servers accept: never ask.
        guard Self.mayBeChecked(password), let accountName = DirectoryLoginName.accountName(typed) else {
            try await recordFailedLogin(throttleKey, from: source)
            throw AccountError.invalidCredentials
        }
        var unreachable: [String] = []
        for directory in directories {
            let identity: DirectoryIdentity?
            do {
                identity = try await directory.authenticate(accountName: accountName, password: password)
            } catch DirectoryError.unreachable(let reason) {
                unreachable.append("\(directory.name): \(reason)")
                continue
            } catch DirectoryError.invalidCredentials {
                try await recordFailedLogin(throttleKey, from: source)
                throw AccountError.invalidCredentials
            } catch let refusal as DirectoryError {
                throw AccountError.directoryRefused(refusal)
            }
            guard let identity else { continue }
            let user = try await provision(identity)
            // The directory vouches for the address it gives: notices may use it without a code.
            if let email = user.email, !email.isEmpty, email == identity.email,
                let confirmedAddresses, try await confirmedAddresses.confirmedAddresses(of: user.id)[.email] != email
            {
                try await confirmedAddresses.confirm(email, channel: .email, of: user.id, at: clock.now())
            }
            try await throttle.clear(account: throttleKey, source: source.key)
            return try await openSession(for: user)
        }
        // Nobody knows the name. When a directory could not be asked, say that instead: the person
        // may well exist there, and a directory that is down must not count towards a lock.
        if !unreachable.isEmpty { throw AccountError.directoryUnavailable(unreachable.joined(separator: "; ")) }
        try await recordFailedLogin(throttleKey, from: source)
        throw AccountError.invalidCredentials
    }

    /// Throws `usernameUnavailable` when a configured directory holds `username` (review M3):
    /// a local account of that name would stand between the campus person and their login.
    func refuseDirectoryName(_ username: String, directoriesMustAnswer: Bool) async throws {
        var unreachable: [String] = []
        for directory in directories {
            guard let lookup = directory as? any DirectoryNameLookup else {
                unreachable.append("\(directory.name): cannot look names up")
                continue
            }
            do {
                if try await lookup.holds(accountName: username) { throw AccountError.usernameUnavailable(username) }
            } catch DirectoryError.unreachable(let reason) {
                unreachable.append("\(directory.name): \(reason)")
            }
        }
        if directoriesMustAnswer, !unreachable.isEmpty {
            throw AccountError.directoryUnavailable(unreachable.joined(separator: "; "))
        }
    }

    /// The account for a directory identity: created on first login, refreshed on later ones.
    /// A local account of the same name (one with a password of its own) is never taken over,
    /// and neither is one another directory made (review M4): a `jsmith` of the law school's
    /// directory is not the `jsmith` of the campus's. An account the sign-on front made (for the
    /// campus realm) is taken over by the first directory that vouches for its name, and is that
    /// directory's from then on.
    func provision(_ identity: DirectoryIdentity) async throws -> User {
        let now = clock.now()
        let displayName = identity.displayName?.trimmingCharacters(in: .whitespacesAndNewlines)
        if var existing = try await users.credentials(username: identity.username) {
            guard let source = DirectoryAccount.directory(of: existing.passwordHash) else { throw AccountError.invalidCredentials }
            if source != identity.directory {
                guard source == DirectoryAccount.singleSignOn, identity.directory != DirectoryAccount.singleSignOn else {
                    throw AccountError.accountOfAnotherDirectory
                }
            }
            // The entry the account was made for: a login name the directory later gave to
            // someone else never opens the first person's account.
            let recorded = DirectoryAccount.entryID(of: existing.passwordHash)
            if let recorded, let given = identity.entryID, recorded != given.lowercased() {
                throw AccountError.accountOfAnotherPerson
            }
            let marker = DirectoryAccount.marker(identity.directory, entryID: identity.entryID?.lowercased() ?? recorded)
            if marker != existing.passwordHash {
                try await users.setPasswordHash(marker, for: existing.user.id, at: now)
                guard let adopted = try await users.credentials(id: existing.user.id) else { throw AccountError.userNotFound }
                existing = adopted
            }
            var user = existing.user
            if let displayName, !displayName.isEmpty { user.displayName = displayName }
            user.email = identity.email ?? user.email
            user.phone = identity.phone ?? user.phone
            user.role = identity.role
            user.directoryOptOut = identity.optedOut
            if user == existing.user { return user }
            user.updatedAt = now
            return try await users.update(user, expectedVersion: existing.user.version)
        }
        let user = User(
            id: .generate(), username: identity.username, displayName: (displayName?.isEmpty ?? true) ? identity.username : displayName!,
            email: identity.email, phone: identity.phone, timeZone: defaultTimeZone, role: identity.role, createdAt: now, updatedAt: now, version: 1,
            directoryOptOut: identity.optedOut)
        do {
            try await users.insert(
                UserCredentials(user: user, passwordHash: DirectoryAccount.marker(identity.directory, entryID: identity.entryID?.lowercased())))
        } catch AccountError.usernameTaken {
            // Two first logins at once: the other one made it.
            return try await provision(identity)
        }
        return user
    }
}

/// Logins vouched for by a campus single sign-on front.
extension AccountService {
    /// Opens a session for the person a trusted sign-on front names (`alice`, `alice@campus.edu`,
    /// `CAMPUS\alice`). Someone new gets an account on the spot, as a directory login would give
    /// them; their details fill in at their first directory login or from their profile. Accounts
    /// with a local password are not reachable this way.
    ///
    /// The realm is kept (review M4): `alice@other-idp.org`, from a federated login, is not the
    /// campus's `alice` unless `auth.sso_realm` names that realm; a name without one is the campus's.
    public func singleSignOn(assertedName: String) async throws -> LoginResult {
        if let realm = Self.realm(of: assertedName), !ssoRealms.contains(realm.lowercased()) {
            throw AccountError.foreignRealm(realm)
        }
        guard let name = DirectoryLoginName.accountName(assertedName), Username.issues(for: name).isEmpty else {
            throw AccountError.invalidCredentials
        }
        if let existing = try await users.credentials(username: name) {
            // An account with a local password (a local administrator, say) is never claimed by a header.
            guard DirectoryAccount.isDirectoryManaged(existing.passwordHash) else { throw AccountError.invalidCredentials }
            return try await openSession(for: existing.user)
        }
        let identity = DirectoryIdentity(username: name, distinguishedName: "", directory: DirectoryAccount.singleSignOn)
        return try await openSession(for: try await provision(identity))
    }

    /// The realm of a sign-on name: after the `@` of `alice@campus.edu`, before the `\` of
    /// `CAMPUS\alice` (both, the domain counts: `CAMPUS\alice@x` names x); nil for a bare name.
    static func realm(of asserted: String) -> String? {
        let trimmed = asserted.trimmingCharacters(in: .whitespaces)
        if let at = trimmed.firstIndex(of: "@") { return String(trimmed[trimmed.index(after: at)...]) }
        if let backslash = trimmed.lastIndex(of: "\\") { return String(trimmed[..<backslash]) }
        return nil
    }
}
