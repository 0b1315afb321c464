import Foundation

/// A password the server made for one device (a phone's calendar, Thunderbird) to reach CalDAV
/// (issue #29). Phones cannot do the campus sign-in dance, and a person's own password should not
/// sit in every device: each device gets its own, named, shown once, revocable on its own.
///
/// The secret itself is never stored, only its SHA-256 hash (`TokenIssuing.hash`), as for session
/// tokens: it has at least 128 random bits, so the hash cannot be brute-forced and checking it
/// costs microseconds instead of a bcrypt hash on every DAV request.
public struct AppPassword: Sendable, Equatable {
    public var id: String
    public var userID: UserID
    /// What the person called it ("iPhone", "Thunderbird at home").
    public var name: String
    public var createdAt: Date
    /// When a DAV request last used it, to the minute (`AppPasswordService.touchInterval`); nil: never.
    public var lastUsedAt: Date?

    public init(id: String, userID: UserID, name: String, createdAt: Date, lastUsedAt: Date? = nil) {
        self.id = id
        self.userID = userID
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// A new app password with its secret, which is shown this once and never again.
public struct IssuedAppPassword: Sendable {
    public var appPassword: AppPassword
    public var secret: String
}

/// What can go wrong with app passwords.
public enum AppPasswordError: Error, Sendable, Equatable {
    /// No app password with this id belongs to the caller.
    case notFound
    /// The caller has `maximum` already; one must be revoked first.
    case tooMany(maximum: Int)
}
