import Foundation
import Logging

/// Process-wide logging: plain text for a terminal, one JSON object per line for log collectors.
public enum LoggingSetup {
    /// Installs the handler for `format` ("text" or "json"); call once, before any logger is made.
    public static func bootstrap(format: String, level: String) {
        let level = Logger.Level(rawValue: level) ?? .info
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler =
                format == "json" ? JSONLogHandler(label: label) : StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}

/// Writes each log record as one JSON line on standard error: time, level, label, message, metadata.
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var record: [String: String] = [
            "time": Date().formatted(.iso8601), "level": event.level.rawValue, "label": label, "message": "\(event.message)",
        ]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
            record[key] = "\(value)"
        }
        guard var data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]) else { return }
        data.append(0x0A)
        FileHandle.standardError.write(data)
    }
}
