import CampusCalCore
import CampusCalICalendar
import Foundation

/// One sync's conversation with an OAuth LMS (Canvas, Brightspace): the current access token, renewed
/// at most once per sync — ahead of time when it is about to expire, or when the LMS says it expired.
///
/// Renewed tokens are handed to `refreshed` (which stores them, sealed) *before* the new access
/// token is used: Brightspace's refresh tokens are single-use, so a sync that crashed after the
/// refresh but before storing would otherwise lock the student out. Used by one sync, sequentially;
/// never shared between tasks (which is also what keeps two refreshes with one token from racing —
/// `LMSSyncService` runs one sync per connection at a time).
final class OAuthSession {
    let lms: String
    let base: String
    let client: OAuthClient?
    let http: LMSHTTPClient
    let clock: any TimeSource
    /// Whether a response means "this token is expired or invalid" (refresh), as opposed to "not allowed".
    let isExpiredToken: @Sendable (LMSHTTPClient.Response) -> Bool
    let refreshed: @Sendable (LMSCredentials) async throws -> Void
    private(set) var token: String
    private var refreshToken: String?
    private var expiresAt: Date?
    private var didRefresh = false

    init(
        lms: String, base: String, credentials: LMSCredentials, client: OAuthClient?, http: LMSHTTPClient, clock: any TimeSource,
        isExpiredToken: @escaping @Sendable (LMSHTTPClient.Response) -> Bool,
        refreshed: @escaping @Sendable (LMSCredentials) async throws -> Void
    ) throws {
        guard case .oauth(let access, let refresh, let expires) = credentials, !access.isEmpty else {
            throw LMSImportError.credentialsRefused("\(lms) has not been authorized yet")
        }
        self.lms = lms
        self.base = base
        self.client = client
        self.http = http
        self.clock = clock
        self.isExpiredToken = isExpiredToken
        self.refreshed = refreshed
        self.token = access
        self.refreshToken = refresh
        self.expiresAt = expires
    }

    /// GET `url` with the bearer token; an expired token is renewed once and the request repeated.
    /// A token the LMS still refuses after that is `credentialsRefused` (the student must reconnect).
    func get(_ url: String) async throws -> LMSHTTPClient.Response {
        if let expiresAt, expiresAt < clock.now().addingTimeInterval(60), !didRefresh { try await refresh() }
        var response = try await http.get(url, headers: [("Authorization", "Bearer \(token)")])
        if isExpiredToken(response), !didRefresh {
            try await refresh()
            response = try await http.get(url, headers: [("Authorization", "Bearer \(token)")])
        }
        if isExpiredToken(response) { throw LMSImportError.credentialsRefused("\(lms) no longer accepts CampusCal's access") }
        return response
    }

    /// Trades the refresh token for new tokens and stores them before anything uses them.
    private func refresh() async throws {
        didRefresh = true
        guard let refreshToken, let client else {
            throw LMSImportError.credentialsRefused("\(lms)'s access expired and cannot be renewed")
        }
        let fresh = try await client.tokens(.refreshToken(refreshToken), base: base, http: http, now: clock.now())
        try await refreshed(fresh)
        guard case .oauth(let access, let refresh, let expires) = fresh else { return }
        token = access
        self.refreshToken = refresh
        expiresAt = expires
    }
}
