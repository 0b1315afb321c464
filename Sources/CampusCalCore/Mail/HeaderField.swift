import Foundation

/// One header field being written: sanitizes values, encodes non-ASCII text as RFC 2047
/// encoded-words and folds lines (RFC 5322 section 2.2.3) so they stay within 78 characters.
struct HeaderField {
    /// The line length RFC 5322 asks writers to keep to (the hard limit is 998).
    static let preferredLineLength = 78

    private var lines: [String]

    init(name: String) { lines = [name + ":"] }

    /// The folded field, lines joined with CRLF, ending with CRLF.
    var rendered: String { lines.joined(separator: "\r\n") + "\r\n" }

    /// Appends a token that starts with a space; when it does not fit on the current line the
    /// field is folded before it, which (as RFC 5322 requires) only inserts CRLF before whitespace.
    mutating func append(_ token: String) {
        precondition(token.first == " ", "a folded token must start with whitespace")
        let current = lines[lines.count - 1]
        // Never fold right after "Name:", which would leave the value on a line of its own.
        if current.count + token.count > Self.preferredLineLength && current.last != ":" {
            lines.append(token)
        } else {
            lines[lines.count - 1] += token
        }
    }

    /// Appends unstructured text (Subject, extra headers): as words when it is plain ASCII, as
    /// encoded-words otherwise.
    mutating func appendUnstructured(_ text: String) {
        let clean = Self.sanitized(text)
        if Self.needsEncoding(clean) {
            for word in Self.encodedWords(clean) { append(" " + word) }
        } else {
            for word in Self.wordsKeepingSpaces(clean) { append(" " + word) }
        }
    }

    /// Appends a display name (a phrase): quoted when ASCII, encoded-words otherwise.
    mutating func appendDisplayName(_ name: String) {
        let clean = Self.sanitized(name)
        if Self.needsEncoding(clean) {
            for word in Self.encodedWords(clean) { append(" " + word) }
        } else {
            let escaped = clean.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            append(" \"" + escaped + "\"")
        }
    }

    /// Line breaks and other control characters replaced by spaces: a header value can then
    /// never end the field early and start another one (header injection). Tabs become spaces too.
    static func sanitized(_ text: String) -> String {
        var result = ""
        for character in text {
            // "\r\n" is a single Character, so a CRLF becomes one space, not two.
            let isControl = character.isNewline || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            result.append(isControl ? " " : character)
        }
        return result
    }

    /// Text that cannot go into a header as it is: non-ASCII, something that a reader would take
    /// for an encoded-word, or a word too long to fold.
    private static func needsEncoding(_ text: String) -> Bool {
        !text.utf8.allSatisfy({ $0 < 0x80 }) || text.contains("=?")
            || text.split(separator: " ").contains { $0.utf8.count > preferredLineLength - 10 }
    }

    /// The text cut at spaces into tokens that, each behind one space, add up to " " + `text`:
    /// a run of spaces stays with the following word, so unfolding gives back the exact text.
    private static func wordsKeepingSpaces(_ text: String) -> [String] {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        var words: [String] = []
        var pendingSpaces = ""
        for (index, part) in parts.enumerated() {
            if part.isEmpty && index < parts.count - 1 {
                pendingSpaces += " "
                continue
            }
            words.append(pendingSpaces + part)
            pendingSpaces = ""
        }
        // Trailing spaces ride on the word before them: a folded line of only whitespace is not allowed.
        if words.count > 1, words[words.count - 1].allSatisfy({ $0 == " " }) {
            let spaces = words.removeLast()
            words[words.count - 1] += " " + spaces
        }
        return words
    }

    /// Base64 encoded-words (`=?UTF-8?B?…?=`) of at most 42 bytes of text each: 56 characters of
    /// Base64, 68 with the delimiters, which fits a folded line even after `Subject: `. Words are
    /// cut between characters, so none holds half a UTF-8 sequence (RFC 2047 section 5).
    static func encodedWords(_ text: String) -> [String] {
        let maximumBytes = 42
        var chunks: [[UInt8]] = [[]]
        for character in text {
            let bytes = Array(character.utf8)
            if chunks[chunks.count - 1].count + bytes.count > maximumBytes && !chunks[chunks.count - 1].isEmpty {
                chunks.append([])
            }
            chunks[chunks.count - 1] += bytes
        }
        return chunks.map { "=?UTF-8?B?" + Data($0).base64EncodedString() + "?=" }
    }
}
