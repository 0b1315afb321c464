import Foundation
import Hummingbird
import Logging
import Synchronization

/// Sheds load: beyond `limit` requests in flight, or beyond `writeLimit` changes (any method but
/// GET, HEAD and OPTIONS), a request is answered at once with `503` and `Retry-After: 1` instead of
/// joining a queue.
///
/// Past its capacity a server that queues every request answers all of them late — and then not
/// at all, as clients time out and retry on top. Answering the excess at once keeps the requests
/// it does take fast, and tells well-behaved clients (and the web app) when to come back.
/// Health checks, `/metrics` and the notification stream are never shed: the first two so an
/// overloaded server is not restarted as dead, the stream because it stays open for hours (it
/// would count against the limit without costing work).
///
/// Why a separate, smaller limit for changes: every change waits for SQLite's only writer, so 512
/// changes in flight are seconds of queueing (issue #11's spike test: writes waited 7–19 s while
/// nothing was shed), whereas 512 reads run side by side in milliseconds. The write limit answers
/// while the answer is still useful.
struct LoadSheddingMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext

    /// The requests in flight, shared by every connection's event loop.
    final class Gauge: Sendable {
        let limit: Int
        private let inFlight = Atomic<Int>(0)

        /// Requests shed since the last warning, and when (uptime nanoseconds) that warning was.
        private let shedSinceWarning = Atomic<Int>(0)
        private let lastWarning = Atomic<UInt64>(0)

        init(limit: Int) { self.limit = limit }

        /// Counts a shed request; returns how many there were when a warning is due (at most one
        /// every 10 seconds: under overload, a line per request would only add to it).
        func shed() -> Int? {
            let count = shedSinceWarning.add(1, ordering: .relaxed).newValue
            let now = DispatchTime.now().uptimeNanoseconds
            let last = lastWarning.load(ordering: .relaxed)
            guard last == 0 || now - last >= 10_000_000_000,
                lastWarning.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged
            else { return nil }
            shedSinceWarning.subtract(count, ordering: .relaxed)
            return count
        }

        /// Takes a place if one is free.
        func enter() -> Bool {
            if inFlight.add(1, ordering: .relaxed).newValue <= limit { return true }
            inFlight.subtract(1, ordering: .relaxed)
            return false
        }

        func leave() { inFlight.subtract(1, ordering: .relaxed) }
    }

    static let exempt: Set<String> = ["/healthz", "/readyz", "/metrics", "/api/v1/notifications/stream"]
    static let problemCode = "overloaded"

    let gauge: Gauge
    /// The changes in flight.
    let writes: Gauge

    init(limit: Int, writeLimit: Int = 64) {
        gauge = Gauge(limit: limit)
        writes = Gauge(limit: writeLimit)
    }

    /// WebDAV's PROPFIND and REPORT (CalDAV, issue #29) only read, however much XML they send.
    static func isChange(_ method: HTTPRequest.Method) -> Bool {
        !readMethods.contains(method.rawValue)
    }

    private static let readMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "PROPFIND", "REPORT"]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if Self.exempt.contains(request.uri.path) { return try await next(request, context) }
        guard gauge.enter() else { throw shed(gauge, what: "requests", setting: "server.max_requests_in_flight", context: context) }
        defer { gauge.leave() }
        guard Self.isChange(request.method) else { return try await next(request, context) }
        guard writes.enter() else { throw shed(writes, what: "changes", setting: "server.max_writes_in_flight", context: context) }
        defer { writes.leave() }
        return try await next(request, context)
    }

    private func shed(_ gauge: Gauge, what: String, setting: String, context: Context) -> Problem {
        ShedMark.current?.mark()
        if let count = gauge.shed() {
            context.logger.warning(
                "overloaded: answering 503 to \(what) beyond \(gauge.limit) in flight (\(setting))", metadata: ["shed": "\(count)"])
        }
        return Problem(
            .serviceUnavailable, code: Self.problemCode, title: "Server busy",
            detail: "The server is answering as many \(what) as it can right now. Try again in a second.", headers: [.retryAfter: "1"])
    }
}
