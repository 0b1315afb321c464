import CampusCalCore
import Foundation
import Prometheus
import Synchronization

/// What `/metrics` shows (Prometheus text format): every request by method, route and status
/// class with its latency, and the figures the server reads when it is scraped (the notification
/// queue's depth, LMS connections by state, plugins and their calls).
///
/// One registry per server, not swift-metrics' process-wide bootstrap: tests run many servers in
/// one process, and each must count only its own requests.
public final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    /// Read at each scrape: the server's current figures (gauges) and running totals (counters).
    let current: @Sendable () async -> [Sample]
    /// Running totals as last shown, so that a counter is advanced by what was added since.
    private let shown = Mutex<[String: Double]>([:])
    /// Every gauge shown so far, by name and labels.
    private let gauges = Mutex<[String: Gauge]>([:])

    /// Request latency buckets: a calendar view should take milliseconds; 5 s is the budget's edge.
    static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    /// One figure read at scrape time.
    public struct Sample: Sendable {
        public enum Kind: Sendable { case gauge, counter }
        public var name: String
        /// Its unit, the name's last part (`total` for counters, `seconds`, or empty).
        public var unit: String
        public var help: String
        public var kind: Kind
        public var labels: [(String, String)]
        public var value: Double

        public init(name: String, unit: String = "", help: String, kind: Kind = .gauge, labels: [(String, String)] = [], value: Double) {
            self.name = name
            self.unit = unit
            self.help = help
            self.kind = kind
            self.labels = labels
            self.value = value
        }
    }

    public init(current: @escaping @Sendable () async -> [Sample] = { [] }) {
        self.current = current
        // Which build is answering, as Prometheus's `*_build_info` convention has it: always 1,
        // the facts in the labels, so that dashboards can join on them and alerts name a version.
        registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "campuscal", metricName: "build_info", helpText: "The running build: its version, commit and Swift compiler."),
            labels: Self.buildLabels
        ).set(to: 1.0)
    }

    /// `version`, `commit` (`CAMPUSCAL_BUILD_COMMIT`, which the container image sets; `unknown`
    /// in a build from a working tree) and `swift`, the compiler that built it.
    static let buildLabels: [(String, String)] = [
        ("version", CampusCalVersion.current),
        ("commit", ProcessInfo.processInfo.environment["CAMPUSCAL_BUILD_COMMIT"].flatMap { $0.isEmpty ? nil : String($0.prefix(40)) } ?? "unknown"),
        ("swift", compilerVersion),
    ]

    static let compilerVersion: String = {
        #if compiler(>=6.4)
            return "6.4+"
        #elseif compiler(>=6.3)
            return "6.3"
        #elseif compiler(>=6.2)
            return "6.2"
        #else
            return "6.1-"
        #endif
    }()

    /// Counts one answered request. `route` is the matched route's template (`/api/v1/events/{id}`),
    /// never the path itself, so that ids do not become labels.
    /// `outcome` is the status class (`2xx`…`5xx`), or `shed` for a request turned away under load.
    func requestFinished(method: String, route: String, outcome: String, duration: Duration) {
        let labels = [("method", method), ("route", route), ("status", outcome)]
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "campuscal", metricName: "http_requests", unitName: "total", helpText: "HTTP requests answered."),
            labels: labels
        ).increment()
        registry.makeDurationHistogram(
            descriptor: MetricNameDescriptor(
                namespace: "campuscal", metricName: "http_request_duration", unitName: "seconds", helpText: "Time to answer an HTTP request."),
            labels: [("method", method), ("route", route)], buckets: Self.buckets
        ).recordNanoseconds(duration.nanoseconds)
    }

    /// The exposition, with the scrape-time figures brought up to date first. A gauge shown before
    /// and absent now (an LMS state nobody is in any more, a removed plugin) is shown as 0, not
    /// left at its last value.
    func render() async -> [UInt8] {
        var seen = Set<String>()
        for sample in await current() {
            let descriptor = MetricNameDescriptor(namespace: "campuscal", metricName: sample.name, unitName: sample.unit, helpText: sample.help)
            switch sample.kind {
            case .gauge:
                let key = Self.key(descriptor, sample.labels)
                let gauge = registry.makeGauge(descriptor: descriptor, labels: sample.labels)
                gauge.set(sample.value)
                seen.insert(key)
                gauges.withLock { $0[key] = gauge }
            case .counter:
                let key = Self.key(descriptor, sample.labels)
                let added = shown.withLock { shown -> Double in
                    let before = shown[key] ?? 0
                    shown[key] = max(before, sample.value)
                    return max(0, sample.value - before)
                }
                registry.makeCounter(descriptor: descriptor, labels: sample.labels).increment(by: added)
            }
        }
        gauges.withLock { gauges in
            for (key, gauge) in gauges where !seen.contains(key) { gauge.set(to: 0.0) }
        }
        return registry.emitToBuffer()
    }
}

extension ServerMetrics {
    /// One series: its name and labels.
    static func key(_ descriptor: MetricNameDescriptor, _ labels: [(String, String)]) -> String {
        descriptor.name + labels.map { "|\($0.0)=\($0.1)" }.joined()
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
