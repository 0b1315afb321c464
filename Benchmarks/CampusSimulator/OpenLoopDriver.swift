import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// A stretch of a run at one request rate: a step of a load run, or a part of a spike.
struct LoadPhase: Codable, Sendable {
    var label: String
    var rate: Double
    var seconds: Double
}

/// The open-loop generator: requests leave at the times the schedule says, whatever the server does.
///
/// A closed loop (send, wait for the answer, send the next) slows down with the server and so
/// hides its slowness ("coordinated omission"). Here each request has an intended send time drawn
/// in advance — arrivals of independent students, exponential gaps at the phase's rate — and its
/// latency is measured from that time, so time spent waiting for a connection or for the
/// scheduler counts too. At most `limit` requests are in flight; a request due when the limit is
/// reached is not sent but counted as "client overloaded", never quietly delayed.
final class OpenLoopDriver: Sendable {
    let client: HTTPClient
    let factory: RequestFactory
    let mix: RequestMix
    let limit: Int
    let timeout: TimeAmount
    private let inFlight = Atomic<Int>(0)

    init(client: HTTPClient, factory: RequestFactory, mix: RequestMix, limit: Int, timeout: TimeAmount) {
        self.client = client
        self.factory = factory
        self.mix = mix
        self.limit = limit
        self.timeout = timeout
    }

    /// Runs the phases back to back from `start`, recording each request in its phase's recorder;
    /// returns when every request sent has been answered or has failed.
    func run(_ phases: [LoadPhase], recorders: [LatencyRecorder], seed: UInt64, start: ContinuousClock.Instant) async {
        let students = factory.campus.active.count
        await withDiscardingTaskGroup { group in
            var random = SeededRandom(seed, stream: .driver, index: 0)
            var phaseStart = start
            for (index, phase) in phases.enumerated() {
                let phaseEnd = phaseStart + .seconds(phase.seconds)
                let recorder = recorders[index]
                var intended = phaseStart
                while true {
                    // Exponential gaps: a Poisson stream of requests at `rate` per second.
                    let gap = -log(1 - Double.random(in: 0..<1, using: &random)) / phase.rate
                    intended += .seconds(gap)
                    if intended >= phaseEnd { break }
                    if intended > .now { try? await Task.sleep(until: intended, tolerance: .microseconds(250), clock: .continuous) }
                    let kind = mix.draw(using: &random)
                    let student = Int.random(in: 0..<students, using: &random)
                    guard let request = factory.make(kind, student: student, random: &random) else { continue }
                    guard inFlight.add(1, ordering: .relaxed).newValue <= limit else {
                        inFlight.subtract(1, ordering: .relaxed)
                        recorder.recordClientOverloaded(kind)
                        continue
                    }
                    let sendAt = intended
                    group.addTask {
                        await self.execute(request, kind: kind, student: student, intended: sendAt, recorder: recorder)
                        self.inFlight.subtract(1, ordering: .relaxed)
                    }
                }
                phaseStart = phaseEnd
            }
        }
    }

    private func execute(
        _ request: HTTPClientRequest, kind: RequestKind, student: Int, intended: ContinuousClock.Instant, recorder: LatencyRecorder
    ) async {
        do {
            let response = try await client.execute(request, timeout: timeout)
            let body = try await response.body.collect(upTo: 64 << 20)
            let milliseconds = (ContinuousClock.now - intended).seconds * 1000
            let status = Int(response.status.code)
            if status == 503 && response.headers.first(name: "Retry-After") == nil {
                // Shedding without telling clients when to come back is a defect, not load shedding.
                recorder.recordFailure(kind, reason: "503-without-retry-after", milliseconds: milliseconds)
                return
            }
            if kind == .createTask, status == 201, let location = response.headers.first(name: "Location"),
                let id = location.split(separator: "/").last
            {
                factory.states.created(String(id), by: student)
            }
            recorder.record(kind, status: status, milliseconds: milliseconds, bytes: body.readableBytes)
        } catch {
            let milliseconds = (ContinuousClock.now - intended).seconds * 1000
            recorder.recordFailure(kind, reason: Self.reason(error), milliseconds: milliseconds)
        }
    }

    /// A short name for a failure without an HTTP answer.
    static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("deadline") || text.contains("imeout") { return "timeout" }
        if text.contains("refused") { return "connection-refused" }
        return "connection"
    }
}
