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
    private var socket: LoopbackSocket?
    private var received = ""

    public init() {}

    public func open(port: Int, path: String, token: String) async throws {
        try await onThread { [self] in
            let deadline = Date().addingTimeInterval(TestTime.budget(10))
            let connection = try LoopbackSocket(port: port, deadline: deadline)
            let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nAccept: text/event-stream\r\n\r\n"
            try connection.send(Data(request.utf8), deadline: deadline)
            socket = connection
        }
    }

    /// Everything received so far once it contains `marker`, or nil after `timeout` seconds.
    public func read(until marker: String, timeout: TimeInterval = 5) async -> String? {
        try? await onThread { [self] () -> String? in
            guard let socket else { return nil }
            let deadline = Date().addingTimeInterval(timeout)
            while !received.contains(marker) {
                guard let more = try socket.receive(deadline: deadline) else { return received.contains(marker) ? received : nil }
                received += String(decoding: more, as: UTF8.self)
            }
            return received
        } ?? nil
    }
}
