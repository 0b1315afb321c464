import Foundation

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// `trimmingCharacters(in: .whitespaces)`, without the trip through `NSString` when there is
    /// nothing to trim — nearly every iCalendar value: a phone's PUT trims a dozen of them, and
    /// Foundation's bridge was a visible part of the PUT's CPU (issue #29). Same answer always: a
    /// text that starts and ends with a printable ASCII character has no whitespace to lose.
    package func trimmingWhitespace() -> String {
        needsNoTrimming ? String(self) : trimmingCharacters(in: .whitespaces)
    }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, with the same shortcut.
    package func trimmingWhitespaceAndNewlines() -> String {
        needsNoTrimming ? String(self) : trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Empty, or its first and last bytes printable ASCII (neither set holds one of those).
    private var needsNoTrimming: Bool {
        guard let first = utf8.first, let last = utf8.last else { return true }
        return (0x21...0x7E).contains(first) && (0x21...0x7E).contains(last)
    }
}
