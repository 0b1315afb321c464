import HTTPTypes
import Hummingbird

/// CORS for `/api/` (campus apps served from other origins): a listed origin's preflight is answered
/// here, and its requests' answers name it in `Access-Control-Allow-Origin`; any other origin gets
/// no CORS headers, so the browser keeps the answer from its page. `/dav/` is left alone: CalDAV
/// clients are not browsers, and DAV answers OPTIONS itself.
///
/// Hummingbird's `CORSMiddleware` allows one origin or reflects any; this one holds a list. No
/// `Access-Control-Allow-Credentials`: the API takes bearer tokens in `Authorization`, which a page
/// sends without credentials mode, and cookies are never offered to another site.
struct CrossOriginMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext

    let policy: CrossOriginPolicy

    static let allowedMethods = "GET, HEAD, POST, PUT, PATCH, DELETE"
    static let allowedHeaders = "Authorization, Content-Type, If-Match, If-None-Match"
    /// Headers a page may read besides the simple ones: versions, new resources' addresses, back-off, the request id.
    static let exposedHeaders = "ETag, Location, Retry-After, X-Request-Id"
    /// How long a browser may reuse a preflight's answer, in seconds.
    static let maximumAge = "600"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/api/") else { return try await next(request, context) }
        let origin = request.headers[.origin].flatMap { policy.allows($0) ? $0 : nil }
        if let origin, request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            var response = Response(status: .noContent)
            Self.addVary(to: &response)
            response.headers[.accessControlAllowOrigin] = origin
            response.headers[.accessControlAllowMethods] = Self.allowedMethods
            response.headers[.accessControlAllowHeaders] = Self.allowedHeaders
            response.headers[.accessControlMaxAge] = Self.maximumAge
            return response
        }
        var response = try await next(request, context)
        Self.addVary(to: &response)
        if let origin {
            response.headers[.accessControlAllowOrigin] = origin
            response.headers[.accessControlExposeHeaders] = Self.exposedHeaders
        }
        return response
    }

    /// Every `/api/` answer depends on `Origin` once origins are listed: a shared cache must not
    /// hand one site's answer (with its Allow-Origin) to another.
    private static func addVary(to response: inout Response) {
        response.headers.append(HTTPField(name: .vary, value: "Origin"))
    }
}
