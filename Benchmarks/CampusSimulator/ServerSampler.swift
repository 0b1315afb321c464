import Foundation
import Synchronization

/// The server's resident memory and CPU use, read from `/proc/PID` once a second while a run lasts,
/// and the generator's own CPU use: on a machine it shares with the server, what it takes is not
/// available to the server.
///
/// CPU is the share of one core over the last second (200% = both cores of a 2-core machine),
/// from utime + stime in `/proc/PID/stat`; memory is `VmRSS` from `/proc/PID/status`.
final class ServerSampler: Sendable {
    struct Sample: Codable, Sendable {
        /// Seconds since the run started.
        var t: Double
        var rssMB: Double
        var cpuPercent: Double
        /// The generator's (this process's) CPU over the same second.
        var clientCpuPercent: Double
    }

    let pid: Int32
    private let samples = Mutex<[Sample]>([])
    private static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    init(pid: Int32) { self.pid = pid }

    /// Samples until the task is cancelled.
    func run(since start: ContinuousClock.Instant) async {
        var last = cpuTicks()
        var lastOwn = cpuTicks(of: "self")
        var lastTime = ContinuousClock.now
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            let ticks = cpuTicks()
            let own = cpuTicks(of: "self")
            let now = ContinuousClock.now
            guard let ticks, let own, let rss = residentMB() else { continue }
            let seconds = (now - lastTime).seconds
            let cpu = last.map { Double(ticks - $0) / Self.ticksPerSecond / seconds * 100 } ?? 0
            let clientCPU = lastOwn.map { Double(own - $0) / Self.ticksPerSecond / seconds * 100 } ?? 0
            samples.withLock { $0.append(Sample(t: (now - start).seconds, rssMB: rss, cpuPercent: cpu, clientCpuPercent: clientCPU)) }
            last = ticks
            lastOwn = own
            lastTime = now
        }
    }

    var all: [Sample] { samples.withLock { $0 } }

    /// utime + stime of the server (or of `process`, e.g. "self"), in clock ticks.
    func cpuTicks(of process: String? = nil) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(process ?? String(pid))/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name (which may contain spaces): state is field 3, utime 14, stime 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    func residentMB() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return nil }
        return kilobytes / 1024
    }
}

/// What the server did during one phase.
struct ServerSummary: Codable, Sendable {
    var rssPeakMB: Double
    var rssEndMB: Double
    var cpuMeanPercent: Double
    var cpuPeakPercent: Double
    var clientCpuMeanPercent: Double

    /// The samples taken in `[from, to)` seconds since the run started; nil if there were none.
    init?(_ samples: [ServerSampler.Sample], from: Double, to: Double) {
        let inside = samples.filter { $0.t >= from && $0.t < to + 0.5 }
        guard let last = inside.last else { return nil }
        rssPeakMB = inside.map(\.rssMB).max() ?? 0
        rssEndMB = last.rssMB
        cpuMeanPercent = inside.map(\.cpuPercent).reduce(0, +) / Double(inside.count)
        cpuPeakPercent = inside.map(\.cpuPercent).max() ?? 0
        clientCpuMeanPercent = inside.map(\.clientCpuPercent).reduce(0, +) / Double(inside.count)
    }
}
