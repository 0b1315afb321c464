import CampusCalCore
import CampusCalICalendar
import Foundation

/// CampusCal registered as an OAuth 2.0 client with one LMS (RFC 6749 §4.1): the client id and
/// secret the campus's LMS administrator issued, and where the LMS's two endpoints are.
///
/// Canvas serves both endpoints on each Canvas host (`/login/oauth2/auth`, `/login/oauth2/token`);
/// Brightspace serves them on one host for every tenant (`auth.brightspace.com`). An endpoint that
/// starts with `/` is on the connection's own host — and only ever on one of `baseURLs`, the sites
/// the campus configured: the secret goes with every token call, so a host a student typed must
/// never receive it (review H3). Anything else is an absolute URL the campus configured.
public struct OAuthClient: Sendable {
    public var id: String
    public var secret: String
    public var authorizationEndpoint: String
    public var tokenEndpoint: String
    /// Space-separated scopes to ask for; nil: the LMS's default for this client.
    public var scope: String?
    /// The configured sites (normalised origins, `LMSSites.origin`) a relative endpoint may be on; empty: none.
    public var baseURLs: Set<String>
    /// The setting that lists `baseURLs`, for messages.
    public var baseURLSetting: String

    public init(
        id: String, secret: String, authorizationEndpoint: String, tokenEndpoint: String, scope: String? = nil, baseURLs: [String] = [],
        baseURLSetting: String = "lms.canvas_base_urls"
    ) {
        self.id = id
        self.secret = secret
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.scope = scope
        self.baseURLs = Set(baseURLs.compactMap(LMSSites.origin))
        self.baseURLSetting = baseURLSetting
    }

    /// Canvas's endpoints, on each of the campus's Canvas hosts (LMS reference §2).
    public static func canvas(id: String, secret: String, baseURLs: [String]) -> OAuthClient {
        OAuthClient(
            id: id, secret: secret, authorizationEndpoint: "/login/oauth2/auth", tokenEndpoint: "/login/oauth2/token", baseURLs: baseURLs,
            baseURLSetting: LMSSites.setting(for: .canvas))
    }

    /// Brightspace's endpoints, one host for all tenants (LMS reference §1); the scopes a student sync reads.
    public static func brightspace(
        id: String, secret: String, authorizationEndpoint: String = "https://auth.brightspace.com/oauth2/auth",
        tokenEndpoint: String = "https://auth.brightspace.com/core/connect/token", baseURLs: [String] = []
    ) -> OAuthClient {
        OAuthClient(
            id: id, secret: secret, authorizationEndpoint: authorizationEndpoint, tokenEndpoint: tokenEndpoint,
            scope: "core:*:* enrollment:orgunit:read dropbox:folders:read grades:gradevalues:read calendar:*:*", baseURLs: baseURLs,
            baseURLSetting: LMSSites.setting(for: .brightspace))
    }

    /// `endpoint` resolved against the connection's base URL when it is a path — only when that
    /// base URL is one of the configured sites. The endpoint is pinned to the configured origin
    /// (never the connection's spelling of it), so nothing a student typed reaches the request.
    func resolve(_ endpoint: String, base: String) throws -> String {
        guard endpoint.hasPrefix("/") else { return endpoint }
        guard let origin = LMSSites.origin(base), baseURLs.contains(origin) else {
            throw LMSImportError.credentialsRefused(
                "\(LMSHTTPClient.host(base)) is not one of the sites this campus configured (\(baseURLSetting)); connect again to one of them")
        }
        return origin + endpoint
    }

    /// Where the student's browser goes to sign in and approve CampusCal, with the PKCE challenge when there is one.
    func authorizationURL(base: String, redirectURI: String, state: String, codeChallenge: String? = nil) throws -> String {
        let endpoint = try resolve(authorizationEndpoint, base: base)
        var components = URLComponents(string: endpoint)
        var query = components?.queryItems ?? []
        query += [
            URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: id),
            URLQueryItem(name: "redirect_uri", value: redirectURI), URLQueryItem(name: "state", value: state),
        ]
        if let scope { query.append(URLQueryItem(name: "scope", value: scope)) }
        if let codeChallenge {
            query += [URLQueryItem(name: "code_challenge", value: codeChallenge), URLQueryItem(name: "code_challenge_method", value: "S256")]
        }
        components?.queryItems = query
        // URLComponents leaves `+` and `:` alone in queries; a `+` would read as a space at the LMS.
        let encoded = components?.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        components?.percentEncodedQuery = encoded
        return components?.string ?? endpoint
    }

    /// What is traded for tokens: the code the student's sign-in produced, or a refresh token.
    enum Grant {
        case authorizationCode(code: String, redirectURI: String, codeVerifier: String? = nil)
        case refreshToken(String)
    }

    /// Asks the token endpoint for tokens. A refused grant (`invalid_grant`, a revoked or reused
    /// refresh token, a 401) is `credentialsRefused`; an LMS that fails otherwise is `unavailable`.
    /// A new refresh token in the answer replaces the old one; without one the old one stays
    /// (Canvas keeps its refresh token, Brightspace's are single-use and always replaced).
    func tokens(_ grant: Grant, base: String, http: LMSHTTPClient, now: Date) async throws -> LMSCredentials {
        var form = [("client_id", id), ("client_secret", secret)]
        let previousRefresh: String?
        switch grant {
        case .authorizationCode(let code, let redirectURI, let verifier):
            form = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI)] + form
            if let verifier { form.append(("code_verifier", verifier)) }
            previousRefresh = nil
        case .refreshToken(let token):
            form = [("grant_type", "refresh_token"), ("refresh_token", token)] + form
            previousRefresh = token
        }
        let url = try resolve(tokenEndpoint, base: base)
        let response = try await http.postForm(url, form)
        let body = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        switch response.status {
        case 200..<300: break
        case 400, 401:
            let reason = (body?["error_description"] as? String) ?? (body?["error"] as? String) ?? "no reason given"
            throw LMSImportError.credentialsRefused("\(LMSHTTPClient.host(url)) refused CampusCal's sign-in (\(reason))")
        default:
            throw http.unreachable(url, "the token endpoint answered HTTP \(response.status)")
        }
        guard let access = body?["access_token"] as? String, !access.isEmpty else {
            throw LMSImportError.unavailable("\(LMSHTTPClient.host(url)) sent no access token; try again later.")
        }
        let lifetime = (body?["expires_in"] as? NSNumber)?.doubleValue ?? (body?["expires_in"] as? String).flatMap(Double.init)
        return .oauth(
            accessToken: access, refreshToken: (body?["refresh_token"] as? String) ?? previousRefresh,
            expiresAt: lifetime.map { now.addingTimeInterval($0) })
    }
}

/// The sign-in half of an OAuth LMS connection (`LMSAuthorizer`): the URL that starts it and the
/// code exchange that ends it.
public struct OAuthAuthorizer: LMSAuthorizer {
    public let kind: LMSKind
    let client: OAuthClient
    let http: LMSHTTPClient
    let clock: any TimeSource

    public init(kind: LMSKind, client: OAuthClient, http: LMSHTTPClient = LMSHTTPClient(), clock: any TimeSource = SystemTimeSource()) {
        self.kind = kind
        self.client = client
        self.http = http
        self.clock = clock
    }

    public func authorizationURL(baseURL: String, redirectURI: String, state: String, codeChallenge: String) throws -> String {
        try client.authorizationURL(base: baseURL, redirectURI: redirectURI, state: state, codeChallenge: codeChallenge)
    }

    public func exchange(code: String, baseURL: String, redirectURI: String, codeVerifier: String?) async throws -> LMSCredentials {
        try await client.tokens(
            .authorizationCode(code: code, redirectURI: redirectURI, codeVerifier: codeVerifier), base: baseURL, http: http, now: clock.now())
    }
}
