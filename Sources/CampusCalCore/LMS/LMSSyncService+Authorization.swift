import CampusCalICalendar
import Foundation

/// Connecting to an OAuth LMS (Brightspace, Canvas) — RFC 6749 §4.1, with CampusCal as the client
/// the campus registered:
///
/// 1. `beginAuthorization` makes the connection (status `awaiting-authorization`) and returns the
///    LMS's sign-in address, carrying a `state` of the form `<connection id>.<256-bit secret>`.
/// 2. The student signs in at the LMS, which sends the browser back to the redirect URI with a code.
/// 3. `completeAuthorization` finds the connection from the state, checks the secret against the
///    hash kept (sealed) in place of credentials, trades the code for tokens and activates it.
///
/// The state binds the code to the connection it was asked for; the browser binding binds it to the
/// browser that started it (review H4). Without it, Mallory could start a connection and send its
/// sign-in link to Alice, whose approval would land Alice's grades in Mallory's account. So each
/// attempt also has a browser secret — the API sets it as a short-lived HttpOnly cookie in the
/// answer that starts the attempt — whose hash is kept with the state; the callback completes only
/// when the browser brings that cookie back. A link followed in anyone else's browser completes
/// nothing and exchanges no code. PKCE (RFC 7636, S256) ties the code to this server's verifier,
/// kept sealed with the attempt, so a code intercepted on the way back is worthless elsewhere. An
/// attempt lapses after `authorizationLifetime`; `reauthorize` starts a new one (after a revoked
/// token: "reconnect your I-Learn account"), and what was imported stays.
extension LMSSyncService {
    /// How long a student has to finish signing in at the LMS.
    public static let authorizationLifetime: TimeInterval = 15 * 60

    /// Where a sign-in attempt sends the browser, and what that browser must keep to finish it.
    public struct AuthorizationStart: Sendable {
        public var connection: LMSConnection
        /// The LMS's sign-in address (with `state` and the PKCE challenge).
        public var authorizationURL: String
        /// The secret the starting browser keeps (as a cookie) and brings back to the callback.
        public var browserSecret: String
        /// The name of the cookie that carries `browserSecret` for this connection: one per
        /// connection, so two attempts in two tabs do not overwrite each other.
        public var cookieName: String { LMSSyncService.browserCookieName(for: connection.id) }
    }

    /// The cookie that carries an attempt's browser secret for connection `id`.
    public static func browserCookieName(for id: LMSConnectionID) -> String { "campuscal-lms-\(id.rawValue)" }

    /// Starts connecting `caller` to the OAuth LMS at `baseURL` — one of the campus's configured
    /// sites for `kind`; nil picks the only one, when there is only one.
    public func beginAuthorization(_ caller: User, kind: LMSKind, baseURL: String?, redirectURI: String) async throws -> AuthorizationStart {
        let authorizer = try self.authorizer(for: kind)
        let configured = sites.baseURLs(of: kind)
        guard let chosen = baseURL ?? (configured.count == 1 ? configured[0] : nil) else {
            throw configured.isEmpty
                ? Self.notConfigured(kind)
                : LMSError.invalid(
                    ValidationIssue(
                        field: "baseUrl", code: "baseUrl.required",
                        message: "Choose your \(kind.displayName) site: one of \(configured.joined(separator: ", "))."))
        }
        let url = try checkedURL(chosen, field: "baseUrl", kind: kind)
        let id = LMSConnectionID.generate()
        let attempt = newAttempt(for: id)
        let connection = try await insertConnection(
            id: id, for: caller, kind: kind, url: url, credentials: attempt.credentials, status: .awaitingAuthorization)
        let address = try authorizer.authorizationURL(
            baseURL: connection.baseURL, redirectURI: redirectURI, state: attempt.state, codeChallenge: attempt.codeChallenge)
        return AuthorizationStart(connection: connection, authorizationURL: address, browserSecret: attempt.browserSecret)
    }

    /// A new sign-in attempt for an existing connection of `caller` (to reconnect).
    public func reauthorize(_ id: LMSConnectionID, for caller: User, redirectURI: String) async throws -> AuthorizationStart {
        let connection = try await connection(id, for: caller)
        let authorizer = try self.authorizer(for: connection.kind)
        // A connection made before its site was configured (or after it was removed) never signs in again there.
        _ = try checkedURL(connection.baseURL, field: "baseUrl", kind: connection.kind)
        let attempt = newAttempt(for: connection.id)
        let address = try authorizer.authorizationURL(
            baseURL: connection.baseURL, redirectURI: redirectURI, state: attempt.state, codeChallenge: attempt.codeChallenge)
        try await store.replaceCredentials(
            of: connection.id, sealed: try seal(attempt.credentials), status: .awaitingAuthorization, at: clock.now())
        return AuthorizationStart(connection: connection, authorizationURL: address, browserSecret: attempt.browserSecret)
    }

    /// The connection a callback's `state` names (its part before the dot), to find the browser's cookie by.
    public static func connectionID(inState state: String) -> LMSConnectionID? {
        let parts = state.split(separator: ".", maxSplits: 1)
        return parts.count == 2 ? LMSConnectionID(rawValue: String(parts[0])) : nil
    }

    /// The LMS sent the student back: `code` on success, `error` (e.g. `access_denied`) otherwise.
    /// `browserSecret` is what the browser brought back (its cookie for this connection); an attempt
    /// started in another browser — someone else's link — completes nothing, and its code is never
    /// exchanged. Throws `LMSError.authorizationFailed` with a reason a student can act on.
    public func completeAuthorization(
        state: String, code: String?, error: String?, redirectURI: String, browserSecret: String?
    ) async throws -> LMSConnection {
        let parts = state.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let connection = try await store.connection(id: LMSConnectionID(rawValue: parts[0])),
            case .awaitingAuthorization(let expected, let expiresAt, let browserHash, let verifier) = try? await credentials(of: connection),
            ConstantTime.equal(tokens.hash(parts[1]), expected)
        else {
            throw LMSError.authorizationFailed(
                "This sign-in link is not one CampusCal is waiting for (already used, or replaced by a newer attempt). Start connecting again.")
        }
        // Before anything else, and without spending the attempt: whose browser is this?
        guard let browserHash, let browserSecret, !browserSecret.isEmpty, ConstantTime.equal(tokens.hash(browserSecret), browserHash) else {
            throw LMSError.authorizationFailed(
                "This sign-in was not started in this browser, so nothing was connected and nothing was shared. If someone sent you this link, do not use it; to connect your own account, sign in to CampusCal and start connecting from there."
            )
        }
        guard expiresAt > clock.now() else {
            throw LMSError.authorizationFailed(
                "The sign-in took longer than \(Int(Self.authorizationLifetime / 60)) minutes. Start connecting again.")
        }
        if let error {
            let reason = error == "access_denied" ? "you declined to let CampusCal read it" : "it answered \"\(error)\""
            throw LMSError.authorizationFailed("\(connection.kind.displayName) did not connect: \(reason). Nothing was shared.")
        }
        guard let code, !code.isEmpty else {
            throw LMSError.authorizationFailed("\(connection.kind.displayName) sent you back without an authorization code. Start connecting again.")
        }
        let tokens: LMSCredentials
        do {
            tokens = try await authorizer(for: connection.kind).exchange(
                code: code, baseURL: connection.baseURL, redirectURI: redirectURI, codeVerifier: verifier)
        } catch LMSImportError.credentialsRefused(let reason) {
            throw LMSError.authorizationFailed("\(connection.kind.displayName) did not accept the sign-in (\(reason)). Start connecting again.")
        } catch LMSImportError.unavailable(let reason) {
            throw LMSError.unavailable(reason)
        }
        try await store.replaceCredentials(of: connection.id, sealed: try seal(tokens), status: .active, at: clock.now())
        var connected = connection
        connected.status = .active
        return connected
    }

    private func authorizer(for kind: LMSKind) throws -> any LMSAuthorizer {
        guard let authorizer = authorizers[kind] else {
            throw LMSError.kindUnavailable(
                kind,
                "This server is not registered with \(kind.displayName) yet, so it cannot sign you in there; ask the IT help desk, or connect its calendar feed instead (kind \"ics\")."
            )
        }
        return authorizer
    }

    /// A fresh attempt for `id`: its state, the browser's secret, the PKCE challenge, and the
    /// credentials that wait for them (hashes of the state and browser secrets, the verifier itself).
    private func newAttempt(for id: LMSConnectionID) -> (state: String, browserSecret: String, codeChallenge: String, credentials: LMSCredentials) {
        let secret = tokens.issue()
        let browser = tokens.issue()
        // 256 random bits, base64url with a prefix: 47 characters of [A-Za-z0-9_-], as RFC 7636 §4.1 asks.
        let verifier = tokens.issue().token
        return (
            "\(id.rawValue).\(secret.token)", browser.token, Self.codeChallenge(verifier, hash: tokens.hash),
            .awaitingAuthorization(
                stateHash: secret.hash, expiresAt: clock.now().addingTimeInterval(Self.authorizationLifetime), browserHash: browser.hash,
                codeVerifier: verifier)
        )
    }

    /// RFC 7636 S256: BASE64URL(SHA256(verifier)), unpadded. `hash` is the token issuer's SHA-256 in hex
    /// (the core has no crypto of its own), turned back into bytes.
    static func codeChallenge(_ verifier: String, hash: (String) -> String) -> String {
        let hex = Array(hash(verifier).utf8)
        func nibble(_ c: UInt8) -> UInt8 { c >= 97 ? c - 87 : (c >= 65 ? c - 55 : c - 48) }
        var bytes: [UInt8] = []
        var index = 0
        while index + 1 < hex.count {
            bytes.append(nibble(hex[index]) << 4 | nibble(hex[index + 1]))
            index += 2
        }
        return Base64URL.encode(bytes)
    }
}
