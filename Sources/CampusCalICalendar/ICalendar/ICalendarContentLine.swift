import Foundation

/// The content-line grammar (RFC 5545 §3.1): unfolding physical lines into logical ones and
/// splitting `NAME;PARAM=a,"b;c":value`.
///
/// It works on UTF-8 bytes rather than `Character`s: a feed of ten thousand events is a million
/// characters, and grapheme breaking every one of them is the slow part of a naive parser. Only
/// names, parameter values and the value itself become `String`s.
enum ICalendarContentLine {
    /// One logical (unfolded) line and the physical line it started on.
    struct Logical {
        var line: Int
        var bytes: [UInt8]
        /// The line was longer than the reader's bound: `bytes` holds only its start.
        var isOverlong = false
    }

    /// Unfolds `bytes`: a line break is CRLF, bare LF or bare CR; a line starting with a space or a
    /// tab continues the previous one (the break and that one character are removed).
    ///
    /// Lazily, one logical line at a time, so that reading never holds a second copy of the whole
    /// input; and each line keeps at most `maximumLineBytes` (the rest is skipped and the line is
    /// marked overlong), so that one hostile line cannot make every copy of it expensive.
    static func unfold(_ bytes: [UInt8], maximumLineBytes: Int = ICalendarParser.Limits.standard.maximumLineBytes) -> LogicalLines {
        LogicalLines(bytes: bytes, maximumLineBytes: maximumLineBytes)
    }

    /// The logical lines of a source, in order (see `unfold`).
    struct LogicalLines: Sequence, IteratorProtocol {
        let bytes: [UInt8]
        let maximumLineBytes: Int
        private var index = 0
        private var lineNumber = 0

        init(bytes: [UInt8], maximumLineBytes: Int) {
            self.bytes = bytes
            self.maximumLineBytes = maximumLineBytes
            // A UTF-8 byte order mark at the start is not content.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        }

        mutating func next() -> Logical? {
            let count = bytes.count
            guard index < count else { return nil }
            var logical: Logical?
            while index < count {
                let start = index
                while index < count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                let end = index
                let isContinuation = end > start && (bytes[start] == 0x20 || bytes[start] == 0x09)
                if logical != nil, !isContinuation {
                    // The next line starts here: leave it (and its line break) for the next call.
                    index = start
                    break
                }
                lineNumber += 1
                if index < count {
                    if bytes[index] == 0x0D, index + 1 < count, bytes[index + 1] == 0x0A { index += 2 } else { index += 1 }
                }
                if logical == nil {
                    logical = Logical(line: lineNumber, bytes: [])
                    append(bytes[start..<end], to: &logical!)
                } else {
                    append(bytes[(start + 1)..<end], to: &logical!)
                }
            }
            return logical
        }

        private func append(_ slice: ArraySlice<UInt8>, to logical: inout Logical) {
            let room = maximumLineBytes - logical.bytes.count
            if slice.count <= room {
                logical.bytes.append(contentsOf: slice)
            } else {
                logical.bytes.append(contentsOf: slice.prefix(Swift.max(0, room)))
                logical.isOverlong = true
            }
        }
    }

    /// A parsed content line.
    struct Parsed {
        var name: String
        var parameters: [ICalendarParameter]
        var value: String
    }

    /// Why a line could not be parsed, as a sentence for an issue.
    struct Failure: Error {
        var message: String
    }

    private static let colon = UInt8(ascii: ":")
    private static let semicolon = UInt8(ascii: ";")
    private static let comma = UInt8(ascii: ",")
    private static let equals = UInt8(ascii: "=")
    private static let quote = UInt8(ascii: "\"")

    /// Parses one logical line.
    static func parse(_ bytes: [UInt8]) -> Result<Parsed, Failure> {
        let count = bytes.count
        var index = 0
        while index < count, bytes[index] != colon, bytes[index] != semicolon { index += 1 }
        guard let name = makeName(bytes[0..<index]) else {
            let shown = String(decoding: bytes[0..<min(index, 40)], as: UTF8.self)
            if index >= count {
                return .failure(Failure(message: "no ':' between name and value in '\(shown)'"))
            }
            return .failure(Failure(message: "invalid property name '\(shown)'"))
        }
        guard index < count else {
            return .failure(Failure(message: "no ':' between the name \(name) and a value"))
        }
        var parameters: [ICalendarParameter] = []
        while index < count, bytes[index] == semicolon {
            index += 1
            let nameStart = index
            while index < count, bytes[index] != equals, bytes[index] != colon, bytes[index] != semicolon { index += 1 }
            guard index < count, bytes[index] == equals, let parameterName = makeName(bytes[nameStart..<index]) else {
                let shown = String(decoding: bytes[nameStart..<min(index, count)], as: UTF8.self)
                return .failure(Failure(message: "parameter '\(shown)' of \(name) has no '=value'"))
            }
            index += 1
            var values: [String] = []
            while true {
                if index < count, bytes[index] == quote {
                    index += 1
                    let valueStart = index
                    while index < count, bytes[index] != quote { index += 1 }
                    guard index < count else {
                        return .failure(Failure(message: "unterminated quoted value of parameter \(parameterName) of \(name)"))
                    }
                    values.append(decodeParameterValue(bytes[valueStart..<index]))
                    index += 1
                } else {
                    let valueStart = index
                    while index < count, bytes[index] != comma, bytes[index] != semicolon, bytes[index] != colon { index += 1 }
                    values.append(decodeParameterValue(bytes[valueStart..<index]))
                }
                if index < count, bytes[index] == comma {
                    index += 1
                    continue
                }
                break
            }
            parameters.append(ICalendarParameter(name: parameterName, values: values))
        }
        guard index < count, bytes[index] == colon else {
            return .failure(Failure(message: "no ':' before the value of \(name)"))
        }
        let value = String(decoding: bytes[(index + 1)...], as: UTF8.self)
        return .success(Parsed(name: name, parameters: parameters, value: value))
    }

    /// An upper-cased name if `bytes` (trimmed of stray blanks) is a valid iana-token or x-name.
    /// Underscores are accepted because some producers use them in X- names.
    private static func makeName(_ bytes: ArraySlice<UInt8>) -> String? {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        guard !slice.isEmpty else { return nil }
        var upper: [UInt8] = []
        upper.reserveCapacity(slice.count)
        for byte in slice {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                upper.append(byte)
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                upper.append(byte - 32)
            default:
                return nil
            }
        }
        return String(decoding: upper, as: UTF8.self)
    }

    /// Decodes RFC 6868 escapes: `^n` newline, `^'` double quote, `^^` caret; any other `^` stays.
    private static func decodeParameterValue(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "^")) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "^"), index + 1 < bytes.endIndex {
                switch bytes[index + 1] {
                case UInt8(ascii: "n"), UInt8(ascii: "N"):
                    out.append(0x0A)
                    index += 2
                    continue
                case UInt8(ascii: "'"):
                    out.append(quote)
                    index += 2
                    continue
                case UInt8(ascii: "^"):
                    out.append(byte)
                    index += 2
                    continue
                default: break
                }
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
