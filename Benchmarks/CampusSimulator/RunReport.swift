import Foundation

/// The results of a run: per phase, per request kind and overall; the server's memory and CPU.
/// Printed as a table for people and written as JSON (`--json`) for the scripts.
struct RunReport: Codable, Sendable {
    struct Phase: Codable, Sendable {
        var label: String
        var targetRate: Double
        var seconds: Double
        var mix: [String: LatencySummary]
        var overall: LatencySummary
        var server: ServerSummary?
        /// True when every request was answered without error or shedding and the client kept up.
        var clean: Bool
    }

    var url: String
    var mixName: String
    var connections: Int
    var phases: [Phase]
    var streams: NotificationStreams.Report?
    /// Every server sample, seconds counted from the first request.
    var serverSamples: [ServerSampler.Sample]
    var elapsedSeconds: Double

    init(
        url: String, mix: RequestMix, connections: Int, phases: [LoadPhase], recorders: [LatencyRecorder], samples: [ServerSampler.Sample],
        sampleOffset: Double, streams: NotificationStreams.Report?, elapsed: Double
    ) {
        self.url = url
        mixName = mix.name
        self.connections = connections
        self.streams = streams
        elapsedSeconds = elapsed
        serverSamples = samples.map {
            ServerSampler.Sample(t: $0.t - sampleOffset, rssMB: $0.rssMB, cpuPercent: $0.cpuPercent, clientCpuPercent: $0.clientCpuPercent)
        }
        var from = 0.0
        var result: [Phase] = []
        for (phase, recorder) in zip(phases, recorders) {
            let outcomes = recorder.snapshot
            var byKind: [String: LatencySummary] = [:]
            for (kind, value) in outcomes { byKind[kind.rawValue] = LatencySummary(value, seconds: phase.seconds) }
            let overall = LatencySummary.merged(Array(outcomes.values), seconds: phase.seconds)
            result.append(
                Phase(
                    label: phase.label, targetRate: phase.rate, seconds: phase.seconds, mix: byKind, overall: overall,
                    server: ServerSummary(serverSamples, from: from, to: from + phase.seconds),
                    clean: overall.errorCount == 0 && overall.shed == 0 && overall.clientOverloaded == 0))
            from += phase.seconds
        }
        self.phases = result
    }

    func write(_ path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    func printTable() {
        for (number, phase) in phases.enumerated() {
            print("")
            print(
                String(
                    format: "== phase %d: %@ (target %.0f req/s for %.0f s, mix %@)", number + 1, phase.label, phase.targetRate, phase.seconds,
                    mixName))
            print(Self.row("request", "count", "req/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "errors", "shed"))
            for kind in RequestKind.allCases {
                guard let summary = phase.mix[kind.rawValue] else { continue }
                print(Self.row(kind.rawValue, summary))
            }
            print(Self.row("ALL", phase.overall))
            if let notModified = phase.overall.notModified, notModified > 0 {
                print("answered 304 Not Modified (the client's copy was current): \(notModified)")
            }
            if phase.overall.clientOverloaded > 0 {
                print("client overloaded (not sent: --connections in flight): \(phase.overall.clientOverloaded)")
            }
            let errors = phase.overall.errors.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            if !errors.isEmpty { print("errors by status: \(errors)") }
            if let server = phase.server {
                print(
                    String(
                        format: "server: RSS peak %.0f MB, end %.0f MB; CPU mean %.0f%%, peak %.0f%% (100%% = one core); generator CPU mean %.0f%%",
                        server.rssPeakMB, server.rssEndMB, server.cpuMeanPercent, server.cpuPeakPercent, server.clientCpuMeanPercent))
            }
        }
        if let streams {
            let refused = streams.refused.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            print(
                "notification streams: \(streams.opened)/\(streams.requested) open, \(streams.endedEarly) ended early"
                    + (refused.isEmpty ? "" : ", refused \(refused)"))
        }
    }

    private static func row(_ name: String, _ summary: LatencySummary) -> String {
        row(
            name, String(summary.count), String(format: "%.1f", summary.throughput), String(format: "%.1f", summary.p50Ms),
            String(format: "%.1f", summary.p95Ms), String(format: "%.1f", summary.p99Ms), String(format: "%.1f", summary.maxMs),
            String(summary.errorCount), String(summary.shed))
    }

    private static func row(_ columns: String...) -> String {
        let widths = [15, 8, 8, 8, 8, 8, 9, 7, 6]
        return zip(columns, widths).enumerated().map { index, pair in
            index == 0
                ? pair.0.padding(toLength: pair.1, withPad: " ", startingAt: 0)
                : String(repeating: " ", count: max(0, pair.1 - pair.0.count)) + pair.0
        }.joined(separator: " ")
    }
}
