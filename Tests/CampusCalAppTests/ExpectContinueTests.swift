import CampusCalTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A client that asks `Expect: 100-continue` before a large upload (curl does above 1 MB) hears
/// `100 Continue` at once instead of waiting out its own timeout.
@Suite("Expect: 100-continue (the campuscal process)")
struct ExpectContinueTests {
    @Test func aClientThatAsksBeforeUploadingIsToldToContinueAtOnce() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try ServerProcess(database: directory.file("campuscal.sqlite"), workingDirectory: directory.path)
        try await server.waitUntilReady()
        let body = #"{"username":"ezra","password":"Passw0rd!"}"#
        let connection = try RawConnection(port: server.port)
        try connection.send(
            "POST /api/v1/auth/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n")
        // Nothing of the body is sent until the server answers: a server that says nothing fails here.
        let interim = try connection.receive()
        #expect(interim.hasPrefix("HTTP/1.1 100 Continue\r\n"), "\(interim)")
        try connection.send(body)
        var final = interim.replacingOccurrences(of: "HTTP/1.1 100 Continue\r\n\r\n", with: "")
        if final.isEmpty { final = try connection.receive() }
        #expect(final.hasPrefix("HTTP/1.1 201"), "\(final)")
        try await server.stop()
    }

    /// A blocking TCP connection with a receive timeout of 5 s × `TestTime.scale` (longer on a busy machine).
    final class RawConnection {
        let descriptor: Int32
        static let timeout = Int(TestTime.budget(5).rounded(.up))

        init(port: Int) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var timeout = timeval(tv_sec: Self.timeout, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw TestFailure("connect failed: errno \(errno)") }
        }

        deinit { close(descriptor) }

        func send(_ text: String) throws {
            let bytes = Array(text.utf8)
            guard Glibc.send(descriptor, bytes, bytes.count, 0) == bytes.count else { throw TestFailure("send failed") }
        }

        /// What arrives next (one read); throws on the timeout.
        func receive() throws -> String {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { throw TestFailure("nothing received within \(Self.timeout) s (errno \(errno))") }
            return String(decoding: buffer[..<count], as: UTF8.self)
        }
    }
}
