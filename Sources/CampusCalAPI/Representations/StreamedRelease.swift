import CampusCalPrivacy
import Foundation
import HTTPTypes
import Hummingbird

/// A third-party release written as it goes: its summary, then its records a chunk at a time.
///
/// A campus's release is hundreds of megabytes of JSON (9,000 students: 160 MB); encoded whole it
/// would sit in memory twice over, as the encoder's tree and as the body. Streamed, only one chunk
/// of records is ever made and encoded at a time (issue #27; `ReleasedRecords`).
enum StreamedRelease {
    static let recordsPerChunk = 2_000

    static func response(_ release: Release) throws -> Response {
        var summary = release
        summary.records = .none
        let encoded = try APIJSON.encoder.encode(summary)
        // The summary's `"records":[]` is where the records go: a quote inside a string value is
        // always escaped, so this byte sequence can only be the key itself.
        let marker = Array(#""records":[]"#.utf8)
        // (Never missing; were it, the release would still go out whole, just not streamed.)
        guard let at = Array(encoded).firstRange(of: marker) else { return try JSONResponse.make(release) }
        let head = Array(encoded[..<(encoded.startIndex + at.upperBound - 1)])
        let tail = Array(encoded[(encoded.startIndex + at.upperBound - 1)...])
        let records = release.records
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(bytes: head))
                var first = true
                try await records.forEachBatch(of: recordsPerChunk) { batch in
                    var chunk = try APIJSON.encoder.encode(batch)
                    // `[a,b]` → `a,b`, with a comma before every chunk but the first.
                    chunk.removeFirst()
                    chunk.removeLast()
                    var buffer = ByteBuffer()
                    if !first { buffer.writeString(",") }
                    first = false
                    buffer.writeBytes(chunk)
                    try await writer.write(buffer)
                }
                try await writer.write(ByteBuffer(bytes: tail))
                try await writer.finish(nil)
            })
    }
}
