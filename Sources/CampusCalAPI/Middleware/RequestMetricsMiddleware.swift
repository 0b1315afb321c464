import Foundation
import Hummingbird

/// Counts every request and times it, by method, matched route and status class (`ServerMetrics`).
/// Requests that matched no route count under "NotFound" (Hummingbird's name for them): arbitrary
/// paths must never become labels.
struct RequestMetricsMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            finished(request, context, status: Int(response.status.code), started: started)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            finished(request, context, status: Int(status), started: started)
            throw error
        }
    }

    private func finished(_ request: Request, _ context: Context, status: Int, started: ContinuousClock.Instant) {
        metrics.requestFinished(
            method: request.method.rawValue, route: context.endpointPath ?? "NotFound", status: status, duration: ContinuousClock.now - started)
    }
}
