import Foundation

/// Reads `.ics` fixtures from `Tests/Fixtures/ics`, found relative to this source file so the
/// tests run from any working directory.
enum ICalendarFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ics")

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// Joins lines with CRLF, as a conforming producer would.
    static func crlf(_ lines: String...) -> String { crlf(lines) }

    static func crlf(_ lines: [String]) -> String { lines.joined(separator: "\r\n") + "\r\n" }
}
