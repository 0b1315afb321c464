import CampusCalICalendar
import Foundation

/// A caller whose bearer token was accepted.
public struct AuthenticatedSession: Sendable {
    public var user: User
    public var session: Session

    public init(user: User, session: Session) {
        self.user = user
        self.session = session
    }
}

/// The result of a successful login.
public struct LoginResult: Sendable {
    /// The bearer token; shown to the client exactly once, stored only as a hash.
    public var token: String
    public var session: Session
    public var user: User
    /// When the session ends if it is not used again.
    public var idleDeadline: Date
}

/// The rules of local accounts and sessions (SRS 3.2.32, 3.2.36): registration, login with
/// lockout, token authentication with idle and absolute expiry, logout, profile and password
/// changes, and the administrator's operations.
///
/// Pure orchestration: all I/O goes through the injected stores, hasher and token issuer.
public struct AccountService: Sendable {
    public let users: any UserStore
    public let sessions: any SessionStore
    /// Failed logins by account and source (review H5, L5).
    public let throttle: any LoginAttemptStore
    public let hasher: any PasswordHashing
    public let tokens: any TokenIssuing
    public let clock: any TimeSource
    public let sessionPolicy: SessionPolicy
    public let lockoutPolicy: LockoutPolicy
    /// The growing delays of a source that fails too often, whatever the account (review L5).
    public let sourcePolicy: SourceThrottlePolicy
    /// Told when failed logins lock an account from a source, so its owner hears of it.
    public let failedLogins: any FailedLoginObserver
    /// The time zone of accounts that do not choose one.
    public let defaultTimeZone: String
    /// Campus directories asked, in order, for users who have no local password.
    public let directories: [any DirectoryAuthenticator]
    /// Whether local passwords (accounts registered here) may log in.
    public let localLoginEnabled: Bool
    /// Whether people may register themselves (`selfRegister`); administrators always may.
    public let registration: RegistrationPolicy
    /// The realms (lower case) whose single sign-on names are this campus's accounts (`auth.sso_realm`).
    public let ssoRealms: Set<String>
    /// Told about every session that ends, so that live streams opened under it end too.
    public let revocations: any SessionRevocationObserver
    /// Where a directory's email is recorded as confirmed at each login (review L2); nil in tests of the core.
    public let confirmedAddresses: (any AccountRecoveryStore)?
    /// The devices' CalDAV passwords, which a password reset revokes with the sessions; nil in tests of the core.
    public let appPasswords: (any AppPasswordStore)?

    public init(
        users: any UserStore, sessions: any SessionStore, throttle: any LoginAttemptStore, hasher: any PasswordHashing,
        tokens: any TokenIssuing, clock: any TimeSource = SystemTimeSource(), sessionPolicy: SessionPolicy = SessionPolicy(),
        lockoutPolicy: LockoutPolicy = LockoutPolicy(), sourcePolicy: SourceThrottlePolicy = SourceThrottlePolicy(),
        defaultTimeZone: String = "UTC", directories: [any DirectoryAuthenticator] = [],
        localLoginEnabled: Bool = true, revocations: any SessionRevocationObserver = NoSessionRevocationObserver(),
        failedLogins: any FailedLoginObserver = NoFailedLoginObserver(), registration: RegistrationPolicy = .auto, ssoRealms: [String] = [],
        confirmedAddresses: (any AccountRecoveryStore)? = nil, appPasswords: (any AppPasswordStore)? = nil
    ) {
        self.appPasswords = appPasswords
        self.confirmedAddresses = confirmedAddresses
        self.registration = registration
        self.ssoRealms = Set(ssoRealms.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty })
        self.sourcePolicy = sourcePolicy
        self.failedLogins = failedLogins
        self.revocations = revocations
        self.directories = directories
        self.localLoginEnabled = localLoginEnabled
        self.users = users
        self.sessions = sessions
        self.throttle = throttle
        self.hasher = hasher
        self.tokens = tokens
        self.clock = clock
        self.sessionPolicy = sessionPolicy
        self.lockoutPolicy = lockoutPolicy
        self.defaultTimeZone = defaultTimeZone
    }

    // MARK: Registration

    /// Creates a local account for someone registering themselves (`POST /api/v1/auth/register`):
    /// only while `auth.registration` is open, and never under a name a configured directory holds
    /// — asked now, and refused with 503 when a directory cannot answer, since a name that cannot
    /// be checked may be a campus login (review M3).
    public func selfRegister(_ registration: Registration) async throws -> User {
        guard self.registration.isOpen(withDirectories: !directories.isEmpty) else {
            throw AccountError.forbidden(
                "Registration is closed on this server: log in with your campus account, or ask an administrator for an account.")
        }
        return try await register(registration, directoriesMustAnswer: true)
    }

    /// Creates a local account (an administrator's `campuscal user add`, or `selfRegister`).
    /// Throws `ValidationError` listing every broken rule, `AccountError.usernameTaken`, or
    /// `.usernameUnavailable` for a name a configured directory holds. A directory that cannot be
    /// asked is skipped here (an administrator may need a local account while it is down), and
    /// refuses the name when `directoriesMustAnswer`.
    public func register(_ registration: Registration, directoriesMustAnswer: Bool = false) async throws -> User {
        // With local passwords turned off every account comes from the campus directory: a
        // self-registered one could never log in.
        guard localLoginEnabled else {
            throw AccountError.forbidden("Registration is closed on this server: log in with your campus account.")
        }
        try ValidationError.check(registration.issues())
        let username = Username.normalize(registration.username)
        // Cheap pre-check so a taken name does not cost a bcrypt hash; the unique index decides races.
        if try await users.credentials(username: username) != nil { throw AccountError.usernameTaken(username) }
        try await refuseDirectoryName(username, directoriesMustAnswer: directoriesMustAnswer)
        let hash = try await hasher.hash(registration.password)
        let now = clock.now()
        let displayName = registration.displayName?.trimmingCharacters(in: .whitespacesAndNewlines)
        let user = User(
            id: .generate(), username: username,
            displayName: (displayName?.isEmpty ?? true) ? username : displayName!,
            email: registration.email, phone: registration.phone, timeZone: registration.timeZone ?? defaultTimeZone,
            role: registration.role, createdAt: now, updatedAt: now, version: 1)
        try await users.insert(UserCredentials(user: user, passwordHash: hash))
        return user
    }

    // MARK: Login and sessions

    /// Checks a username and password and opens a session.
    ///
    /// Unknown usernames cost the same bcrypt time and count towards the same lock as real ones,
    /// so neither the answer, its timing nor the lock tells whether an account exists.
    ///
    /// `source` is where the attempt comes from (`LoginSource(address:)` of the peer): a source
    /// that failed too often waits (429), and an account locked after failures from it is locked
    /// from it only (SRS 4.2.36.1) — its owner, elsewhere, still logs in.
    public func login(username rawUsername: String, password: String, from source: LoginSource = .unknown) async throws -> LoginResult {
        let username = Username.normalize(rawUsername)
        let throttleKey = accountKey(typed: rawUsername)
        let now = clock.now()
        let blocks = try await throttle.blocks(account: throttleKey, source: source.key, at: now)
        if let until = blocks.sourceBlockedUntil {
            throw AccountError.sourceThrottled(retryAfterSeconds: Self.seconds(from: now, to: until))
        }
        if let until = blocks.accountLockedUntil {
            throw Self.locked(until: until, now: now)
        }
        let credentials = try await users.credentials(username: username)
        let localPassword = credentials.map { !DirectoryAccount.isDirectoryManaged($0.passwordHash) } ?? false
        if !directories.isEmpty && !(localPassword && localLoginEnabled) {
            return try await directoryLogin(typed: rawUsername, password: password, throttleKey: throttleKey, source: source)
        }
        let accepted: Bool
        if !Self.mayBeChecked(password) {
            // Never handed to bcrypt, which would read it only up to its first NUL (review L4):
            // a wrong password, counted as one, whoever the account.
            accepted = false
        } else if let credentials, localPassword, localLoginEnabled {
            accepted = try await hasher.verify(password, against: credentials.passwordHash)
        } else {
            await hasher.verifyAgainstDummy(password)
            accepted = false
        }
        guard accepted, let user = credentials?.user else {
            try await recordFailedLogin(throttleKey, from: source)
            throw AccountError.invalidCredentials
        }
        try await throttle.clear(account: throttleKey, source: source.key)
        return try await openSession(for: user)
    }

    /// The one key failed logins of a typed name are counted and locked under (review H5). With a
    /// campus directory configured, `alice@campus.edu`, `CAMPUS\alice`, `ALICE` and `ａｌｉｃｅ` all
    /// reach the directory account `alice`, so they are all `alice`: one account, one counter.
    /// Without one, the name as local accounts normalise it.
    func accountKey(typed: String) -> String {
        let local = Username.normalize(typed)
        guard !directories.isEmpty else { return local }
        return DirectoryLoginName.accountName(typed) ?? local
    }

    /// Whether a typed password can be checked at all: an empty one (an anonymous bind for LDAP, and
    /// what a password that was cut at a NUL hashed to) or one with control characters (which no
    /// policy-conforming password holds, and which bcrypt cuts at a NUL) is wrong without asking.
    static func mayBeChecked(_ password: String) -> Bool {
        !password.isEmpty && !CredentialCharacters.passwordHasControl(password)
    }

    /// Counts a failed login of `account` from `source`; throws `locked` when this one locks the
    /// account from that source (and tells its owner), `sourceThrottled` when the source has used
    /// up its allowance. Either way the caller then throws `invalidCredentials` for an ordinary failure.
    func recordFailedLogin(_ account: String, from source: LoginSource) async throws {
        let failedAt = clock.now()
        let counts = try await throttle.recordFailure(
            account: account, source: source.key, at: failedAt, accountWindowStart: lockoutPolicy.windowStart(endingAt: failedAt),
            sourceWindowStart: sourcePolicy.windowStart(endingAt: failedAt))
        let delay = sourcePolicy.delay(afterFailures: counts.fromSource)
        if let delay { try await throttle.block(source: source.key, until: failedAt.addingTimeInterval(delay)) }
        if let until = lockoutPolicy.lockUntil(afterFailures: counts.accountFromSource, at: failedAt) {
            try await throttle.lock(account: account, source: source.key, until: until)
            // Only a real account has someone to tell; the answer is the same either way.
            if let owner = try await users.credentials(username: account)?.user {
                await failedLogins.loginsLocked(of: owner, from: source, until: until)
            }
            throw Self.locked(until: until, now: failedAt)
        }
        if let delay { throw AccountError.sourceThrottled(retryAfterSeconds: Self.seconds(from: failedAt, to: failedAt.addingTimeInterval(delay))) }
    }

    static func locked(until: Date, now: Date) -> AccountError {
        .locked(until: until, retryAfterSeconds: seconds(from: now, to: until))
    }

    /// Whole seconds to wait (at least one), as `Retry-After` says them.
    static func seconds(from now: Date, to until: Date) -> Int {
        max(1, Int(until.timeIntervalSince(now).rounded(.up)))
    }

    /// Opens a new session for `user` (after a successful login by any means).
    public func openSession(for user: User) async throws -> LoginResult {
        let now = clock.now()
        let issued = tokens.issue()
        let session = Session(
            id: tokens.identifier(), userID: user.id, createdAt: now, lastSeenAt: now,
            expiresAt: now.addingTimeInterval(sessionPolicy.absoluteLifetime))
        try await sessions.insert(session, tokenHash: issued.hash)
        return LoginResult(token: issued.token, session: session, user: user, idleDeadline: sessionPolicy.idleDeadline(of: session))
    }

    /// The session and user behind a presented bearer token; records activity when due.
    public func authenticate(token: String?) async throws -> AuthenticatedSession {
        try await session(token: token, recordingActivity: true)
    }

    /// The session behind a token that was accepted before, checked again without counting the
    /// check as activity: a live stream asks at every heartbeat, and a heartbeat that kept its
    /// session alive would let an unattended tab (or a stolen token) hold it open for ever. Throws
    /// as `authenticate` does once the session was revoked or has expired.
    public func revalidate(token: String) async throws -> AuthenticatedSession {
        try await session(token: token, recordingActivity: false)
    }

    private func session(token: String?, recordingActivity: Bool) async throws -> AuthenticatedSession {
        guard let token, !token.isEmpty else { throw AccountError.missingToken }
        guard let (session, user) = try await sessions.session(tokenHash: tokens.hash(token)) else {
            throw AccountError.invalidToken
        }
        let now = clock.now()
        if let expiry = sessionPolicy.expiry(of: session, at: now) {
            try await endSession(session.id, of: session.userID)
            throw AccountError.sessionExpired(expiry)
        }
        var current = session
        if recordingActivity, sessionPolicy.needsTouch(session, at: now) {
            try await sessions.touch(sessionID: session.id, at: now)
            current.lastSeenAt = now
        }
        return AuthenticatedSession(user: user, session: current)
    }

    /// Ends the caller's session (logout).
    public func logout(_ caller: AuthenticatedSession) async throws {
        try await endSession(caller.session.id, of: caller.user.id)
    }

    /// Ends one session in the store, then tells the observer (every path that ends one comes here).
    func endSession(_ sessionID: String, of user: UserID) async throws {
        try await sessions.revoke(sessionID: sessionID)
        revocations.sessionEnded(sessionID, of: user)
    }

    /// Ends every session of `user` but `keeping`, then tells the observer.
    func endSessions(of user: UserID, keeping: String?) async throws {
        try await sessions.revokeAll(of: user, keeping: keeping)
        revocations.sessionsEnded(of: user, keeping: keeping)
    }

    // MARK: The caller's own account

    /// Applies profile changes, optionally only if the account is still at `expectedVersion` (`If-Match`).
    public func updateProfile(of caller: AuthenticatedSession, changes: ProfileChanges, expectedVersion: Int?) async throws -> User {
        try ValidationError.check(changes.issues())
        guard let current = try await users.credentials(id: caller.user.id)?.user else { throw AccountError.userNotFound }
        if let expectedVersion, expectedVersion != current.version {
            throw AccountError.versionMismatch(current: current.version)
        }
        var updated = changes.applied(to: current)
        if updated == current { return current }
        updated.updatedAt = clock.now()
        return try await users.update(updated, expectedVersion: current.version)
    }

    /// Changes the caller's password after checking the current one; ends their other sessions.
    public func changePassword(of caller: AuthenticatedSession, current: String, new: String) async throws {
        try PasswordPolicy.validate(new, field: "newPassword")
        guard let credentials = try await users.credentials(id: caller.user.id) else { throw AccountError.userNotFound }
        guard Self.mayBeChecked(current), try await hasher.verify(current, against: credentials.passwordHash) else {
            throw AccountError.wrongCurrentPassword
        }
        try await users.setPasswordHash(try await hasher.hash(new), for: caller.user.id, at: clock.now())
        try await endSessions(of: caller.user.id, keeping: caller.session.id)
    }

    // MARK: Administration

    /// Users ordered by username, a page at a time. The cursor is the last username of the previous page.
    public func listUsers(after cursor: String?, limit: Int) async throws -> Page<User> {
        let limit = max(1, min(limit, PageSize.maximum))
        let fetched = try await users.users(after: cursor, limit: limit + 1)
        let items = Array(fetched.prefix(limit))
        return Page(items: items, nextCursor: fetched.count > limit ? items.last?.username : nil)
    }

    public func user(id: UserID) async throws -> User {
        guard let user = try await users.credentials(id: id)?.user else { throw AccountError.userNotFound }
        return user
    }

    public func user(username: String) async throws -> User {
        guard let user = try await users.credentials(username: Username.normalize(username))?.user else {
            throw AccountError.userNotFound
        }
        return user
    }

    /// Changes a user's role. Refuses to demote the last administrator, which would leave nobody able to administer.
    public func setRole(of id: UserID, to role: Role, expectedVersion: Int? = nil) async throws -> User {
        var user = try await user(id: id)
        if let expectedVersion, expectedVersion != user.version { throw AccountError.versionMismatch(current: user.version) }
        if user.role == role { return user }
        if user.role == .admin, try await users.count(role: .admin) <= 1 {
            throw AccountError.forbidden("This is the last administrator; make another user an admin first.")
        }
        let version = user.version
        user.role = role
        user.updatedAt = clock.now()
        let updated = try await users.update(user, expectedVersion: version)
        // A changed role changes what the user may do: make them log in again.
        try await endSessions(of: id, keeping: nil)
        return updated
    }

    /// Lifts a login lock, from every source, and forgets recent failures for a username.
    public func unlock(username: String) async throws {
        try await throttle.clearAll(account: accountKey(typed: username))
    }

    /// Sets a new password for a user (administrator, CLI or a reset code), unlocks the account and
    /// signs out every device: its sessions end and its app passwords are revoked. A reset is what
    /// follows a forgotten or stolen password, and a device signed in by whoever stole it must not
    /// keep reading the calendars over CalDAV (a voluntary change keeps them: the person is signed
    /// in and chose it).
    public func resetPassword(of id: UserID, to password: String) async throws {
        try PasswordPolicy.validate(password)
        let user = try await user(id: id)
        try await users.setPasswordHash(try await hasher.hash(password), for: id, at: clock.now())
        try await throttle.clearAll(account: accountKey(typed: user.username))
        try await endSessions(of: id, keeping: nil)
        try await appPasswords?.deleteAll(of: id)
    }

    /// Deletes sessions and failure records that can no longer matter. Run periodically.
    public func purgeStale() async throws -> Int {
        let now = clock.now()
        let sessionsGone = try await sessions.deleteExpired(before: now, idleSince: now.addingTimeInterval(-sessionPolicy.idleTimeout))
        let throttleGone = try await throttle.deleteStale(
            accountWindowStart: lockoutPolicy.windowStart(endingAt: now), sourceWindowStart: sourcePolicy.windowStart(endingAt: now), now: now)
        return sessionsGone + throttleGone
    }
}
