import CampusCalCore
import Foundation
import Hummingbird

/// `GET /metrics`: the server's figures for Prometheus (text format 0.0.4). No personal data —
/// counts and latencies by route, queue depths, states — so it is open unless the administrator
/// sets `metrics.token`, which Prometheus then sends as its bearer token.
enum MetricsRoutes {
    static func register(on routes: RouteTable, metrics: ServerMetrics, token: String?) {
        routes.open(.get, "/metrics") { request, _ in
            if let token, !token.isEmpty {
                let sent = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil } ?? ""
                guard ConstantTime.equal(sent, token) else {
                    throw Problem(
                        .unauthorized, code: "metrics-token-required", title: "Token required",
                        detail: "This server's metrics need the bearer token set as metrics.token (Prometheus: authorization.credentials).")
                }
            }
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: await metrics.render())))
        }
    }
}
