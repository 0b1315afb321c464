import Foundation
import Hummingbird

/// Counts every request and times it, by method, matched route and status class (`ServerMetrics`).
/// Requests that matched no route count under "NotFound" (Hummingbird's name for them): arbitrary
/// paths must never become labels. Requests the load shedder turned away count as `shed`, not
/// `5xx`: the server chose to answer them at once, and an alert on server errors should not fire
/// on an overload that is being handled as designed (issue #32).
struct RequestMetricsMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let mark = ShedMark()
        do {
            let response = try await ShedMark.$current.withValue(mark) { try await next(request, context) }
            finished(request, context, status: Int(response.status.code), mark: mark, started: started)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            finished(request, context, status: Int(status), mark: mark, started: started)
            throw error
        }
    }

    private func finished(_ request: Request, _ context: Context, status: Int, mark: ShedMark, started: ContinuousClock.Instant) {
        let outcome = mark.isShed ? "shed" : "\(status / 100)xx"
        metrics.requestFinished(
            method: request.method.rawValue, route: context.endpointPath ?? "NotFound", outcome: outcome, duration: ContinuousClock.now - started)
    }
}
