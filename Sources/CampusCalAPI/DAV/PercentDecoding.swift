extension StringProtocol {
    /// The text with its `%XX` escapes decoded (RFC 3986 §2.1), or nil when an escape is
    /// malformed or the bytes are not UTF-8 — what Foundation's `removingPercentEncoding` answers,
    /// on bytes: that goes through CFString, and on every DAV request's path it was a few percent
    /// of a PUT's CPU (issue #29). A text without `%` is returned as it is. Unlike Foundation,
    /// which turns a lone continuation byte (`%A9`) into U+FFFD, bytes that are not UTF-8 are
    /// always refused: a path names one thing or nothing.
    var decodingPercentEscapes: String? {
        let utf8 = self.utf8
        guard utf8.contains(UInt8(ascii: "%")) else { return String(self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
