import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Registers endpoints on the router and records them in the `EndpointCatalog` in one step,
/// so the catalog cannot drift from what is served.
final class RouteTable {
    typealias Handler = @Sendable (Request, APIRequestContext) async throws -> Response

    private let open: Router<APIRequestContext>
    private let authenticated: RouterGroup<APIRequestContext>
    private(set) var catalog = EndpointCatalog()

    init(router: Router<APIRequestContext>, authentication: AuthenticationMiddleware) {
        self.open = router
        self.authenticated = router.group().add(middleware: authentication)
    }

    /// Adds an endpoint that anyone may call.
    func open(_ method: HTTPRequest.Method, _ path: String, _ handler: @escaping Handler) {
        open.on(Self.routerPath(path), method: method, use: handler)
        catalog.add(method, path)
    }

    /// Adds an open endpoint whose router path is not the template's plain translation: the web
    /// app's `/assets/{build}/{path}`, where `path` may hold slashes (`js/views/month.js`) and so is
    /// a catch-all (`**`) for the router but one parameter for the document.
    func open(_ method: HTTPRequest.Method, _ template: String, routerPath: String, _ handler: @escaping Handler) {
        open.on(RouterPath(routerPath), method: method, use: handler)
        catalog.add(method, template)
    }

    /// Adds an endpoint that needs a valid session (`context.caller` is set when the handler runs).
    func authenticated(_ method: HTTPRequest.Method, _ path: String, _ handler: @escaping Handler) {
        authenticated.on(Self.routerPath(path), method: method, use: handler)
        catalog.add(method, path)
    }

    /// `/users/{id}` (OpenAPI) → `/users/:id` (Hummingbird).
    static func routerPath(_ template: String) -> RouterPath {
        let segments = template.split(separator: "/").map { segment -> String in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? ":" + segment.dropFirst().dropLast() : String(segment)
        }
        return RouterPath("/" + segments.joined(separator: "/"))
    }
}
