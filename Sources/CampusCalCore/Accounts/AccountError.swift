import Foundation

/// Everything that can go wrong with accounts and sessions, in the domain's words.
/// The HTTP layer maps each case to a status and a problem type.
public enum AccountError: Error, Sendable, Equatable {
    /// Someone already has this username.
    case usernameTaken(String)
    /// The name belongs to a campus directory account (review M3); said without telling whether
    /// anyone has logged in with it yet.
    case usernameUnavailable(String)
    /// Wrong username or password; deliberately does not say which.
    case invalidCredentials
    /// Too many failed logins for this username from this source; refused until the given
    /// instant, that many seconds from now.
    case locked(until: Date, retryAfterSeconds: Int)
    /// Too many failed logins from this source, whatever the account: wait that many seconds (review L5).
    case sourceThrottled(retryAfterSeconds: Int)
    /// No session token was presented.
    case missingToken
    /// The token is unknown or was revoked (logout).
    case invalidToken
    /// The session ended.
    case sessionExpired(SessionExpiry)
    /// The caller may not do this.
    case forbidden(String)
    /// No such user (only said to callers allowed to know).
    case userNotFound
    /// The resource changed since the caller read it (`If-Match` failed).
    case versionMismatch(current: Int)
    /// The current password given to authorise a password change is wrong.
    case wrongCurrentPassword
    /// The campus directory refused the login for a reason the person can act on (disabled,
    /// expired or must-change password, locked by the directory).
    case directoryRefused(DirectoryError)
    /// The account belongs to another directory than the one that vouched for this login (review
    /// M4): a namesake in another directory never lands in it.
    case accountOfAnotherDirectory
    /// The directory vouched for this login name, but for another entry than the one the account
    /// was made for: the name was given to someone else since.
    case accountOfAnotherPerson
    /// A single sign-on name from a realm this server does not take as its own (review M4).
    case foreignRealm(String)
    /// No server of any configured campus directory answered; local accounts still work.
    case directoryUnavailable(String)
}
