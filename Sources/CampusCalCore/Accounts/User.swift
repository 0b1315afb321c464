import Foundation

/// A person with an account on this server.
public struct User: Sendable, Equatable {
    public var id: UserID
    /// Lower-case login name, unique on the server (see `Username`).
    public var username: String
    public var displayName: String
    public var email: String?
    /// At least ten digits when present (SRS 3.5); stored as typed, digits and `+ ( ) - .` and spaces.
    public var phone: String?
    /// IANA time zone identifier, e.g. `America/Denver`. Due dates are shown in it.
    public var timeZone: String
    public var role: Role
    public var createdAt: Date
    public var updatedAt: Date
    /// Incremented on every change; the API's `ETag` for optimistic concurrency.
    public var version: Int
    /// The person asked the university not to disclose their directory information (FERPA
    /// §99.37), as the campus directory says at each login: classmates do not see them listed.
    public var directoryOptOut: Bool

    public init(
        id: UserID, username: String, displayName: String, email: String?, phone: String?, timeZone: String,
        role: Role, createdAt: Date, updatedAt: Date, version: Int, directoryOptOut: Bool = false
    ) {
        self.directoryOptOut = directoryOptOut
        self.id = id
        self.username = username
        self.displayName = displayName
        self.email = email
        self.phone = phone
        self.timeZone = timeZone
        self.role = role
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }
}

/// A user together with the secret needed to log them in. Only the account service sees this.
public struct UserCredentials: Sendable {
    public var user: User
    /// A bcrypt hash in modular crypt format (`$2b$12$…`), never the password itself.
    public var passwordHash: String

    public init(user: User, passwordHash: String) {
        self.user = user
        self.passwordHash = passwordHash
    }
}
