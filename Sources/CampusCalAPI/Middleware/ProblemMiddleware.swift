import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Catches every error a route throws and answers with `application/problem+json`.
///
/// Installed first on the router, so it also wraps the "no such route" responder; there it turns
/// a 404 for a path that exists under another method into a 405 with an `Allow` header.
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let catalog: CatalogBox

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            var problem = ProblemMapping.problem(for: error, request: request)
            if problem.status == .notFound, let methods = catalog.catalog.methods(matching: request.uri.path), !methods.isEmpty,
                !methods.contains(request.method)
            {
                problem = Problem(
                    .methodNotAllowed, code: "method-not-allowed", title: "Method not allowed",
                    detail: "\(request.uri.path) does not support \(request.method); it supports \(methods.map(\.rawValue).joined(separator: ", ")).",
                    headers: [.allow: methods.map(\.rawValue).joined(separator: ", ")])
            }
            // Shed requests are expected under overload and logged in summary by LoadSheddingMiddleware.
            if problem.status.code >= 500 && problem.code != LoadSheddingMiddleware.problemCode {
                context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            } else {
                context.logger.debug("request refused", metadata: ["problem": "\(problem.code)", "status": "\(problem.status.code)"])
            }
            return problem.response(for: request, requestID: context.id)
        }
    }
}
