import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writes each log record as one JSON line: `time` (UTC, milliseconds), `level`, `label`, `message`,
/// then the metadata, nested values as JSON objects and arrays rather than their descriptions.
///
/// Lines are whole whatever their length or how many threads log at once: every line goes out in
/// one loop of `write(2)` calls under one process-wide lock. Without it, lines over the pipe's
/// atomic size (4 KiB on Linux) from two threads could interleave, and a log collector would
/// read neither (issue #32's review).
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    /// Where lines go: standard error, unless a test gives another descriptor.
    let descriptor: Int32

    init(label: String, descriptor: Int32 = STDERR_FILENO) {
        self.label = label
        self.descriptor = descriptor
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// One lock for every handler of the process: they share the descriptor.
    private static let writing = Mutex(())

    func log(event: LogEvent) {
        guard var line = Self.line(event, label: label, metadata: metadata, at: Date()) else { return }
        line.append(0x0A)
        Self.writing.withLock { _ in
            line.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written > 0 {
                        offset += written
                    } else if written < 0 && errno == EINTR {
                        continue
                    } else {
                        return  // a closed or full log: nothing better to do than drop the line
                    }
                }
            }
        }
    }

    /// The JSON of one record. The record's own fields win over metadata of the same name, so a
    /// caller's `message` metadata cannot disguise what was logged.
    static func line(_ event: LogEvent, label: String, metadata: Logger.Metadata, at date: Date) -> Data? {
        var record: [String: Any] = [:]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) { record[key] = json(value) }
        record["time"] = date.formatted(Self.time)
        record["level"] = event.level.rawValue
        record["label"] = label
        record["message"] = "\(event.message)"
        return try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    private static let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    private static func json(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case .string(let text): text
        case .stringConvertible(let convertible): "\(convertible)"
        case .array(let values): values.map(json)
        case .dictionary(let entries): entries.mapValues(json)
        }
    }
}
