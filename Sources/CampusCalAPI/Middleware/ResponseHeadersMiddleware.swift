import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Headers every response carries: the request id (to quote in a support ticket, and matching the
/// `hb.request.id` in the logs), and conservative caching and sniffing rules, since API responses
/// hold personal data that shared caches must not keep.
struct ResponseHeadersMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.init("X-Request-Id")!] = context.id
        response.headers[.xContentTypeOptions] = "nosniff"
        if response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }
}
