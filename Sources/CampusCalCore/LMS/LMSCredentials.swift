import Foundation

/// What a connection signs in with. Stored sealed (`CredentialSealing`), never returned by the API,
/// never logged — `description` says only which kind it is.
public enum LMSCredentials: Sendable, Equatable, Codable, CustomStringConvertible {
    /// A secret iCalendar feed URL (Brightspace, Canvas, Moodle or any calendar).
    case feedURL(String)
    /// A Moodle web-service token (from `login/token.php` or pasted from the user's security keys).
    case moodleToken(String)
    /// OAuth 2.0 tokens (Brightspace, Canvas). Brightspace refresh tokens are single-use: the new one
    /// must be stored before the new access token is used.
    case oauth(accessToken: String, refreshToken: String?, expiresAt: Date?)
    /// Waiting for the student to sign in at the LMS: the hash of the OAuth `state` secret that
    /// must come back with the code, and when the attempt lapses; the hash of the secret the
    /// starting browser holds (its cookie), and the PKCE code verifier (RFC 7636) the code is traded
    /// with. Both are nil in attempts started before issue #25; those complete nothing.
    case awaitingAuthorization(stateHash: String, expiresAt: Date, browserHash: String? = nil, codeVerifier: String? = nil)

    public var description: String {
        switch self {
        case .feedURL: "feed URL (redacted)"
        case .moodleToken: "Moodle token (redacted)"
        case .oauth: "OAuth tokens (redacted)"
        case .awaitingAuthorization: "authorization pending (redacted)"
        }
    }
}
