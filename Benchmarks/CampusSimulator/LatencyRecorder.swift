import Foundation
import Synchronization

/// Outcomes of the requests of one phase, per request kind: latencies of the answered ones, and
/// counts of errors by status, of shed requests (503) and of requests the client could not send.
final class LatencyRecorder: Sendable {
    struct Outcomes: Sendable {
        /// Milliseconds from the intended send time to the end of the response body.
        var latencies: [Double] = []
        var errors: [String: Int] = [:]
        var shed = 0
        /// Scheduled when `--connections` requests were already in flight: not sent, counted.
        var clientOverloaded = 0
        /// Answered 304: the client's copy was current (it sent `If-None-Match`).
        var notModified = 0
        var bytes = 0
    }

    private let outcomes = Mutex<[RequestKind: Outcomes]>([:])

    /// A response: 2xx/3xx count as answered, 503 as shed, anything else as an error of that status.
    func record(_ kind: RequestKind, status: Int, milliseconds: Double, bytes: Int) {
        outcomes.withLock { all in
            all[kind, default: Outcomes()].latencies.append(milliseconds)
            all[kind, default: Outcomes()].bytes += bytes
            if status == 304 {
                all[kind, default: Outcomes()].notModified += 1
            } else if status == 503 {
                all[kind, default: Outcomes()].shed += 1
            } else if !(200..<400).contains(status) {
                all[kind, default: Outcomes()].errors[String(status), default: 0] += 1
            }
        }
    }

    /// A request that got no HTTP answer (refused connection, reset, timeout): an error.
    func recordFailure(_ kind: RequestKind, reason: String, milliseconds: Double) {
        outcomes.withLock { all in
            all[kind, default: Outcomes()].latencies.append(milliseconds)
            all[kind, default: Outcomes()].errors[reason, default: 0] += 1
        }
    }

    func recordClientOverloaded(_ kind: RequestKind) {
        outcomes.withLock { $0[kind, default: Outcomes()].clientOverloaded += 1 }
    }

    var snapshot: [RequestKind: Outcomes] { outcomes.withLock { $0 } }
}

/// Count, throughput and latency percentiles of a set of outcomes.
struct LatencySummary: Codable, Sendable {
    var count: Int
    var throughput: Double
    var p50Ms: Double
    var p95Ms: Double
    var p99Ms: Double
    var maxMs: Double
    var errors: [String: Int]
    var errorCount: Int
    var shed: Int
    var clientOverloaded: Int
    var notModified: Int?
    var bytes: Int

    init(_ outcomes: LatencyRecorder.Outcomes, seconds: Double) {
        let sorted = outcomes.latencies.sorted()
        func percentile(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
        }
        count = sorted.count
        throughput = seconds > 0 ? Double(sorted.count) / seconds : 0
        p50Ms = percentile(0.50)
        p95Ms = percentile(0.95)
        p99Ms = percentile(0.99)
        maxMs = sorted.last ?? 0
        errors = outcomes.errors
        errorCount = outcomes.errors.values.reduce(0, +)
        shed = outcomes.shed
        clientOverloaded = outcomes.clientOverloaded
        notModified = outcomes.notModified
        bytes = outcomes.bytes
    }

    /// All kinds together.
    static func merged(_ all: [LatencyRecorder.Outcomes], seconds: Double) -> LatencySummary {
        var total = LatencyRecorder.Outcomes()
        for outcomes in all {
            total.latencies += outcomes.latencies
            total.errors.merge(outcomes.errors, uniquingKeysWith: +)
            total.shed += outcomes.shed
            total.clientOverloaded += outcomes.clientOverloaded
            total.notModified += outcomes.notModified
            total.bytes += outcomes.bytes
        }
        return LatencySummary(total, seconds: seconds)
    }
}
