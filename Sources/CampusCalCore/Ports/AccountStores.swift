import Foundation

/// Persistent users. Implemented by the storage module (SQLite now; PostgreSQL can follow).
///
/// Every method is atomic: it either changes everything it says or nothing.
public protocol UserStore: Sendable {
    /// Adds a user. Throws `AccountError.usernameTaken` when the username exists.
    func insert(_ credentials: UserCredentials) async throws
    /// The user and password hash for a (normalised) username, or nil.
    func credentials(username: String) async throws -> UserCredentials?
    /// The user and password hash for an id, or nil.
    func credentials(id: UserID) async throws -> UserCredentials?
    /// Replaces a user's profile fields and role when its stored `version` equals `expectedVersion`.
    /// Returns the stored user with its new version; throws `AccountError.versionMismatch` or `.userNotFound`.
    func update(_ user: User, expectedVersion: Int) async throws -> User
    /// Replaces the password hash (and bumps the version). Throws `AccountError.userNotFound`.
    func setPasswordHash(_ hash: String, for id: UserID, at: Date) async throws
    /// Users ordered by username, starting after `username` (exclusive) when given.
    func users(after username: String?, limit: Int) async throws -> [User]
    /// How many users hold `role`.
    func count(role: Role) async throws -> Int
}

/// Persistent sessions, looked up by the hash of their bearer token.
public protocol SessionStore: Sendable {
    func insert(_ session: Session, tokenHash: String) async throws
    /// The session with this token hash and its user, or nil when unknown or revoked.
    func session(tokenHash: String) async throws -> (Session, User)?
    /// Records activity on a session.
    func touch(sessionID: String, at: Date) async throws
    /// Records activity on many sessions at once (one transaction); a session that is gone is skipped,
    /// and a time earlier than the one stored changes nothing.
    func touch(_ lastSeen: [String: Date]) async throws
    /// Ends one session.
    func revoke(sessionID: String) async throws
    /// Ends every session of a user, except `keeping` when given.
    func revokeAll(of userID: UserID, keeping: String?) async throws
    /// Deletes sessions that ended before `date`; returns how many.
    func deleteExpired(before date: Date, idleSince: Date) async throws -> Int
}

/// Failed-login bookkeeping for the lockout rule, keyed by normalised username.
public protocol LoginThrottleStore: Sendable {
    /// When the username's lock ends, or nil when it is not locked at `now`.
    func lockedUntil(username: String, at now: Date) async throws -> Date?
    /// Records a failure at `at` and returns the number of failures since `windowStart`, this one included.
    func recordFailure(username: String, at: Date, windowStart: Date) async throws -> Int
    /// Locks the username until `until`.
    func lock(username: String, until: Date) async throws
    /// Forgets failures and any lock (successful login, admin unlock, password reset).
    func clear(username: String) async throws
    /// Deletes bookkeeping that can no longer matter at `now`; returns how many rows went.
    func deleteStale(windowStart: Date, now: Date) async throws -> Int
}
