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
