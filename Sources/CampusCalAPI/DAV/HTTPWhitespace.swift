extension String {
    /// The value without the spaces and tabs around it (HTTP's optional white space, RFC 9110 §5.6.3).
    /// On bytes, not through Foundation's `trimmingCharacters`, which bridges to `NSString`: every
    /// DAV request trims its credentials and a header or two, and that bridge showed in a PUT's profile.
    var trimmingHTTPWhitespace: String {
        var start = startIndex
        var end = endIndex
        while start < end, utf8[start] == 0x20 || utf8[start] == 0x09 { start = utf8.index(after: start) }
        while start < end, utf8[utf8.index(before: end)] == 0x20 || utf8[utf8.index(before: end)] == 0x09 { end = utf8.index(before: end) }
        return String(self[start..<end])
    }
}
