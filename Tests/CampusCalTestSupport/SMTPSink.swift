import CampusCalPlugins
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real SMTP server for tests: Python's aiosmtpd (Tests/Support/smtp_sink.py) on a free
/// loopback port, recording every message it accepts.
///
/// Use `SMTPSink.with { sink in … }`, which stops the server however the body ends.
public final class SMTPSink: Sendable {
    /// How the sink protects connections.
    public enum TLS: String, Sendable {
        case startTLS = "starttls"
        case implicit
    }

    /// What the sink received: the SMTP envelope, the raw message, and Python `email`'s reading of it.
    public struct ReceivedMail: Decodable, Sendable {
        public var mailFrom: String
        public var rcptTos: [String]
        /// The DATA bytes, one character per byte.
        public var raw: String
        /// Whether the message came over TLS (STARTTLS).
        public var tls: Bool
        public var authenticated: Bool
        /// Header values as Python decodes them (encoded-words decoded, folding removed).
        public var headers: [String: String]
        public var subject: String
        public var contentType: String
        public var charset: String?
        /// The body, transfer encoding and charset decoded.
        public var body: String
        /// Python's complaints about the message's structure; empty for a well-formed message.
        public var defects: [String]

        enum CodingKeys: String, CodingKey {
            case mailFrom = "mail_from"
            case rcptTos = "rcpt_tos"
            case contentType = "content_type"
            case raw, tls, authenticated, headers, subject, charset, body, defects
        }
    }

    public let port: Int
    /// The self-signed certificate (PEM) the sink presents, when it offers TLS: the CA file to trust.
    public let certificateFile: String?
    private let process: ChildProcess
    private let directory: TemporaryDirectory
    private var messagesFile: String { directory.file("messages.jsonl") }
    private var logFile: String { directory.file("sink.log") }

    /// The repository root, found from this file's path (the venv and the script live there).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Starts a sink, runs `body`, and stops the sink.
    ///
    /// - Parameters:
    ///   - auth: a user name and password to require AUTH PLAIN with.
    ///   - tls: STARTTLS or implicit TLS with a certificate made for this run; none by default.
    public static func with<Result>(
        auth: (user: String, password: String)? = nil, tls: TLS? = nil, _ body: (SMTPSink) async throws -> Result
    ) async throws -> Result {
        let sink = try await SMTPSink(auth: auth, tls: tls)
        defer { sink.stop() }
        return try await body(sink)
    }

    private init(auth: (user: String, password: String)?, tls: TLS?) async throws {
        let python = Self.repositoryRoot.appendingPathComponent(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw TestFailure("\(python.path) is missing: run scripts/install-deps --test to create the Python venv with aiosmtpd.")
        }
        directory = TemporaryDirectory()
        var arguments = [
            Self.repositoryRoot.appendingPathComponent("Tests/Support/smtp_sink.py").path,
            "--messages", directory.file("messages.jsonl"), "--lifetime", "120",
        ]
        if let auth { arguments += ["--auth", "\(auth.user):\(auth.password)"] }
        if let tls { arguments += ["--tls", tls.rawValue, "--cert-dir", directory.path] }
        certificateFile = tls == nil ? nil : directory.file("cert.pem")

        let portFile = directory.file("port")
        _ = FileManager.default.createFile(atPath: portFile, contents: nil)
        _ = FileManager.default.createFile(atPath: directory.file("sink.log"), contents: nil)
        process = try ChildProcess(python.path, arguments, output: portFile, error: directory.file("sink.log"))

        // The sink prints its port once it accepts connections; poll for it rather than block on a pipe.
        let deadline = Date().addingTimeInterval(20)
        var port: Int?
        while port == nil {
            let text = (try? String(contentsOfFile: portFile, encoding: .utf8)) ?? ""
            if text.hasSuffix("\n") { port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if port != nil { break }
            let log = (try? String(contentsOfFile: directory.file("sink.log"), encoding: .utf8)) ?? ""
            if !process.isRunning {
                directory.remove()
                throw TestFailure("the SMTP sink exited early (is aiosmtpd installed? run scripts/install-deps --test):\n\(log)")
            }
            if Date() > deadline {
                kill(process.processIdentifier, SIGKILL)
                directory.remove()
                throw TestFailure("the SMTP sink did not report a port within 20 s:\n\(log)")
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        self.port = port!
    }

    deinit { stop() }

    /// What the sink wrote to its standard error.
    public var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

    /// The messages received so far, oldest first.
    public func messages() throws -> [ReceivedMail] {
        let text = (try? String(contentsOfFile: messagesFile, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { try JSONDecoder().decode(ReceivedMail.self, from: Data($0.utf8)) }
    }

    /// Waits until at least `count` messages have arrived, for at most `seconds`.
    public func waitForMessages(count: Int = 1, seconds: Double = 10) async throws -> [ReceivedMail] {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let received = try messages()
            if received.count >= count { return received }
            if Date() > deadline { throw TestFailure("\(received.count) of \(count) messages arrived within \(seconds) s:\n\(log)") }
            try await Task.sleep(for: .milliseconds(25))
        }
    }

    /// Kills the sink (it keeps no state worth a graceful stop) and removes its files.
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        directory.remove()
    }

    /// A loopback port nobody listens on right now, for "connection refused".
    public static func unusedPort() throws -> Int { try ServerProcess.freePort() }
}
