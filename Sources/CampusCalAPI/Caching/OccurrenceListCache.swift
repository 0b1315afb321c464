import CampusCalCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Synchronization

/// Encoded occurrence lists — the month and week views every client asks for again and again —
/// keyed by everything they are computed from: the calendars with their `eventsVersion`s, the
/// window and the viewer's zone.
///
/// Nothing is ever invalidated: any event write bumps its calendar's `eventsVersion` (a trigger,
/// in the same transaction), so the next request builds a new key and the old entry just ages out.
/// A stale list therefore cannot be served. The key also gives the list a weak `ETag`, so a client
/// that sends it back in `If-None-Match` gets `304 Not Modified` without a body.
final class OccurrenceListCache: Sendable {
    struct Key: Hashable, Sendable {
        /// Calendar id, events version and (below `read`) the caller's access, in the order the list
        /// covers them; then `~` and each invited event's id and version.
        var calendars: [String]
        var from: Date
        var to: Date
        var zone: String

        init(calendars: [AccessibleCalendar], invited: [CalendarEvent] = [], from: Date, to: Date, zone: String) {
            // The same calendar reads differently at free-busy, read (private events hidden) and owner level.
            self.calendars =
                calendars.map { "\($0.calendar.id.rawValue)@\($0.calendar.eventsVersion)\($0.access == .owner ? "" : ":\($0.access.rawValue)")" }
                + invited.map { "~\($0.id.rawValue)@\($0.version)" }
            self.from = from
            self.to = to
            self.zone = zone
        }

        /// A weak ETag naming this key: FNV-1a over its parts (collisions only cost a 200 instead of a 304
        /// when the client's tag came from a different list, which needs the same 64-bit hash).
        var entityTag: String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in "\(calendars.joined(separator: ","))|\(from.timeIntervalSince1970)|\(to.timeIntervalSince1970)|\(zone)".utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            return "W/\"o\(String(hash, radix: 36))\""
        }
    }

    private struct Entry: Sendable {
        var body: ByteBuffer
        /// The body gzipped, made on the first request that accepts it.
        var gzipped: ByteBuffer?

        var size: Int { body.readableBytes + (gzipped?.readableBytes ?? 0) }
    }

    /// Weighed in bytes of encoded lists.
    private let table: Mutex<RecentlyUsedTable<Key, Entry>>

    /// The most bytes of encoded lists kept; the least recently used go first.
    var capacityBytes: Int { table.withLock { $0.capacity } }

    init(capacityBytes: Int = 64 << 20) { table = Mutex(RecentlyUsedTable(capacity: capacityBytes)) }

    /// The response for `key`: `304` when the client already has it, else the cached body (gzipped
    /// when the client accepts that), else the body `encode` makes, kept for the next caller.
    func response(for key: Key, request: Request, encode: () async throws -> [UInt8]) async throws -> Response {
        let tag = key.entityTag
        // The same list goes out gzipped or not; caches between us and the client must keep them apart.
        var headers: HTTPFields = [.eTag: tag, .vary: "Accept-Encoding"]
        if EntityTag.isCurrent(tag, ifNoneMatch: request.headers) { return Response(status: .notModified, headers: headers) }
        headers[.contentType] = "application/json; charset=utf-8"
        let wantsGzip = Gzip.isAccepted(by: request.headers[.acceptEncoding])
        var entry = cached(key)
        if entry == nil {
            let body = ByteBuffer(bytes: try await encode())
            entry = Entry(body: body)
            store(entry!, for: key)
        }
        guard wantsGzip, var entry else { return Response(status: .ok, headers: headers, body: .init(byteBuffer: entry!.body)) }
        if entry.gzipped == nil, let compressed = Gzip.compress(Array(entry.body.readableBytesView)) {
            entry.gzipped = ByteBuffer(bytes: compressed)
            store(entry, for: key)
        }
        guard let gzipped = entry.gzipped else { return Response(status: .ok, headers: headers, body: .init(byteBuffer: entry.body)) }
        headers[.contentEncoding] = "gzip"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: gzipped))
    }

    private func cached(_ key: Key) -> Entry? { table.withLock { $0.value(for: key) } }

    private func store(_ entry: Entry, for key: Key) { table.withLock { $0.insert(entry, weight: entry.size, for: key) } }
}
