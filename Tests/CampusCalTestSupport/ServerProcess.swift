import CampusCalPlugins
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The real `campuscal` executable, started as a child process on a free loopback port.
///
/// For what only a real process shows: signal handling, and durability when the process is killed.
public final class ServerProcess: Sendable {
    public let port: Int
    private let process: ChildProcess
    private let logFile: String

    /// The `campuscal` binary built beside the test bundle.
    public static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("campuscal")
    }

    public init(database: String, workingDirectory: String, extraArguments: [String] = []) throws {
        port = try Self.freePort()
        logFile = workingDirectory + "/server-\(port).log"
        _ = FileManager.default.createFile(atPath: logFile, contents: nil)
        process = try ChildProcess(
            Self.executable.path, ["serve", "--host", "127.0.0.1", "--port", String(port), "--database", database] + extraArguments,
            directory: workingDirectory, output: logFile, error: logFile)
    }

    /// What the server logged so far.
    public var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

    /// Waits until `/healthz` answers, for at most `seconds`.
    public func waitUntilReady(seconds: Double = 30) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if process.isRunning, let (_, status) = try? await request("GET", "/healthz"), status == 200 { return }
            if !process.isRunning { throw TestFailure("server exited early:\n\(log)") }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("server not ready after \(seconds) s:\n\(log)")
    }

    /// One HTTP request; returns the body and status.
    public func request(_ method: String, _ path: String, json: [String: Any]? = nil, token: String? = nil) async throws -> (Data, Int) {
        try await request(
            method, path, body: try json.map { try JSONSerialization.data(withJSONObject: $0) }, contentType: "application/json", token: token)
    }

    /// One HTTP request with a body of any type (an iCalendar file, say); returns the body and status.
    public func request(_ method: String, _ path: String, body: Data?, contentType: String, token: String? = nil) async throws -> (Data, Int) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }

    /// Sends `signal` and waits for the process to exit; returns its exit status.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeout: Double = 15) async throws -> Int32 {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            throw TestFailure("server did not stop within \(timeout) s after signal \(signal)")
        }
        return process.terminationStatus
    }

    /// A loopback port nobody listens on right now.
    static func freePort() throws -> Int {
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
