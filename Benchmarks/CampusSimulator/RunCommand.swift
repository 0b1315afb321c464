import ArgumentParser
import AsyncHTTPClient
import CampusCalCore
import CampusCalICalendar
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// `campus-simulator run`: drives a request mix at a running server, open-loop, and reports.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Drive the peak-hour request mix at a server: a fixed rate, rising steps (--steps) or a spike (--spike).")

    @Option(help: "The server, e.g. http://127.0.0.1:8080.") var url: String
    @Option(help: "The campus.json written by `seed`.") var campus: String
    @Option(help: "Requests per second (with --spike: the base rate).") var rate: Double = 75
    @Option(help: "Seconds at the rate (with --steps: per step; with --spike: per part).") var duration: Double = 60
    @Option(help: "Most requests in flight at once (and HTTP connections); beyond it requests count as client-overloaded.")
    var connections = 256
    @Option(help: "The server's process id: samples its memory and CPU every second from /proc.") var serverPID: Int32?
    @Option(help: "The request mix: peak (the issue's peak hour) or reads (its reads only).") var mix = "peak"
    @Option(help: "Rising steps: comma-separated rates, each for --duration seconds (e.g. 500,1000,2000,3000,4000).")
    var steps: String?
    @Flag(help: "A spike: --duration s at --rate, then at 3 × --rate, then at --rate again.") var spike = false
    @Option(help: "Long-lived notification streams (SSE) held open during the run.") var streams = 0
    @Option(help: "Seconds before a request counts as failed (timeout).") var timeout: Double = 30
    @Option(help: "Random seed of the schedule (who asks what, when).") var seed: UInt64 = 1
    @Option(help: "Also write the results as JSON to this file.") var json: String?
    @Flag(
        help:
            "Clients keep no copies: no If-None-Match, no feed fetched before the run (default: calendar clients fetched their feed once before the run, and every client revalidates what it holds, as browsers and calendar clients do)."
    )
    var coldClients = false

    func run() async throws {
        guard let mix = RequestMix.named(mix) else { throw ValidationError("--mix must be peak or reads.") }
        let campus = try CampusFile.read(self.campus)
        guard !campus.active.isEmpty else { throw ValidationError("\(self.campus) lists no active students.") }
        let phases = try plannedPhases()
        // The generator shares the machine with the server, so it must be cheap: with NIO's event
        // loops as the global executor a request stays on one thread (as in the server, see
        // EventLoopExecutor), about a third less CPU per request than hopping to Swift's own pool.
        _ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        var configuration = HTTPClient.Configuration()
        // AsyncHTTPClient serves the preflight and the notification streams (one connection each);
        // the request mix goes through the leaner KeepAliveClient.
        configuration.connectionPool = .init(idleTimeout: .seconds(120), concurrentHTTP1ConnectionsPerHostSoftLimit: streams + 1)
        configuration.timeout = .init(connect: .seconds(5))
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let today = LocalDateTime(instant: Date(), in: TimeZone(identifier: "UTC")!).date
        let factory = RequestFactory(
            baseURL: url, campus: campus, states: StudentStates(campus.active), today: today, clientsKeepCopies: !coldClients)
        do {
            try await preflight(client: client, factory: factory)
            let report = try await drive(phases, mix: mix, client: client, factory: factory)
            report.printTable()
            if let json { try report.write(json) }
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    private func plannedPhases() throws -> [LoadPhase] {
        guard duration > 0, rate > 0 else { throw ValidationError("--rate and --duration must be positive.") }
        if let steps {
            let rates = steps.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !rates.isEmpty, rates.allSatisfy({ $0 > 0 }) else { throw ValidationError("--steps takes positive rates: 500,1000,2000") }
            return rates.map { LoadPhase(label: "step \(Int($0))/s", rate: $0, seconds: duration) }
        }
        if spike {
            return [
                LoadPhase(label: "base", rate: rate, seconds: duration), LoadPhase(label: "spike 3x", rate: rate * 3, seconds: duration),
                LoadPhase(label: "after", rate: rate, seconds: duration),
            ]
        }
        return [LoadPhase(label: "\(Int(rate))/s", rate: rate, seconds: duration)]
    }

    /// Fails early, with a reason, when the server is not there or the seeded sessions have ended.
    private func preflight(client: HTTPClient, factory: RequestFactory) async throws {
        let health = try await client.execute(HTTPClientRequest(url: factory.baseURL + "/healthz"), timeout: .seconds(10))
        _ = try await health.body.collect(upTo: 1 << 20)
        guard health.status.code == 200 else { throw ValidationError("\(url)/healthz answered \(health.status.code).") }
        var request = HTTPClientRequest(url: factory.baseURL + "/api/v1/me")
        request.headers.add(name: "Authorization", value: "Bearer \(factory.campus.active[0].token)")
        let me = try await client.execute(request, timeout: .seconds(10))
        _ = try await me.body.collect(upTo: 1 << 20)
        if me.status.code == 401 {
            throw ValidationError(
                "The seeded sessions have ended (401). Stop the server, run `campus-simulator renew-sessions --database FILE`, start it again.")
        }
    }

    private func drive(_ phases: [LoadPhase], mix: RequestMix, client: HTTPClient, factory: RequestFactory) async throws -> RunReport {
        let sampler = serverPID.map(ServerSampler.init(pid:))
        let streamsReport = NotificationStreams()
        let recorders = phases.map { _ in LatencyRecorder() }
        guard let target = URL(string: url), let host = target.host, target.scheme == "http" else {
            throw ValidationError("--url must be an http:// address, e.g. http://127.0.0.1:8080.")
        }
        let driver = OpenLoopDriver(
            loop: MultiThreadedEventLoopGroup.singleton.next(), host: host, port: target.port ?? 80, factory: factory, mix: mix, limit: connections,
            timeout: .seconds(Int64(timeout)))
        if !coldClients {
            let prefetch = FeedPrefetch(loop: driver.loop, host: driver.host, port: driver.port, factory: factory)
            print("calendar clients: \(await prefetch.run()) of \(factory.campus.active.count) feeds fetched before the run (their ETags held)")
        }
        let start = ContinuousClock.now
        let sampling = Task { await sampler?.run(since: start) }
        let holding = Task { await streamsReport.run(count: streams, client: client, factory: factory) }
        if streams > 0 { try await Task.sleep(for: .seconds(1)) }  // let the streams open before the clock starts
        let driveStart = ContinuousClock.now
        for (index, phase) in phases.enumerated() {
            print(String(format: "phase %d: %@ — %.0f req/s for %.0f s", index + 1, phase.label, phase.rate, phase.seconds))
        }
        await driver.run(phases, recorders: recorders, seed: seed, start: driveStart)
        let elapsed = (ContinuousClock.now - driveStart).seconds
        try await Task.sleep(for: .milliseconds(1100))  // one more sample after the last answer
        sampling.cancel()
        holding.cancel()
        await sampling.value
        await holding.value
        let offset = (driveStart - start).seconds
        return RunReport(
            url: url, mix: mix, connections: connections, phases: phases, recorders: recorders, samples: sampler?.all ?? [], sampleOffset: offset,
            streams: streams > 0 ? streamsReport.current : nil, elapsed: elapsed)
    }
}
