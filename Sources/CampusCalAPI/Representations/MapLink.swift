/// A map link for a free-text location (SRS 3.2.8): a search any phone opens in its maps app.
///
/// The query is percent-encoded as Foundation's `addingPercentEncoding` would with
/// `urlQueryAllowed` minus `&=+#?` (`MapLinkTests` holds the two equal), but by a byte table:
/// building that `CharacterSet` for each event was a visible cost of the week view (issue #11).
enum MapLink {
    static func url(for location: String?) -> String? {
        guard let location, location.unicodeScalars.contains(where: { !isBlank($0) }) else { return nil }
        var query: [UInt8] = []
        query.reserveCapacity(location.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in location.utf8 {
            if byte < 0x80, allowed[Int(byte)] {
                query.append(byte)
            } else {
                query.append(UInt8(ascii: "%"))
                query.append(hex[Int(byte >> 4)])
                query.append(hex[Int(byte & 0xF)])
            }
        }
        return "https://www.google.com/maps/search/?api=1&query=" + String(decoding: query, as: UTF8.self)
    }

    /// What `CharacterSet.whitespaces` holds: tab and the space separators.
    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// ASCII bytes left as they are: letters, digits and `!$'()*,-./:;@_~`.
    private static let allowed: [Bool] = (0..<128).map { code in
        let byte = UInt8(code)
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "!$'()*,-./:;@_~".utf8.contains(byte)
    }
}
