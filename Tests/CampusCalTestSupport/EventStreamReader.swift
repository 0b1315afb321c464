import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A raw HTTP/1.1 client for `text/event-stream` responses, which the buffered test client cannot
/// read while they are still open: connects to 127.0.0.1, sends one GET, and collects what arrives.
///
/// Blocking I/O on a thread of its own, never on Swift's cooperative pool: that pool has one thread
/// per core, and two readers blocked in `poll` there would starve the in-process server they wait
/// for. One reader per stream, not shared.
public final class EventStreamReader: @unchecked Sendable {
    // @unchecked: `socket` and `received` are touched only by the one thread that serves the
    // current call (`open`, then `read(until:)` calls awaited one after another).
    private var socket: Int32 = -1
    private var received = ""

    public init() {}

    deinit { if socket >= 0 { close(socket) } }

    public func open(port: Int, path: String, token: String) async throws {
        try await onThread { [self] in
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
            let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nAccept: text/event-stream\r\n\r\n"
            _ = request.withCString { send(socket, $0, strlen($0), 0) }
        }
    }

    /// Everything received so far once it contains `marker`, or nil after `timeout` seconds.
    public func read(until marker: String, timeout: TimeInterval = 5) async -> String? {
        try? await onThread { [self] () -> String? in
            let deadline = Date().addingTimeInterval(timeout)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !received.contains(marker) {
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { return nil }
                var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, Int32(left * 1000)) > 0 else { return nil }
                let count = recv(socket, &buffer, buffer.count, 0)
                guard count > 0 else { return received.contains(marker) ? received : nil }
                received += String(decoding: buffer[0..<count], as: UTF8.self)
            }
            return received
        } ?? nil
    }
}
