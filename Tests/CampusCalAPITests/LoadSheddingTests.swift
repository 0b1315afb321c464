import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import CampusCalAPI

/// Past its limit of requests in flight the server answers 503 with `Retry-After` at once, as
/// problem+json, while health checks still answer; places free up as requests finish.
@Suite("Load shedding")
struct LoadSheddingTests {
    /// Holds requests inside their handler until opened.
    final class Gate: Sendable {
        private let state = Mutex<(waiting: Int, open: Bool, continuations: [CheckedContinuation<Void, Never>])>((0, false, []))

        var waiting: Int { state.withLock { $0.waiting } }

        func pass() async {
            await withCheckedContinuation { continuation in
                let proceed = state.withLock { state in
                    state.waiting += 1
                    if state.open { return true }
                    state.continuations.append(continuation)
                    return false
                }
                if proceed { continuation.resume() }
            }
        }

        func open() {
            let waiting = state.withLock { state in
                state.open = true
                defer { state.continuations = [] }
                return state.continuations
            }
            for continuation in waiting { continuation.resume() }
        }
    }

    @Test func beyondItsLimitARequestIsAnswered503WithRetryAfterAtOnceAndHealthChecksStillAnswer() async throws {
        let gate = Gate()
        let router = Router(context: APIRequestContext.self)
        let metrics = ServerMetrics()
        router.add(middleware: RequestMetricsMiddleware(metrics: metrics))
        router.add(middleware: ProblemMiddleware(catalog: CatalogBox()))
        router.add(middleware: LoadSheddingMiddleware(limit: 2))
        router.get("/api/v1/slow") { _, _ -> String in
            await gate.pass()
            return "done"
        }
        router.get("/healthz") { _, _ in "ok" }
        try await Application(router: router).test(.router) { client in
            async let first = client.execute(uri: "/api/v1/slow", method: .get)
            async let second = client.execute(uri: "/api/v1/slow", method: .get)
            while gate.waiting < 2 { try await Task.sleep(for: .milliseconds(5)) }

            let shed = try await client.execute(uri: "/api/v1/slow", method: .get)
            #expect(shed.status == .serviceUnavailable)
            #expect(shed.headers[.retryAfter] == "1")
            #expect(shed.headers[.contentType] == "application/problem+json")
            #expect(String(buffer: shed.body).contains("\"code\":\"overloaded\""), "\(String(buffer: shed.body))")
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)

            gate.open()
            #expect(try await first.status == .ok)
            #expect(try await second.status == .ok)
            // Finished requests gave their places back.
            #expect(try await client.execute(uri: "/api/v1/slow", method: .get).status == .ok)
        }
        // The shed request is counted as shed, not as a server error (issue #32).
        let exposition = String(decoding: await metrics.render(), as: UTF8.self)
        #expect(exposition.contains(#"status="shed""#) && !exposition.contains(#"status="5xx""#), "\(exposition)")
    }

    @Test func changesHaveTheirOwnSmallerLimitAndReadsStillPass() async throws {
        let gate = Gate()
        let router = Router(context: APIRequestContext.self)
        router.add(middleware: ProblemMiddleware(catalog: CatalogBox()))
        router.add(middleware: LoadSheddingMiddleware(limit: 10, writeLimit: 1))
        router.post("/api/v1/slow") { _, _ -> String in
            await gate.pass()
            return "saved"
        }
        router.get("/api/v1/read") { _, _ in "read" }
        try await Application(router: router).test(.router) { client in
            async let first = client.execute(uri: "/api/v1/slow", method: .post)
            while gate.waiting < 1 { try await Task.sleep(for: .milliseconds(5)) }

            for method in [HTTPRequest.Method.post, .patch, .put, .delete] {
                let shed = try await client.execute(uri: "/api/v1/slow", method: method)
                #expect(shed.status == .serviceUnavailable, "\(method)")
                #expect(shed.headers[.retryAfter] == "1")
                #expect(String(buffer: shed.body).contains("as many changes as it can"), "\(String(buffer: shed.body))")
            }
            // Reads do not count against the write limit.
            #expect(try await client.execute(uri: "/api/v1/read", method: .get).status == .ok)

            gate.open()
            #expect(try await first.status == .ok)
            #expect(try await client.execute(uri: "/api/v1/slow", method: .post).status == .ok)
        }
    }
}
