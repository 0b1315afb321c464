import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One end of the socket between the server and a plugin runner: JSON values, one per line.
///
/// Blocking reads and writes — used only on a plugin's own worker thread (server side) or the
/// runner's, never on an event loop. The protocol is strictly request → (host calls) → answer, so
/// there is only ever one reader and one writer at a time; the locks make that a guarantee.
final class RunnerChannel: @unchecked Sendable {
    // @unchecked: `buffer` is only touched under `readLock`; writes are serialised by `writeLock`;
    // `descriptor` is immutable (closing it is idempotent through `closed`, under `writeLock`).
    let descriptor: Int32
    private let readLock = NSLock()
    private let writeLock = NSLock()
    private var buffer: [UInt8] = []
    private var closed = false

    /// The longest line either side accepts: a bound on what a misbehaving peer can make us hold.
    /// Sized for the largest file an exporter may write (16 MiB, base64 in JSON) or the 50,000
    /// events of one export or import.
    static let maximumLineBytes = 48 << 20

    struct Closed: Error {}

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// A connected pair (server end, runner end), both close-on-exec.
    static func pair() throws -> (RunnerChannel, Int32) {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw Closed()
        }
        return (RunnerChannel(descriptor: ends[0]), ends[1])
    }

    func send<Value: Encodable>(_ value: Value) throws {
        var bytes = Array(try JSONEncoder().encode(value))
        bytes.append(UInt8(ascii: "\n"))
        try writeLock.withLock {
            guard !closed else { throw Closed() }
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Closed()
                }
                offset += written
            }
        }
    }

    /// The next value; throws `Closed` at end of stream (the peer exited) or on an overlong line.
    func receive<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let line = try readLock.withLock { try nextLine() }
        return try JSONDecoder().decode(type, from: Data(line))
    }

    private func nextLine() throws -> [UInt8] {
        var searched = 0
        while true {
            if let newline = Self.firstNewline(in: buffer, from: searched) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            searched = buffer.count
            guard buffer.count <= Self.maximumLineBytes else { throw Closed() }
            let count = try Self.readChunk(from: descriptor, appendingTo: &buffer)
            guard count > 0 else { throw Closed() }
        }
    }

    /// Where the first newline at or after `start` is. `memchr`, not `firstIndex(of:)`: a runner's
    /// answer may be tens of megabytes, and a byte-by-byte Swift loop over it costs a debug or
    /// sanitizer build seconds of the call's deadline (a forged 1 MiB answer took 0.5 s under ASan).
    static func firstNewline(in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { all -> Int? in
            guard let base = all.baseAddress, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), all.count - start) else {
                return nil
            }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Reads what is there (up to 64 KiB) onto the end of `buffer`, retrying an interrupted read;
    /// 0 at end of stream.
    private static func readChunk(from descriptor: Int32, appendingTo buffer: inout [UInt8]) throws -> Int {
        let chunk = 64 << 10
        let start = buffer.count
        while true {
            var count = 0
            var failure: Int32 = 0
            buffer.append(contentsOf: repeatElement(0, count: chunk))
            buffer.withUnsafeMutableBufferPointer { all in
                count = read(descriptor, all.baseAddress! + start, chunk)
                failure = count < 0 ? errno : 0  // before anything else can change errno
            }
            buffer.removeLast(chunk - max(count, 0))
            if failure == EINTR { continue }
            if count < 0 { throw Closed() }
            return count
        }
    }

    /// Closes this end (the peer then reads end of stream).
    func close() {
        writeLock.withLock {
            guard !closed else { return }
            closed = true
            _ = Glibc.close(descriptor)
        }
    }

    /// Wakes a reader blocked on this end without closing it (used when a call overran its deadline).
    func shutDown() { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
}
