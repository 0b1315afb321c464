import CampusCalApp
import CampusCalCore
import CampusCalSecurity
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The real `campuscal` binary (debug build, beside the test bundle) under attack, and the means to
/// tell whether it held (issue #24's abuse suite): the process's memory from /proc, a timed request,
/// raw connections that an attacker holds open, and a ``Bystander`` — another student who keeps
/// using the server throughout and records how long it made them wait.
///
/// ```swift
/// try await AbuseProbe.with(settings: ["server.header_timeout_seconds": "2"], seededUsers: 2) { probe in
///     let bystander = probe.bystander(token: probe.tokens[1])
///     …the attack, with probe.tokens[0]…
///     let seen = await bystander.stop()
/// }
/// ```
public final class AbuseProbe: Sendable {
    public let server: ServerProcess
    public let directory: TemporaryDirectory
    /// Bearer tokens of the seeded users `abuser0`, `abuser1`, … (password ``password``).
    public let tokens: [String]
    public static let password = "Secret123"

    public var port: Int { server.port }

    private init(server: ServerProcess, directory: TemporaryDirectory, tokens: [String]) {
        self.server = server
        self.directory = directory
        self.tokens = tokens
    }

    /// Starts the server with `settings` as `--set key=value` overrides, after seeding
    /// `seededUsers` accounts (`abuser0`…) with a session each, and waits until it answers.
    ///
    /// Why seeded and not registered over HTTP: the binary refuses a bcrypt cost below 12, so each
    /// registration and login costs ≈ 0.2 s of CPU (more in a debug build); 125 users would take
    /// most of a minute. They are written to the database file before the server starts, through
    /// the same services at cost 4 (a hash's cost travels with it, so the server checks them at 4).
    public static func start(settings: [String: String] = [:], seededUsers: Int = 0) async throws -> AbuseProbe {
        let directory = TemporaryDirectory()
        let database = directory.file("campuscal.sqlite")
        let tokens: [String]
        do {
            tokens = try await seed(users: seededUsers, into: database, directory: directory)
        } catch {
            directory.remove()
            throw error
        }
        let arguments = settings.sorted { $0.key < $1.key }.flatMap { ["--set", "\($0.key)=\($0.value)"] }
        let server = try ServerProcess(database: database, workingDirectory: directory.path, extraArguments: arguments)
        let probe = AbuseProbe(server: server, directory: directory, tokens: tokens)
        try await server.waitUntilReady()
        // The idle figure each ceiling is stated against, in the test's output.
        print("abuse probe: server ready with \(seededUsers) seeded users, \(probe.memory.map(String.init(describing:)) ?? "no memory figures")")
        return probe
    }

    private static func seed(users count: Int, into database: String, directory: TemporaryDirectory) async throws -> [String] {
        guard count > 0 else { return [] }
        var configuration = CampusCalConfiguration()
        configuration.databasePath = database
        configuration.agreementsDirectory = TestServer.repositoryRoot.appendingPathComponent("config/agreements").path
        configuration.pluginsDirectory = directory.file("plugins")
        let services = try CampusCalServices(configuration: configuration, passwordHasher: BcryptPasswordHasher(cost: 4))
        var tokens: [String] = []
        for index in 0..<count {
            let user = try await services.accounts.register(Registration(username: "abuser\(index)", password: password))
            tokens.append(try await services.accounts.openSession(for: user).token)
        }
        return tokens
    }

    /// Starts a probe as ``start(settings:seededUsers:)`` does, runs `body` with it, and stops it
    /// whether `body` returns or throws.
    public static func with<Value>(
        settings: [String: String] = [:], seededUsers: Int = 0, _ body: (AbuseProbe) async throws -> Value
    ) async throws -> Value {
        let probe = try await start(settings: settings, seededUsers: seededUsers)
        do {
            let value = try await body(probe)
            await probe.stop()
            return value
        } catch {
            await probe.stop()
            throw error
        }
    }

    /// Stops the server (SIGTERM, then SIGKILL after 15 s × ``TestTime/scale``) and removes its directory.
    public func stop() async {
        if server.isRunning { _ = try? await server.stop() }
        directory.remove()
    }

    // MARK: Accounts over HTTP

    /// Registers `username` over HTTP (POST /api/v1/auth/register) and logs in; returns the token.
    /// Slow (bcrypt at cost 12 twice): for a few users; seed many with `start(seededUsers:)`.
    public func register(_ username: String) async throws -> String {
        let made = try await server.send("POST", "/api/v1/auth/register", body: Self.json(["username": username, "password": Self.password]))
        guard made.status == 201 else { throw TestFailure("register \(username): HTTP \(made.status) \(made.text)") }
        let login = try await server.send("POST", "/api/v1/auth/login", body: Self.json(["username": username, "password": Self.password]))
        guard login.status == 200, let token = login.json["token"] as? String else {
            throw TestFailure("login \(username): HTTP \(login.status) \(login.text)")
        }
        return token
    }

    /// Creates a calendar for `token`'s owner; returns its id.
    public func createCalendar(token: String, name: String = "Abuse") async throws -> String {
        let made = try await server.send("POST", "/api/v1/calendars", body: Self.json(["name": name]), token: token)
        guard made.status == 201, let id = made.json["id"] as? String else { throw TestFailure("create calendar: HTTP \(made.status) \(made.text)") }
        return id
    }

    static func json(_ object: [String: Any]) throws -> Data { try JSONSerialization.data(withJSONObject: object) }

    /// An iCalendar file of `count` events, all starting 2027-01-01T00:00:00Z, with UIDs
    /// `PREFIX-N@abuse.test` and, when given, the recurrence `rule` (`FREQ=SECONDLY`, say).
    public static func calendarFile(events count: Int, uidPrefix: String, rule: String? = nil) -> Data {
        var file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//CampusCal//abuse test//EN\r\n"
        for n in 0..<count {
            file +=
                "BEGIN:VEVENT\r\nUID:\(uidPrefix)-\(n)@abuse.test\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20270101T000000Z\r\n"
                + (rule.map { "RRULE:\($0)\r\n" } ?? "") + "SUMMARY:\(uidPrefix) \(n)\r\nEND:VEVENT\r\n"
        }
        return Data((file + "END:VCALENDAR\r\n").utf8)
    }

    // MARK: Measuring

    /// The server process's resident memory now and at its peak (VmRSS and VmHWM of
    /// /proc/PID/status), in MiB; nil once the process is gone.
    public var memory: Memory? {
        guard let status = try? String(contentsOfFile: "/proc/\(server.processIdentifier)/status", encoding: .utf8) else { return nil }
        func kibibytes(_ field: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(field + ":") }.flatMap { line in
                line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
            }
        }
        guard let current = kibibytes("VmRSS"), let peak = kibibytes("VmHWM") else { return nil }
        return Memory(currentMiB: Double(current) / 1024, peakMiB: Double(peak) / 1024)
    }

    public struct Memory: Sendable, CustomStringConvertible {
        public var currentMiB: Double
        public var peakMiB: Double
        public var description: String { String(format: "RSS %.0f MiB (peak %.0f MiB)", currentMiB, peakMiB) }
    }

    /// The server's limit on open descriptors (soft), from /proc/PID/limits.
    public var openFileLimit: Int? {
        guard let limits = try? String(contentsOfFile: "/proc/\(server.processIdentifier)/limits", encoding: .utf8) else { return nil }
        return limits.split(separator: "\n").first { $0.hasPrefix("Max open files") }
            .flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first.flatMap { Int($0) } }
    }

    /// Runs `work` and returns what it returned with the seconds it took.
    public static func timed<Value>(_ work: () async throws -> Value) async rethrows -> (value: Value, seconds: Double) {
        let began = Date()
        let value = try await work()
        return (value, Date().timeIntervalSince(began))
    }

    // MARK: The bystander

    /// Starts a ``Bystander`` for `token`'s owner.
    public func bystander(token: String) -> Bystander { Bystander(port: port, token: token) }

    // MARK: Connections an attacker holds

    /// Opens `count` connections that each send `head` (a request head never finished, by default)
    /// and nothing more, in batches, each connect bounded; stops early at the first connect that
    /// fails or does not complete within `timeout` × ``TestTime/scale`` (the server no longer
    /// accepting is a finding, not a test error).
    public func openSlowConnections(
        _ count: Int, head: String = "GET /healthz HTTP/1.1\r\nHost: x\r\n", timeout: Double = 5
    ) async throws -> HeldConnections {
        try await onThread { [port] in
            try HeldConnections(port: port, count: count, head: Data(head.utf8), timeout: TestTime.budget(timeout))
        }
    }

    /// Opens a notification stream (GET /api/v1/notifications/stream) and reads the response head;
    /// the connection stays open in the returned ``StreamAttempt`` until it is released.
    public func openStream(token: String, timeout: Double = 10) async throws -> StreamAttempt {
        try await onThread { [port] in try StreamAttempt(port: port, token: token, timeout: TestTime.budget(timeout)) }
    }

    /// Raises this process's soft limit on open descriptors to `wanted` (at most the hard limit);
    /// returns the limit now in force. Children started afterwards inherit it.
    @discardableResult
    public static func raiseOpenFileLimit(to wanted: Int) -> Int {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let target = min(rlim_t(wanted), limit.rlim_max)
        if limit.rlim_cur < target {
            limit.rlim_cur = target
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return Int(limit.rlim_cur)
    }
}

extension RawHTTP.Response {
    /// The body as text.
    public var text: String { String(decoding: body, as: UTF8.self) }
    /// The body as a JSON object (empty when it is not one).
    public var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
    /// Whether this is a refusal as the API makes them: a 4xx or 503 with an `application/problem+json` body.
    public var isProblemRefusal: Bool {
        ((400..<500).contains(status) || status == 503) && mediaType == "application/problem+json"
    }
}

/// Another student using the server while it is attacked: on a thread of its own, `/healthz` and
/// an authenticated `GET /api/v1/me`, one after another with a pause between rounds, each bounded by
/// a timeout; records the worst latency of each and every failure (an error or a status not 200).
public final class Bystander: Sendable {
    public struct Record: Sendable, CustomStringConvertible {
        public var rounds = 0
        public var worstHealth = 0.0
        public var worstMe = 0.0
        public var failures: [String] = []
        public var description: String {
            String(format: "%d rounds, worst /healthz %.2f s, worst /api/v1/me %.2f s, ", rounds, worstHealth, worstMe)
                + "\(failures.count) failures\(failures.isEmpty ? "" : ": " + failures.prefix(5).joined(separator: "; "))"
        }
    }

    /// What the loop's thread shares with this object. The thread holds only this, so that the
    /// bystander's deinit can stop it: one left running by a test that threw stops with the test.
    private final class Shared: Sendable {
        let record = Mutex(Record())
        let stopping = Atomic<Bool>(false)
        let finished = Atomic<Bool>(false)
    }
    private let shared = Shared()

    init(port: Int, token: String, pause: Double = 0.05, timeout: Double = 30) {
        let requestTimeout = TestTime.budget(timeout)
        // `repeat`, not `while`: an attack answered before this thread first runs would otherwise
        // leave zero rounds, and "the other student was served" could not be told from "was not".
        Thread { [shared] in
            repeat {
                let health = Self.ask(port: port, "/healthz", token: nil, timeout: requestTimeout)
                let me = Self.ask(port: port, "/api/v1/me", token: token, timeout: requestTimeout)
                shared.record.withLock { record in
                    record.rounds += 1
                    record.worstHealth = max(record.worstHealth, health.seconds)
                    record.worstMe = max(record.worstMe, me.seconds)
                    for failure in [health.failure, me.failure].compactMap({ $0 }) where record.failures.count < 100 {
                        record.failures.append(failure)
                    }
                }
                if shared.stopping.load(ordering: .acquiring) { break }
                usleep(UInt32(pause * 1_000_000))
            } while !shared.stopping.load(ordering: .acquiring)
            shared.finished.store(true, ordering: .releasing)
        }.start()
    }

    deinit { shared.stopping.store(true, ordering: .releasing) }

    private static func ask(port: Int, _ path: String, token: String?, timeout: Double) -> (seconds: Double, failure: String?) {
        let began = Date()
        do {
            let response = try RawHTTP.sendBlocking(
                port: port, "GET", path, headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:], timeout: timeout)
            let seconds = Date().timeIntervalSince(began)
            return (seconds, response.status == 200 ? nil : "\(path): HTTP \(response.status) after \(String(format: "%.2f", seconds)) s")
        } catch {
            return (Date().timeIntervalSince(began), "\(path): \(error)")
        }
    }

    /// What the bystander saw so far.
    public var seen: Record { shared.record.withLock { $0 } }

    /// Stops the loop, waits for its round in progress, and returns what it saw.
    public func stop() async -> Record {
        shared.stopping.store(true, ordering: .releasing)
        while !shared.finished.load(ordering: .acquiring) { try? await Task.sleep(for: .milliseconds(20)) }
        return seen
    }
}

/// Connections held open by an attacker, each having sent a partial request.
public final class HeldConnections: Sendable {
    /// The connected sockets' descriptors; closed by `close()` or deinit.
    private let descriptors: Mutex<[Int32]>
    /// How many were asked for, and why opening stopped early (nil when all were opened).
    public let wanted: Int
    public let stoppedEarly: String?

    public var count: Int { descriptors.withLock { $0.count } }

    init(port: Int, count: Int, head: Data, timeout: Double) throws {
        wanted = count
        var opened: [Int32] = []
        opened.reserveCapacity(count)
        var failure: String?
        let batch = 256
        outer: while opened.count < count {
            var pending: [LoopbackSocket] = []
            // Non-blocking connects, a batch at a time: the server's accept queue (listen backlog)
            // takes them while it accepts.
            for _ in 0..<min(batch, count - opened.count) {
                do {
                    pending.append(try LoopbackSocket(connectingTo: port))
                } catch {
                    failure = "socket \(opened.count + pending.count): \(error)"
                    break
                }
            }
            let deadline = Date().addingTimeInterval(timeout)
            for socket in pending {
                do {
                    try socket.finishConnecting(deadline: deadline)
                    try socket.send(head, deadline: deadline)
                    opened.append(socket.release())
                } catch {
                    failure = failure ?? "connection \(opened.count): \(error)"
                }
            }
            if failure != nil { break outer }
        }
        descriptors = Mutex(opened)
        stoppedEarly = failure
    }

    deinit { close() }

    /// Closes them all.
    public func close() {
        descriptors.withLock { descriptors in
            for descriptor in descriptors { Glibc.close(descriptor) }
            descriptors.removeAll()
        }
    }

    /// How many the server has closed (a read returns end of file or a reset), waiting up to
    /// `seconds` for all of them to be closed.
    public func closedByServer(waiting seconds: Double) async throws -> Int {
        try await onThread { [self] in
            descriptors.withLock { descriptors in
                var closed = Set<Int32>()
                let deadline = Date().addingTimeInterval(seconds)
                var buffer = [UInt8](repeating: 0, count: 4096)
                while closed.count < descriptors.count {
                    var pollers = descriptors.filter { !closed.contains($0) }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                    let left = deadline.timeIntervalSinceNow
                    guard left > 0 else { break }
                    let ready = poll(&pollers, nfds_t(pollers.count), Int32(min(left, 1) * 1000))
                    if ready < 0 && errno != EINTR { break }
                    for poller in pollers where poller.revents != 0 {
                        // Data (a 408 the server sends before closing) is read past; closed is 0 or an error.
                        let count = recv(poller.fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                        if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { closed.insert(poller.fd) }
                    }
                }
                return closed.count
            }
        }
    }
}

/// One attempt to open a notification stream: the response's status and media type, and the
/// connection, kept open (a live stream) until ``release()`` or deinit.
public final class StreamAttempt: Sendable {
    public let status: Int
    public let mediaType: String
    /// The head and whatever of the body arrived with it (a refusal's problem document).
    public let received: String
    private let descriptor: Mutex<Int32>

    init(port: Int, token: String, timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        let socket = try LoopbackSocket(port: port, deadline: deadline)
        let request =
            "GET /api/v1/notifications/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nAccept: text/event-stream\r\n\r\n"
        try socket.send(Data(request.utf8), deadline: deadline)
        var data = Data()
        while data.range(of: Data("\r\n\r\n".utf8)) == nil {
            guard let more = try socket.receive(deadline: deadline) else { break }
            data.append(more)
        }
        let text = String(decoding: data, as: UTF8.self)
        received = text
        let statusLine = text.split(separator: "\r\n", maxSplits: 1).first ?? ""
        status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        let contentType = text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-type:") } ?? ""
        mediaType =
            contentType.dropFirst("content-type:".count).split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            ?? ""
        descriptor = Mutex(socket.release())
    }

    deinit { release() }

    /// Whether the server refused it as the API refuses: a 4xx or 503 with a problem+json body.
    public var isProblemRefusal: Bool { ((400..<500).contains(status) || status == 503) && mediaType == "application/problem+json" }

    /// Closes the connection (ends the stream).
    public func release() {
        descriptor.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }
}
