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
/// The state binds the code to the connection it was asked for, not to a browser session: a code
/// replayed elsewhere can only ever complete the connection of whoever started the attempt. An
/// attempt lapses after `authorizationLifetime`; `reauthorize` starts a new one (after a revoked
/// token: "reconnect your I-Learn account"), and what was imported stays.
extension LMSSyncService {
    /// How long a student has to finish signing in at the LMS.
    public static let authorizationLifetime: TimeInterval = 15 * 60

    /// Starts connecting `caller` to the OAuth LMS at `baseURL`; returns the connection and where to send the browser.
    public func beginAuthorization(_ caller: User, kind: LMSKind, baseURL: String, redirectURI: String) async throws -> (LMSConnection, String) {
        let authorizer = try self.authorizer(for: kind)
        let url = try checkedURL(baseURL, field: "baseUrl")
        let id = LMSConnectionID.generate()
        let (state, credentials) = newAttempt(for: id)
        let connection = try await insertConnection(
            id: id, for: caller, kind: kind, url: url, credentials: credentials, status: .awaitingAuthorization)
        return (connection, authorizer.authorizationURL(baseURL: connection.baseURL, redirectURI: redirectURI, state: state))
    }

    /// A new sign-in attempt for an existing connection of `caller` (to reconnect); returns where to send the browser.
    public func reauthorize(_ id: LMSConnectionID, for caller: User, redirectURI: String) async throws -> String {
        let connection = try await connection(id, for: caller)
        let authorizer = try self.authorizer(for: connection.kind)
        let (state, credentials) = newAttempt(for: connection.id)
        try await store.replaceCredentials(of: connection.id, sealed: try seal(credentials), status: .awaitingAuthorization, at: clock.now())
        return authorizer.authorizationURL(baseURL: connection.baseURL, redirectURI: redirectURI, state: state)
    }

    /// The LMS sent the student back: `code` on success, `error` (e.g. `access_denied`) otherwise.
    /// Throws `LMSError.authorizationFailed` with a reason a student can act on.
    public func completeAuthorization(state: String, code: String?, error: String?, redirectURI: String) async throws -> LMSConnection {
        let parts = state.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let connection = try await store.connection(id: LMSConnectionID(rawValue: parts[0])),
            case .awaitingAuthorization(let expected, let expiresAt) = try? await credentials(of: connection),
            ConstantTime.equal(tokens.hash(parts[1]), expected)
        else {
            throw LMSError.authorizationFailed(
                "This sign-in link is not one CampusCal is waiting for (already used, or replaced by a newer attempt). Start connecting again.")
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
            tokens = try await authorizer(for: connection.kind).exchange(code: code, baseURL: connection.baseURL, redirectURI: redirectURI)
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

    /// A fresh state for `id` and the credentials that wait for it (only the secret's hash is kept).
    private func newAttempt(for id: LMSConnectionID) -> (String, LMSCredentials) {
        let secret = tokens.issue()
        return (
            "\(id.rawValue).\(secret.token)",
            .awaitingAuthorization(stateHash: secret.hash, expiresAt: clock.now().addingTimeInterval(Self.authorizationLifetime))
        )
    }
}
