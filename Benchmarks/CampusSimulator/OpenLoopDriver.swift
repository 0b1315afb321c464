import Foundation
import NIOCore
import NIOHTTP1

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
///
/// Everything runs on one event loop (`KeepAliveClient`): a timer fires at the next intended
/// time and sends every request that is due.
struct OpenLoopDriver: Sendable {
    let loop: any EventLoop
    let host: String
    let port: Int
    let factory: RequestFactory
    let mix: RequestMix
    let limit: Int
    let timeout: TimeAmount

    /// Runs the phases back to back from `start`, recording each request in its phase's recorder;
    /// returns when every request sent has been answered or has failed.
    func run(_ phases: [LoadPhase], recorders: [LatencyRecorder], seed: UInt64, start: ContinuousClock.Instant) async {
        let done = loop.makePromise(of: Void.self)
        loop.execute {
            let client = KeepAliveClient(loop: loop, host: host, port: port)
            let schedule = Schedule(driver: self, client: client, phases: phases, recorders: recorders, seed: seed, start: start, done: done)
            schedule.tick()
        }
        try? await done.futureResult.get()
    }
}

/// The driver's state while it runs, on its loop only: where the schedule is, and what is in flight.
private final class Schedule {
    let driver: OpenLoopDriver
    let client: KeepAliveClient
    let phases: [LoadPhase]
    let recorders: [LatencyRecorder]
    let done: EventLoopPromise<Void>
    let students: Int
    var random: SeededRandom
    var phase = 0
    var phaseStart: ContinuousClock.Instant
    /// When the next request is due; nil once the last phase has ended.
    var intended: ContinuousClock.Instant?
    var inFlight = 0

    init(
        driver: OpenLoopDriver, client: KeepAliveClient, phases: [LoadPhase], recorders: [LatencyRecorder], seed: UInt64,
        start: ContinuousClock.Instant, done: EventLoopPromise<Void>
    ) {
        self.driver = driver
        self.client = client
        self.phases = phases
        self.recorders = recorders
        self.done = done
        students = driver.factory.campus.active.count
        random = SeededRandom(seed, stream: .driver, index: 0)
        phaseStart = start
        intended = start
        advance()
    }

    /// Draws the next arrival: exponential gaps, a Poisson stream at the phase's rate; moves to
    /// the next phase (from its start) when the gap passes the end of this one.
    private func advance() {
        guard var next = intended else { return }
        while phase < phases.count {
            let phaseEnd = phaseStart + .seconds(phases[phase].seconds)
            next += .seconds(-log(1 - Double.random(in: 0..<1, using: &random)) / phases[phase].rate)
            if next < phaseEnd {
                intended = next
                return
            }
            phase += 1
            phaseStart = phaseEnd
            next = phaseEnd
        }
        intended = nil
    }

    /// Sends every request that is due, then sets the timer for the next one.
    func tick() {
        let now = ContinuousClock.now
        while let due = intended, due <= now {
            dispatch(intended: due, recorder: recorders[phase])
            advance()
        }
        if let due = intended {
            driver.loop.assumeIsolated().scheduleTask(in: TimeAmount(now.duration(to: due))) { self.tick() }
        } else {
            finishIfDone()
        }
    }

    private func dispatch(intended: ContinuousClock.Instant, recorder: LatencyRecorder) {
        let kind = driver.mix.draw(using: &random)
        let student = Int.random(in: 0..<students, using: &random)
        guard let request = driver.factory.make(kind, student: student, random: &random) else { return }
        guard inFlight < driver.limit else { return recorder.recordClientOverloaded(kind) }
        inFlight += 1
        client.execute(request, timeout: driver.timeout) { result in
            self.inFlight -= 1
            self.record(result, kind: kind, student: student, path: request.path, intended: intended, recorder: recorder)
            self.finishIfDone()
        }
    }

    private func record(
        _ result: Result<SimulatedResponse, KeepAliveClientError>, kind: RequestKind, student: Int, path: String,
        intended: ContinuousClock.Instant, recorder: LatencyRecorder
    ) {
        let milliseconds = (ContinuousClock.now - intended).seconds * 1000
        switch result {
        case .success(let response):
            if response.status == 503 && response.headers.first(name: "Retry-After") == nil {
                // Shedding without telling clients when to come back is a defect, not load shedding.
                return recorder.recordFailure(kind, reason: "503-without-retry-after", milliseconds: milliseconds)
            }
            if kind == .createTask, response.status == 201, let location = response.headers.first(name: "Location"),
                let id = location.split(separator: "/").last
            {
                driver.factory.states.created(String(id), by: student)
            }
            driver.factory.states.keep(response, student: student, path: path)
            recorder.record(kind, status: response.status, milliseconds: milliseconds, bytes: response.bytes)
        case .failure(let error):
            recorder.recordFailure(kind, reason: OpenLoopDriver.reason(error), milliseconds: milliseconds)
        }
    }

    private func finishIfDone() {
        if intended == nil && inFlight == 0 { done.succeed() }
    }
}

extension OpenLoopDriver {
    /// A short name for a failure without an HTTP answer.
    static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("deadline") || text.contains("imeout") { return "timeout" }
        if text.contains("refused") { return "connection-refused" }
        return "connection"
    }
}
