import Foundation
import Testing

@testable import CampusCalAPI

@Suite("Map links encode a location as Foundation's percent-encoding would")
struct MapLinkTests {
    /// What `MapLink` replaced: Foundation's encoder with `urlQueryAllowed` minus `&=+#?`.
    static func foundation(_ location: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#?")
        return "https://www.google.com/maps/search/?api=1&query=" + (location.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }

    static let locations = [
        "Room 101", "Taylor Building, Room 4 & 5", "a=b+c#d?e", "Zoë – 東京 🎓", "100% sure / 50%", "!$'()*,-./:;@_~",
        "\"quoted\" <tag> {x} [y] |z| `q` ^ \\", "Tab\there", "  padded  ", "Line\nbreak",
    ]

    @Test(arguments: locations)
    func matchesFoundation(_ location: String) {
        #expect(MapLink.url(for: location) == Self.foundation(location))
    }

    @Test func everyASCIICharacterMatchesFoundation() {
        let all = String(decoding: (1..<128).map { UInt8($0) }, as: UTF8.self)
        #expect(MapLink.url(for: "x" + all) == Self.foundation("x" + all))
    }

    @Test func blankLocationsHaveNoLink() {
        for blank in [nil, "", " ", "\t \t", "\u{00A0}\u{2003}"] as [String?] {
            #expect(MapLink.url(for: blank) == nil)
        }
        #expect(MapLink.url(for: "\n") != nil, "a newline is not in CharacterSet.whitespaces")
    }
}
