/// Quoted-printable body encoding (RFC 2045 section 6.7), for text that is mostly ASCII.
///
/// Every output line is at most 76 characters including a soft break's `=`, so that no relay
/// has to rewrap it; output is 7-bit ASCII with CRLF line ends, so nothing on the way can mangle it.
enum QuotedPrintable {
    /// The longest encoded line, `=` of a soft break included (RFC 2045's limit).
    static let maximumLineLength = 76

    /// Encodes `text` as UTF-8; any line ending (CRLF, CR, LF) becomes a hard CRLF break. The
    /// result ends with CRLF.
    static func encode(_ text: String) -> String {
        var output = ""
        for line in lines(of: text) {
            encodeLine(Array(line.utf8), into: &output)
            output += "\r\n"
        }
        return output
    }

    /// The text's lines, whatever their line endings; a final line ending adds no empty line.
    private static func lines(of text: String) -> [Substring] {
        // Splitting on Character: "\r\n" is one Character, so CRLF counts as one break, as do CR and LF.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" })
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    private static func encodeLine(_ bytes: [UInt8], into output: inout String) {
        var lineLength = 0
        var index = 0
        while index < bytes.count {
            // One unit is a whole UTF-8 sequence, so its `=XX` triples are never split by a soft break.
            let length = sequenceLength(leadByte: bytes[index], available: bytes.count - index)
            let unit = encodeUnit(bytes[index..<index + length], atLineStart: lineLength == 0, atLineEnd: index + length == bytes.count)
            index += length
            // The last unit may use the 76th column; any other must leave room for the soft break's "=".
            let limit = index == bytes.count ? maximumLineLength : maximumLineLength - 1
            if lineLength + unit.count > limit && lineLength > 0 {
                output += "=\r\n"
                lineLength = 0
                // Re-encode: a unit that was mid-line may now start a line (a "." must then be escaped).
                let restarted = encodeUnit(bytes[index - length..<index], atLineStart: true, atLineEnd: index == bytes.count)
                output += restarted
                lineLength = restarted.count
            } else {
                output += unit
                lineLength += unit.count
            }
        }
    }

    /// How many bytes the UTF-8 sequence starting with `leadByte` takes (1 for a stray byte).
    private static func sequenceLength(leadByte: UInt8, available: Int) -> Int {
        let length: Int
        switch leadByte {
        case 0xC0..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF8: length = 4
        default: length = 1
        }
        return min(length, available)
    }

    private static func encodeUnit(_ bytes: ArraySlice<UInt8>, atLineStart: Bool, atLineEnd: Bool) -> String {
        var unit = ""
        for byte in bytes {
            let literal: Bool
            switch byte {
            case UInt8(ascii: "="): literal = false
            // Whitespace at the end of a line may be stripped in transit (RFC 2045 rule 3).
            case UInt8(ascii: " "), UInt8(ascii: "\t"): literal = !atLineEnd
            // A "." opening a line is SMTP's end-of-data marker if a relay forgets dot-stuffing.
            case UInt8(ascii: "."): literal = !atLineStart
            case 0x21...0x7E: literal = true
            default: literal = false
            }
            if literal {
                unit.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                unit += "=" + hexDigits[Int(byte >> 4)] + hexDigits[Int(byte & 0x0F)]
            }
        }
        return unit
    }

    private static let hexDigits = "0123456789ABCDEF".map(String.init)
}
