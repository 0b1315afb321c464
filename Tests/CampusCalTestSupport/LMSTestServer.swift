import CampusCalPlugins
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Fake Brightspace, Canvas and Moodle servers for the LMS importer tests: Tests/Support/lms_server.py on a free
/// loopback port, serving the fixture story in Tests/Fixtures/lms (routes and tokens: Tests/Support/README-lms.md).
///
/// The importer under test talks to it over real HTTP, so paging links, auth headers, refresh rules and error
/// handling are exercised as they would be against a campus LMS. The test steers it through files (control.json in
/// the server's directory) and reads what it was asked from requests.jsonl: the tests have no HTTP client of their own.
///
/// Use `LMSTestServer.with { server in … }`, which stops the server however the body ends.
public final class LMSTestServer: Sendable {
    /// One request the server answered, as it logged it (one line of requests.jsonl).
    public struct Request: Decodable, Sendable {
        public var method: String
        /// The path without the query.
        public var path: String
        public var query: [String: [String]]
        /// Every header, names lower-cased by the server, because clients differ in header case.
        public var headers: [String: String]
        /// The fields of a form-encoded body (token endpoints, Moodle web services); empty otherwise.
        public var form: [String: [String]]
        /// The status the server answered with, injected failures included.
        public var status: Int

        /// A header by name, in any case.
        public func header(_ name: String) -> String? { headers[name.lowercased()] }

        /// The token of an `Authorization: Bearer …` header.
        public var bearerToken: String? {
            guard let value = header("Authorization"), value.lowercased().hasPrefix("bearer ") else { return nil }
            return String(value.dropFirst("bearer ".count))
        }

        /// The first value of a query or form parameter (Moodle reads both, the form winning).
        public func parameter(_ name: String) -> String? { form[name]?.first ?? query[name]?.first }
    }

    /// What the server accepts without being told, so tests need not copy strings from the README.
    public enum Credentials {
        public static let brightspaceClient = (id: "campuscal-d2l-test", secret: "d2l-test-secret")
        public static let canvasClient = (id: "170000000000042", secret: "canvas-test-secret")
        /// Authorization codes starting with this are accepted once each, skipping the browser step.
        public static let testCodePrefix = "test-code"
        public static let moodleLogin = (username: "atestwell", password: "Testwell-2026")
        /// The token Moodle's token.php hands out (moodle/token.json); valid from the first successful login.
        public static let moodleToken = "3f9c2b7e41d84a6f9e0b5c1d2a7f8e63"
        public static let brightspaceFeedToken = "d2lFeedQ7xP3mK9vT2"
        public static let canvasFeedToken = "Zq8Lm3Vt7Rk2Wp9Xn4Bc6Hd1Jf5Gs0Ay2Eu7Io3"
        public static let moodleFeed = (userID: 5521, authToken: "5b8e2f1c9a7d4e3b6f0a2c8d1e9b7a4f3c6d5e2a")
    }

    /// control.json as the server reads it; this object is its only writer, so the in-memory copy is the truth.
    private struct Control: Encodable {
        var phase = 1
        var fail: [FailRule] = []
        var revoke: [String] = []
        var delayMilliseconds = 0
        var serve: [String: String] = [:]

        enum CodingKeys: String, CodingKey {
            case phase, fail, revoke, serve
            case delayMilliseconds = "delay_ms"
        }
    }

    private struct FailRule: Encodable {
        var method: String
        var pathPrefix: String
        var params: [String: String]
        var status: Int
        var headers: [String: String]
        var body: String
        var times: Int
    }

    public let port: Int
    /// The loopback address it listens on: 127.0.0.1, or another 127.x address for a host the tests do not allow-list.
    public let host: String
    public var baseURL: String { "http://\(host):\(port)" }
    private let process: ChildProcess
    private let directory: TemporaryDirectory
    private let control = Mutex(Control())
    private let stopped = Mutex(false)
    private var logFile: String { directory.file("server.log") }

    /// The repository root, found from this file's path (the script and the fixtures live there).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Starts a server, runs `body`, and stops the server.
    ///
    /// - Parameter staticTokens: tokens valid from the start, by kind (`brightspace`, `canvas`, `moodle`, or a
    ///   `…-feed` kind), so a test can call the APIs without going through OAuth or token.php first.
    /// - Parameter canvasStudents: Canvas tokens of other students of CS 246, each with its Canvas user id (a user of
    ///   canvas/course-users.json): `/api/v1/users/self` answers with that person.
    public static func with<T: Sendable>(
        staticTokens: [String: String] = [:], canvasStudents: [String: Int] = [:], host: String = "127.0.0.1",
        _ body: (LMSTestServer) async throws -> T
    ) async throws -> T {
        let server = try await LMSTestServer(staticTokens: staticTokens, canvasStudents: canvasStudents, host: host)
        defer { server.stop() }
        return try await body(server)
    }

    private init(staticTokens: [String: String], canvasStudents: [String: Int], host: String) async throws {
        directory = TemporaryDirectory()
        self.host = host
        // /usr/bin/python3 first: the pyenv shim on PATH costs a noticeable start-up per test. The script needs only
        // the standard library, so no venv.
        let systemPython = "/usr/bin/python3"
        let usesSystemPython = FileManager.default.isExecutableFile(atPath: systemPython)
        var arguments = usesSystemPython ? [] : ["python3"]
        arguments += [
            Self.repositoryRoot.appendingPathComponent("Tests/Support/lms_server.py").path,
            "--port", "0", "--fixtures", Self.repositoryRoot.appendingPathComponent("Tests/Fixtures/lms").path,
            "--control-dir", directory.path, "--lifetime", "600", "--bind", host,
        ]
        for (kind, token) in staticTokens.sorted(by: { $0.key < $1.key }) { arguments += ["--static-token", "\(kind)=\(token)"] }
        for (token, user) in canvasStudents.sorted(by: { $0.key < $1.key }) { arguments += ["--static-token", "canvas=\(token)@\(user)"] }

        // Output to a file, not a pipe: pipe reads have hung in this suite when other tests' children signal.
        let logFile = directory.file("server.log")
        _ = FileManager.default.createFile(atPath: logFile, contents: nil)
        process = try ChildProcess(
            usesSystemPython ? systemPython : "/usr/bin/env", arguments, output: logFile, error: logFile)

        // The server renames the port file into place once it accepts connections: poll for it, bounded.
        let portFile = directory.file("port")
        let deadline = Date().addingTimeInterval(20)
        var port: Int?
        while port == nil {
            port = (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap {
                Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if port != nil { break }
            let text = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
            if !process.isRunning {
                directory.remove()
                throw TestFailure("the LMS test server exited early:\n\(text)")
            }
            if Date() > deadline {
                StartScript.kill(process.processIdentifier)
                directory.remove()
                throw TestFailure("the LMS test server did not write its port within 20 s:\n\(text)")
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        self.port = port!
    }

    deinit { stop() }

    /// What the server wrote to its standard error: one line per request, and why anything failed.
    public var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

    /// `baseURL` + `path`, for configuring an importer.
    public func url(_ path: String) -> String { baseURL + path }

    /// The three ICS feed URLs with the tokens the server accepts by default.
    public var brightspaceFeedURL: String { url("/d2l/le/calendar/feed/user/feed.ics?token=\(Credentials.brightspaceFeedToken)") }
    public var canvasFeedURL: String { url("/feeds/calendars/user_\(Credentials.canvasFeedToken).ics") }
    public var moodleFeedURL: String {
        url(
            "/calendar/export_execute.php?userid=\(Credentials.moodleFeed.userID)&authtoken=\(Credentials.moodleFeed.authToken)"
                + "&preset_what=all&preset_time=recentupcoming")
    }

    /// Serves sync 1 (the default) or sync 2, where `*-resync` fixtures replace their originals.
    public func setPhase(_ phase: Int) throws {
        guard phase == 1 || phase == 2 else { throw TestFailure("the fixture story has phases 1 and 2, not \(phase)") }
        try updateControl { $0.phase = phase }
    }

    /// Makes the next `times` requests whose method and path match answer with `status`, `headers` and `body`
    /// instead of the fixture (a negative `times`: every such request).
    ///
    /// Rules are appended, never rewritten: the server keeps each rule's count in memory by its position and
    /// content. `params` narrows the match to requests whose query or form has these values, which is how to fail
    /// one Moodle web-service function: they all share /webservice/rest/server.php.
    public func failNext(
        _ method: String, pathPrefix: String, status: Int, headers: [String: String] = [:], body: String = "", times: Int = 1,
        params: [String: String] = [:]
    ) throws {
        let rule = FailRule(
            method: method.uppercased(), pathPrefix: pathPrefix, params: params, status: status, headers: headers, body: body,
            times: times)
        try updateControl { $0.fail.append(rule) }
    }

    /// Makes the server refuse `token` (access, refresh, Moodle, feed token or authorization code) from now on.
    public func revoke(token: String) throws {
        try updateControl { $0.revoke.append(token) }
    }

    /// Serves the fixture `variant` in place of `fixture` (both `lms/name.json`, e.g. `canvas/courses.json` →
    /// `canvas/courses-with-concluded.json`): the story's edge cases one student's own story does not have.
    public func serve(_ variant: String, insteadOf fixture: String) throws {
        try updateControl { $0.serve[fixture] = variant }
    }

    /// Delays every answer, for timeout and cancellation tests.
    public func setDelay(milliseconds: Int) throws {
        try updateControl { $0.delayMilliseconds = milliseconds }
    }

    /// The requests answered so far, oldest first. The server logs a request before answering it, so once the
    /// importer has its answer, its line is here.
    public func requests() throws -> [Request] {
        let text = (try? String(contentsOfFile: directory.file("requests.jsonl"), encoding: .utf8)) ?? ""
        var lines = text.split(separator: "\n")
        // A line still being appended has no newline yet; it is not a request to report.
        if !text.isEmpty && !text.hasSuffix("\n") { lines.removeLast() }
        return try lines.map { try JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    /// Writes control.json whole under a temporary name and renames it into place, so the server, which reads it
    /// before every request, never sees half a file.
    private func updateControl(_ change: (inout Control) -> Void) throws {
        try control.withLock { current in
            change(&current)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let (file, temporary) = (directory.file("control.json"), directory.file("control.json.tmp"))
            try encoder.encode(current).write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, file) == 0 else { throw TestFailure("cannot rename \(temporary): errno \(errno)") }
        }
    }

    /// Kills the server and removes its directory. SIGKILL, not SIGTERM: a server started from a test inherits its
    /// signal mask, in which SIGTERM may be blocked; the server keeps nothing worth a graceful stop.
    public func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        // Our view first: once ChildProcess has reaped the child, the pid may belong to someone else.
        if process.isRunning { StartScript.kill(process.processIdentifier) }
        process.waitUntilExit()  // Reaps it: no zombie per test.
        directory.remove()
    }
}
