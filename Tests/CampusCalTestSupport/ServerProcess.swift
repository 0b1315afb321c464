import CampusCalPlugins
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The real `campuscal` executable, started as a child process on a free loopback port.
///
/// For what only a real process shows: signal handling, durability when the process is killed,
/// and what an abuser can make the process hold (``AbuseProbe``).
///
/// Robust on a busy machine (issue #24): readiness is read from the server's own log line
/// ("CampusCal listening … port=PORT") and confirmed with a `/healthz` request on a socket and a
/// thread of its own (``RawHTTP``), not `URLSession.shared`, whose queue other tests' requests
/// share; requests go the same way. Budgets scale with ``TestTime/scale``.
///
/// The child is stopped when this object goes (SIGTERM, then SIGKILL), so a test that throws
/// leaves no server behind. Swift may release an object after its last use, before the end of its
/// scope: a test that hands only `port` to someone else must keep the server alive with
/// `withExtendedLifetime` or end with `stop()`.
public final class ServerProcess: Sendable {
    public let port: Int
    private let child: SupervisedChild
    private let logFile: String

    /// The server's process id (for /proc/PID/status, say).
    public var processIdentifier: pid_t { child.processIdentifier }

    /// The `campuscal` binary built beside the test bundle.
    public static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("campuscal")
    }

    public init(database: String, workingDirectory: String, extraArguments: [String] = []) throws {
        port = try Self.freePort()
        logFile = workingDirectory + "/server-\(port).log"
        _ = FileManager.default.createFile(atPath: logFile, contents: nil)
        child = SupervisedChild(
            try ChildProcess(
                Self.executable.path, ["serve", "--host", "127.0.0.1", "--port", String(port), "--database", database] + extraArguments,
                directory: workingDirectory, output: logFile, error: logFile))
    }

    /// What the server logged so far.
    public var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

    /// Whether the server process has not exited.
    public var isRunning: Bool { child.isRunning }

    /// Whether the server has logged that it listens on ``port`` (text or JSON log format; nothing
    /// is logged at a level above `info`).
    var loggedListening: Bool {
        log.split(separator: "\n").contains { $0.contains("CampusCal listening") && $0.contains(String(port)) }
    }

    /// Waits until `/healthz` answers 200, for at most `seconds` × ``TestTime/scale``: first for the
    /// log line saying the server listens, then a probe on a socket and thread of its own. Before
    /// the log line (or when the log level hides it) a probe goes out every half second.
    public func waitUntilReady(seconds: Double = 30) async throws {
        let budget = TestTime.budget(seconds)
        let asked = Date()
        let ready = try await onThread { [self] in try waitUntilReadyBlocking(budget: budget) }
        // The test goes on only when a thread of Swift's cooperative pool is free: on a busy run
        // that can be long after the server was ready, and that is not the server's doing.
        let late = Date().timeIntervalSince(asked) - ready
        if late > 5 { print("ServerProcess on port \(port): the test resumed \(String(format: "%.1f", late)) s after the server was ready") }
    }

    /// Returns the seconds the server took to answer.
    private func waitUntilReadyBlocking(budget: Double) throws -> Double {
        let began = Date()
        let deadline = began.addingTimeInterval(budget)
        var listeningAfter: Double?
        var nextBlindProbe = began
        var lastProbe = "no probe sent"
        while true {
            guard child.isRunning else {
                throw TestFailure("server exited early (status \(child.process.terminationStatus)):\n\(log)")
            }
            if listeningAfter == nil && loggedListening { listeningAfter = Date().timeIntervalSince(began) }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                let listening = listeningAfter.map { String(format: "it logged listening after %.1f s", $0) } ?? "it never logged listening"
                let figures = String(format: "%.1f s (time scale %.2f)", budget, TestTime.scale)
                throw TestFailure("server not ready after \(figures): \(listening); last /healthz probe: \(lastProbe)\n\(log)")
            }
            if listeningAfter != nil || Date() >= nextBlindProbe {
                nextBlindProbe = Date().addingTimeInterval(0.5)
                do {
                    let response = try RawHTTP.sendBlocking(port: port, "GET", "/healthz", timeout: min(left, TestTime.budget(10)))
                    if response.status == 200 {
                        // A slow start is worth a line in the output: how a busy machine shows.
                        let took = Date().timeIntervalSince(began)
                        if took > 5 {
                            let listening = listeningAfter.map { String(format: "%.1f", $0) } ?? "?"
                            print(
                                "ServerProcess on port \(port): ready after \(String(format: "%.1f", took)) s (listening logged after \(listening) s)"
                            )
                        }
                        return took
                    }
                    lastProbe = "HTTP \(response.status)"
                } catch {
                    lastProbe = "\(error)"
                }
            }
            usleep(listeningAfter == nil ? 20_000 : 100_000)
        }
    }

    /// One HTTP request; returns the body and status.
    public func request(_ method: String, _ path: String, json: [String: Any]? = nil, token: String? = nil) async throws -> (Data, Int) {
        try await request(
            method, path, body: try json.map { try JSONSerialization.data(withJSONObject: $0) }, contentType: "application/json", token: token)
    }

    /// One HTTP request with a body of any type (an iCalendar file, say); returns the body and status.
    /// Throws a `URLError` when the server cannot be reached, hangs up, or takes over 60 s × ``TestTime/scale``.
    public func request(_ method: String, _ path: String, body: Data?, contentType: String, token: String? = nil) async throws -> (Data, Int) {
        let response = try await send(method, path, body: body, contentType: contentType, token: token)
        return (response.body, response.status)
    }

    /// One HTTP request; the whole response (status, headers, body).
    public func send(
        _ method: String, _ path: String, body: Data? = nil, contentType: String = "application/json", token: String? = nil,
        headers: [String: String] = [:], timeout: Double = 60
    ) async throws -> RawHTTP.Response {
        var headers = headers
        if body != nil { headers["Content-Type"] = contentType }
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return try await RawHTTP.send(port: port, method, path, headers: headers, body: body, timeout: TestTime.budget(timeout))
    }

    /// Sends `signal` and waits for the process to exit; returns its exit status. Waits at most
    /// `timeout` × ``TestTime/scale``; then SIGKILLs it and throws.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeout: Double = 15) async throws -> Int32 {
        child.signal(signal)
        let deadline = Date().addingTimeInterval(TestTime.budget(timeout))
        while child.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if child.isRunning {
            child.signal(SIGKILL)
            _ = try await onThread { [child] in child.waitForExit(seconds: 10) }
            throw TestFailure("server did not stop within \(TestTime.budget(timeout)) s after signal \(signal)")
        }
        return child.process.terminationStatus
    }

    /// A loopback port nobody listens on right now.
    /// A loopback port nothing listens on, taken from below the kernel's ephemeral range.
    ///
    /// Why not simply bind port 0 and hand its number over: between this socket's close and the
    /// child's bind, any other test in the run that binds port 0 (every in-process test server
    /// does) may be given the same number by the kernel, and the child then fails with "Address
    /// already in use" (seen in CI). Ports below `ip_local_port_range` are never handed out for
    /// port 0 nor as the source port of a connection, so only another caller of this function
    /// could take one — and this process remembers what it handed out.
    static func freePort() throws -> Int {
        let ephemeralLow =
            (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))
            .flatMap { $0.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } } ?? 32768
        let range = 10_000..<max(10_001, min(ephemeralLow, 32768))
        for _ in 0..<500 {
            let candidate = Int.random(in: range)
            guard handedOut.withLock({ $0.insert(candidate).inserted }) else { continue }
            if (try? bindable(candidate)) == true { return candidate }
        }
        return try bindAny()
    }

    private static let handedOut = Mutex<Set<Int>>([])

    /// Whether a listening socket could bind `port` on 127.0.0.1 now.
    private static func bindable(_ port: Int) throws -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// The kernel's pick (port 0): the fallback when the low range is somehow full.
    private static func bindAny() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw TestFailure("bind() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
