import Foundation

/// Reads one kind of LMS (or feed) into a snapshot. Implementations speak HTTP (CampusCalImporters);
/// the core only sees `LMSSnapshot`.
public protocol LMSImporter: Sendable {
    var kind: LMSKind { get }
    /// Everything the connection can see now. Throws `LMSImportError` when nothing usable came back
    /// (refused credentials, LMS down); partial results come back with `problems` and without the
    /// incomplete scopes in `completeScopes`.
    /// `refreshed` is called with new credentials (a refreshed OAuth token) before they are used, so
    /// a single-use refresh token is stored before anything can lose it.
    func snapshot(
        of connection: LMSConnection, credentials: LMSCredentials, owner: User,
        refreshed: @escaping @Sendable (LMSCredentials) async throws -> Void
    ) async throws -> LMSSnapshot
}

/// Why an import produced nothing.
public enum LMSImportError: Error, Sendable, Equatable {
    /// The LMS refused the credentials for good (revoked, expired, password changed): connect again.
    case credentialsRefused(String)
    /// The LMS (or the network to it) failed; try later. The message is for the student.
    case unavailable(String)
}

/// LMS connections and their sealed credentials.
public protocol LMSConnectionStore: Sendable {
    func insert(_ connection: LMSConnection, sealedCredentials: [UInt8]) async throws
    func connection(id: LMSConnectionID) async throws -> LMSConnection?
    func connections(ownedBy owner: UserID) async throws -> [LMSConnection]
    /// Active connections not synced since `date` (never-synced ones first), at most `limit`.
    func activeConnections(notSyncedSince date: Date, limit: Int) async throws -> [LMSConnection]
    func sealedCredentials(of id: LMSConnectionID) async throws -> [UInt8]?
    /// New credentials (a refreshed token, a finished sign-in) and the status they give the connection.
    func replaceCredentials(of id: LMSConnectionID, sealed: [UInt8], status: LMSConnectionStatus, at date: Date) async throws
    /// Records the outcome of a sync (status, time, report).
    /// Notes that a sync of the connection starts now, before the LMS is asked: the background
    /// round does not pick a connection again within its interval even if that sync never ends.
    func recordSyncAttempt(of id: LMSConnectionID, at date: Date) async throws
    func recordSync(of id: LMSConnectionID, status: LMSConnectionStatus, report: LMSSyncReport?, at date: Date) async throws
    /// Deletes the connection; its calendar and imported tasks stay with the student unless `keepingData` is false.
    func delete(id: LMSConnectionID) async throws
    /// Writes a sync's changes in one transaction: tasks inserted and updated, events saved and deleted.
    func apply(_ plan: LMSSyncPlan) async throws
}

/// Seals secrets at rest (AES-GCM under a server key) so a copied database file does not give away
/// anyone's LMS access.
public protocol CredentialSealing: Sendable {
    func seal(_ plaintext: [UInt8]) throws -> [UInt8]
    func open(_ sealed: [UInt8]) throws -> [UInt8]
}

/// The sign-in half of an OAuth LMS (Brightspace, Canvas): CampusCal is the OAuth client the campus
/// registered; the student signs in at the LMS and is sent back with a code (RFC 6749 §4.1).
public protocol LMSAuthorizer: Sendable {
    var kind: LMSKind { get }
    /// Where to send the student's browser; `state` comes back with the code; `codeChallenge` is the
    /// PKCE S256 challenge (RFC 7636). Throws `LMSImportError` when `baseURL` is not a site the
    /// campus configured for this kind.
    func authorizationURL(baseURL: String, redirectURI: String, state: String, codeChallenge: String) throws -> String
    /// Trades the code for tokens, proving PKCE with `codeVerifier` when the attempt had one. Throws
    /// `LMSImportError` (a refused or reused code is `credentialsRefused`).
    func exchange(code: String, baseURL: String, redirectURI: String, codeVerifier: String?) async throws -> LMSCredentials
}

/// Signs in with a username and password to get a key (Moodle's `login/token.php`). The password is
/// used once and never stored.
public protocol LMSPasswordSignIn: Sendable {
    var kind: LMSKind { get }
    /// Throws `LMSImportError.credentialsRefused` with the LMS's reason for a wrong password.
    func signIn(baseURL: String, username: String, password: String) async throws -> LMSCredentials
}
