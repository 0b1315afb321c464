/// Why a directory refused a login, in words a person can act on.
public enum DirectoryError: Error, Sendable, Equatable {
    /// Wrong password (or, said the same way so names cannot be probed, no such user).
    case invalidCredentials
    case accountDisabled
    case passwordExpired
    /// The account must set a new password (at the campus password page) before it can log in.
    case mustChangePassword
    /// The directory locked the account after too many failures.
    case lockedOut
    /// No server of the directory answered within the timeout (or TLS could not be set up).
    case unreachable(String)
}
