/// Slow, salted password hashing (bcrypt in production).
///
/// Implementations must do the work off any event loop: a bcrypt hash takes ~0.2 s at cost 12.
public protocol PasswordHashing: Sendable {
    func hash(_ password: String) async throws -> String
    func verify(_ password: String, against hash: String) async throws -> Bool
    /// Spends the same time as a `verify` against a real hash, so that a login for an unknown
    /// username takes as long as one for a known username.
    func verifyAgainstDummy(_ password: String) async
}

/// A new bearer token and the hash under which it is stored.
public struct IssuedToken: Sendable {
    public var token: String
    public var hash: String

    public init(token: String, hash: String) {
        self.token = token
        self.hash = hash
    }
}

/// Issues random session tokens and hashes presented ones.
public protocol TokenIssuing: Sendable {
    /// A new token with at least 256 bits of randomness, and its hash.
    func issue() -> IssuedToken
    /// A new app password (CalDAV, issue #29) with at least 128 bits of randomness, and its hash (`hash`).
    func issueAppPassword() -> IssuedToken
    /// The hash a presented token (or app password) is stored under.
    func hash(_ token: String) -> String
    /// A new random identifier (for session ids), not secret.
    func identifier() -> String
}
