import CampusCalCore
import CampusCalTestSupport
import Foundation
import Synchronization
import Testing

@testable import CampusCalAPI

/// `/metrics`, scraped as Prometheus would and read with Prometheus's own Python parser
/// (`prometheus_client`, Tests/Support/parse_metrics.py): requests by route template (never an
/// id), their latencies as a histogram, and the figures read at each scrape.
@Suite("/metrics in Prometheus text format")
struct MetricsTests {
    struct Sample: Decodable {
        var family: String
        var type: String
        var name: String
        var labels: [String: String]
        var value: Double
    }

    /// The exposition's samples, as prometheus_client parses them (failing the test if it cannot).
    static func parse(_ body: Data) throws -> [Sample] {
        let python = TestServer.repositoryRoot.appendingPathComponent(".venv/bin/python")
        let script = TestServer.repositoryRoot.appendingPathComponent("Tests/Support/parse_metrics.py").path
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let result = try CommandRunner.run(program: python, [script], input: String(decoding: body, as: UTF8.self), in: directory.path)
        guard result.status == 0 else { throw TestFailure("prometheus_client: \(result.output)") }
        return try JSONDecoder().decode([Sample].self, from: Data(result.output.utf8))
    }

    @Test func requestsByRouteAndTheServersFiguresParseAsPrometheusText() async throws {
        let server = try TestServer()
        try await server.createUser("avery")
        try await server.run { api in
            let token = try await api.token("avery")
            #expect(try await api.request(.get, "/api/v1/calendars", token: token).status == .ok)
            let missing = "7f1c2a9e-0000-4000-8000-000000000001"
            #expect(try await api.request(.get, "/api/v1/events/\(missing)", token: token).status == .notFound)
            #expect(try await api.request(.get, "/no/such/page").status == .notFound)

            let scraped = try await api.request(.get, "/metrics")
            #expect(scraped.status == .ok)
            #expect(scraped.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            let samples = try Self.parse(scraped.body)
            func requests(_ route: String, _ status: String) -> Double {
                samples.filter {
                    $0.name == "campuscal_http_requests_total" && $0.labels["route"] == route && $0.labels["status"] == status
                        && $0.labels["method"] == "GET"
                }.reduce(0) { $0 + $1.value }
            }
            #expect(requests("/api/v1/calendars", "2xx") == 1, "\(samples.map(\.labels))")
            #expect(requests("/api/v1/events/{id}", "4xx") == 1, "\(samples.filter { $0.family == "campuscal_http_requests" }.map(\.labels))")
            #expect(requests("NotFound", "4xx") == 1, "\(samples.filter { $0.name == "campuscal_http_requests_total" }.map(\.labels))")
            // Ids and arbitrary paths never become labels.
            #expect(!samples.contains { $0.labels.values.contains { $0.contains(missing) || $0.contains("/no/such") } })
            let durations = samples.filter { $0.family == "campuscal_http_request_duration_seconds" }
            #expect(durations.first?.type == "histogram")
            #expect(
                durations.contains {
                    $0.name == "campuscal_http_request_duration_seconds_count" && $0.labels["route"] == "/api/v1/calendars" && $0.value == 1
                })
            #expect(samples.contains { $0.name == "campuscal_notification_outbox_deliveries" && $0.type == "gauge" })
            #expect(samples.contains { $0.name == "campuscal_accounts" && $0.labels["role"] == "student" && $0.value == 1 })
            // Which build answers (issue #32): 1, with the version in a label, as `*_build_info` goes.
            let build = samples.first { $0.name == "campuscal_build_info" }
            #expect(build?.value == 1 && build?.labels["version"] == CampusCalVersion.current && build?.labels["swift"]?.isEmpty == false)
        }
    }

    /// A gauge whose labels disappear (the last connection left a state, a plugin was removed) drops
    /// to 0 instead of keeping its last value, so alerts on it clear.
    @Test func aGaugeThatIsGoneShowsZero() async throws {
        final class Figures: Sendable { let states = Mutex<[String: Double]>(["active": 3, "needs-reconnect": 2]) }
        let figures = Figures()
        let metrics = ServerMetrics {
            figures.states.withLock { states in
                states.map { ServerMetrics.Sample(name: "lms_connections", help: "By state.", labels: [("status", $0.key)], value: $0.value) }
            }
        }
        _ = await metrics.render()
        figures.states.withLock { $0 = ["active": 5] }
        let samples = try Self.parse(Data(await metrics.render()))
        let values = Dictionary(
            uniqueKeysWithValues: samples.filter { $0.name == "campuscal_lms_connections" }.map { ($0.labels["status"] ?? "", $0.value) })
        #expect(values == ["active": 5, "needs-reconnect": 0], "\(samples.map { ($0.labels, $0.value) })")
    }

    @Test func aConfiguredTokenIsRequired() async throws {
        let server = try TestServer { $0.metricsToken = "scrape-me-0123456789" }
        try await server.run { api in
            let refused = try await api.request(.get, "/metrics")
            #expect(refused.status == .unauthorized && refused.problemCode == "metrics-token-required")
            let wrong = try await api.request(.get, "/metrics", token: "scrape-me-0123456780")
            #expect(wrong.status == .unauthorized)
            #expect(try await api.request(.get, "/metrics", token: "scrape-me-0123456789").status == .ok)
        }
    }
}
