import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Serves CalDAV beside the REST API: `/.well-known/caldav` (RFC 6764) and everything under `/dav`.
///
/// A middleware rather than router entries: DAV's methods and its tree of resources do not fit the
/// REST catalogue (which the OpenAPI document must equal), and every DAV error must be a DAV XML
/// body, never the problem+json the `ProblemMiddleware` below would write.
struct DAVMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let routes: DAVRoutes

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path == "/.well-known/caldav" || path == "/.well-known/caldav/" {
            return Response(status: .movedPermanently, headers: [.location: DAVPath.prefix + "/"])
        }
        guard path == DAVPath.prefix || path.hasPrefix(DAVPath.prefix + "/") else { return try await next(request, context) }
        do {
            return try await routes.handle(request, context: context)
        } catch {
            let response = DAVErrorMapping.response(for: error)
            if response.status.code >= 500 {
                context.logger.error("DAV request failed", metadata: ["error": "\(String(reflecting: error))", "path": "\(path)"])
            }
            return response
        }
    }
}
