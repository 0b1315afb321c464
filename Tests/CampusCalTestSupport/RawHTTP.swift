import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// A blocking HTTP/1.1 client on a plain loopback socket: one connection per request
/// (`Connection: close`), every wait bounded by one deadline.
///
/// Why not `URLSession.shared`: on Linux all its requests go through one libcurl handle and one
/// queue, and their completions resume on Swift's cooperative pool. In the whole suite on a loaded
/// 2-core machine a readiness probe queued there behind other tests' requests for more than 30 s
/// while the server had been listening for 28 (issue #24). A socket of our own, used on a thread of
/// its own (``onThread(_:)``), waits for nothing but the server.
///
/// Failures are `URLError`s, as URLSession's were: callers tell "the server is gone" by them
/// (`.cannotConnectToHost`, `.networkConnectionLost`, `.timedOut`).
public enum RawHTTP {
    public struct Response: Sendable {
        public var status: Int
        /// Header names in lower case; a repeated header keeps its last value.
        public var headers: [String: String]
        public var body: Data

        public init(status: Int, headers: [String: String], body: Data) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// The media type without parameters (`application/problem+json`), lower case.
        public var mediaType: String {
            (headers["content-type"] ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        }
    }

    /// Sends one request to 127.0.0.1:`port` and reads the whole response, within `timeout` seconds
    /// (connecting included). Blocks: call it on a thread of its own, or through ``send(port:_:_:headers:body:timeout:)``.
    public static func sendBlocking(
        port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil, timeout: TimeInterval
    ) throws -> Response {
        let deadline = Date().addingTimeInterval(timeout)
        let socket = try LoopbackSocket(port: port, deadline: deadline)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try socket.send(Data(head.utf8), deadline: deadline)
        if let body, !body.isEmpty { try socket.send(body, deadline: deadline) }
        var received = Data()
        let parser = ResponseParser(method: method)
        while true {
            if let response = try parser.response(in: received, complete: false) { return response }
            guard let more = try socket.receive(deadline: deadline) else {
                if let response = try parser.response(in: received, complete: true) { return response }
                throw URLError(.networkConnectionLost, userInfo: [NSLocalizedDescriptionKey: "connection closed mid-response"])
            }
            received.append(more)
        }
    }

    /// ``sendBlocking(port:_:_:headers:body:timeout:)`` on a thread of its own, not Swift's cooperative pool.
    public static func send(
        port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil, timeout: TimeInterval
    ) async throws -> Response {
        try await onThread { try sendBlocking(port: port, method, path, headers: headers, body: body, timeout: timeout) }
    }

    /// Reads one response from the bytes received so far; nil while more are needed.
    struct ResponseParser {
        let method: String

        func response(in data: Data, complete: Bool) throws -> Response? {
            var data = data
            while true {
                guard let end = data.range(of: Data("\r\n\r\n".utf8)) else {
                    if complete { throw URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "no response head"]) }
                    return nil
                }
                let lines = String(decoding: data[data.startIndex..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
                let parts = lines[0].split(separator: " ", maxSplits: 2)
                guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
                    throw URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "bad status line \(lines[0].debugDescription)"])
                }
                let rest = Data(data[end.upperBound...])
                // An interim response (100 Continue): the real one follows.
                if (100..<200).contains(status) {
                    data = rest
                    continue
                }
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                if method == "HEAD" || status == 204 || status == 304 {
                    return Response(status: status, headers: headers, body: Data())
                }
                if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
                    return try Self.dechunk(rest).map { Response(status: status, headers: headers, body: $0) }
                }
                if let length = headers["content-length"].flatMap(Int.init) {
                    if rest.count >= length { return Response(status: status, headers: headers, body: rest.prefix(length)) }
                    if complete { throw URLError(.networkConnectionLost, userInfo: [NSLocalizedDescriptionKey: "body cut short"]) }
                    return nil
                }
                // Neither: the body ends where the connection does.
                return complete ? Response(status: status, headers: headers, body: rest) : nil
            }
        }

        /// A chunked body, or nil until its last chunk has arrived.
        static func dechunk(_ data: Data) throws -> Data? {
            var body = Data()
            var index = data.startIndex
            while true {
                guard let lineEnd = data.range(of: Data("\r\n".utf8), in: index..<data.endIndex) else { return nil }
                let sizeText = String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
                guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                    throw URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "bad chunk size"])
                }
                let start = lineEnd.upperBound
                if size == 0 { return body }
                guard data.endIndex - start >= size + 2 else { return nil }
                body.append(data[start..<start + size])
                index = start + size + 2
            }
        }
    }
}

/// A non-blocking TCP socket to 127.0.0.1 whose every wait is a `poll` bounded by a deadline.
/// Owned by one thread at a time; closed on deinit unless ``release()`` handed the descriptor on.
/// For tests that speak HTTP byte by byte (`Expect: 100-continue`, half-sent requests).
public final class LoopbackSocket {
    public private(set) var descriptor: Int32
    public let port: Int

    /// Connects to 127.0.0.1:`port` by `deadline`; throws `URLError(.cannotConnectToHost)` when refused.
    public convenience init(port: Int, deadline: Date) throws {
        try self.init(connectingTo: port)
        try finishConnecting(deadline: deadline)
    }

    /// Starts connecting to 127.0.0.1:`port`; ``finishConnecting(deadline:)`` waits for it.
    public init(connectingTo port: Int) throws {
        self.port = port
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw Self.connectFailure(errno, port) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result != 0 && errno != EINPROGRESS { throw Self.connectFailure(errno, port) }
    }

    /// Waits until the connection is made (or refused) by `deadline`.
    public func finishConnecting(deadline: Date) throws {
        try wait(for: Int16(POLLOUT), until: deadline, what: "connecting")
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length)
        if failure != 0 { throw Self.connectFailure(failure, port) }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Hands the descriptor on: the caller closes it from now on.
    public func release() -> Int32 {
        defer { descriptor = -1 }
        return descriptor
    }

    static func connectFailure(_ code: Int32, _ port: Int) -> URLError {
        URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: "connect to 127.0.0.1:\(port): \(String(cString: strerror(code)))"])
    }

    /// Sends all of `data` by `deadline`. MSG_NOSIGNAL: a peer that closed must not SIGPIPE the test process.
    public func send(_ data: Data, deadline: Date) throws {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { bytes in
                Glibc.send(descriptor, bytes.baseAddress! + offset, data.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0 && (errno == EAGAIN || errno == EINTR) {
                try wait(for: Int16(POLLOUT), until: deadline, what: "sending")
            } else {
                throw URLError(.networkConnectionLost, userInfo: [NSLocalizedDescriptionKey: "send: \(String(cString: strerror(errno)))"])
            }
        }
    }

    /// The next bytes by `deadline`, or nil when the peer closed. A reset counts as lost.
    public func receive(deadline: Date) throws -> Data? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 { return Data(buffer[..<count]) }
            if count == 0 { return nil }
            guard errno == EAGAIN || errno == EINTR else {
                throw URLError(.networkConnectionLost, userInfo: [NSLocalizedDescriptionKey: "recv: \(String(cString: strerror(errno)))"])
            }
            try wait(for: Int16(POLLIN), until: deadline, what: "waiting for the response")
        }
    }

    /// Polls for `events` until `deadline`; throws `URLError(.timedOut)` when it passes.
    public func wait(for events: Int16, until deadline: Date, what: String) throws {
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: "timed out \(what)"]) }
            var poller = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&poller, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready > 0 || (ready < 0 && errno != EINTR) { return }
        }
    }
}
