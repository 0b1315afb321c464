import CZlib
import Foundation

/// gzip (RFC 1952) through the system's zlib.
///
/// Used for the cached occurrence lists: a month view is ~100 KB of very repetitive JSON that
/// compresses ~15×, and it is compressed once per cache entry, not once per request. Browsers and
/// phone apps all send `Accept-Encoding: gzip`.
enum Gzip {
    /// `bytes` compressed, or nil if zlib fails (then the caller sends them uncompressed).
    static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8]? {
        var stream = z_stream()
        // windowBits 15 + 16: a gzip header and trailer instead of zlib's.
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }

    /// `bytes` decompressed, or nil if they are not valid gzip (or would exceed `limit`).
    static func decompress(_ bytes: [UInt8], limit: Int = 64 << 20) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = bytes
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { target -> (Int32, Int) in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, target.count - Int(stream.avail_out))
                }
                result += chunk.prefix(produced)
                if result.count > limit { return nil }
                if status == Z_STREAM_END { return result }
                guard status == Z_OK else { return nil }
            }
        }
    }

    /// Whether an `Accept-Encoding` value accepts gzip: listed (or `*`) without `q=0`.
    static func isAccepted(by acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        return acceptEncoding.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.first == "gzip" || parts.first == "*" else { return false }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0
        }
    }
}
