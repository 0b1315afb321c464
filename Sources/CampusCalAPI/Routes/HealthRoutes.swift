import Foundation
import Hummingbird
import Logging

/// Liveness and readiness probes for the container orchestrator.
enum HealthRoutes {
    struct Status: Encodable { var status: String }

    static func register(on routes: RouteTable, readiness: @escaping @Sendable () async throws -> Void) {
        // Liveness: the process answers HTTP. Deliberately touches nothing else.
        routes.open(.get, "/healthz") { _, _ in try JSONResponse.make(Status(status: "ok")) }
        // Readiness: the database answers a query.
        routes.open(.get, "/readyz") { _, context in
            do {
                try await readiness()
            } catch {
                context.logger.warning("readiness check failed", metadata: ["error": "\(error)"])
                throw Problem(
                    .serviceUnavailable, code: "not-ready", title: "Not ready",
                    detail: "The database is not reachable; the server cannot serve requests yet.")
            }
            return try JSONResponse.make(Status(status: "ready"))
        }
    }
}
