import CampusCalDAV
import Foundation
import Testing

@Suite("Multistatus and error bodies")
struct MultistatusTests {
    @Test func foundAndMissingPropertiesGoInTheirOwnPropstats() throws {
        let body = Multistatus([
            Multistatus.Response(
                href: "/dav/calendars/ada/",
                found: [
                    DAVElement(.dav("displayname"), text: "Ada & <friends>"),
                    DAVElement(.dav("resourcetype"), children: [DAVElement(.dav("collection")), DAVElement(.calDAV("calendar"))]),
                ],
                missing: [DAVName("urn:x", "color")]),
            Multistatus.Response(href: "/dav/calendars/ada/c/missing.ics", status: 404),
        ]).xml
        // What we wrote reads back as the same tree, whatever the prefixes.
        let root = try DAVXMLReader.parse(Array(body.utf8))
        #expect(root.name == .dav("multistatus"))
        let responses = root.children(.dav("response"))
        #expect(responses.count == 2)
        let propstats = responses[0].children(.dav("propstat"))
        #expect(propstats.map { $0.child(.dav("status"))?.text } == ["HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found"])
        #expect(propstats[0].child(.dav("prop"))?.child(.dav("displayname"))?.text == "Ada & <friends>")
        #expect(propstats[0].child(.dav("prop"))?.child(.dav("resourcetype"))?.child(.calDAV("calendar")) != nil)
        #expect(propstats[1].child(.dav("prop"))?.child(DAVName("urn:x", "color")) != nil)
        #expect(responses[1].child(.dav("status"))?.text == "HTTP/1.1 404 Not Found")
        #expect(responses[1].child(.dav("propstat")) == nil)
    }

    @Test func textThatXMLCannotCarryIsDroppedNotWritten() throws {
        let body = Multistatus([Multistatus.Response(href: "/x", found: [DAVElement(.dav("displayname"), text: "a\u{0}b\u{1B}c\r\nd")])]).xml
        let root = try DAVXMLReader.parse(Array(body.utf8))
        let name = root.child(.dav("response"))?.child(.dav("propstat"))?.child(.dav("prop"))?.child(.dav("displayname"))?.text
        #expect(name == "abc\r\nd")
    }

    @Test func errorBodiesNameTheirCondition() throws {
        let body = DAVErrorBody(condition: .calDAV("valid-calendar-data"), description: "Line 3: no END:VEVENT").xml
        let root = try DAVXMLReader.parse(Array(body.utf8))
        #expect(root.name == .dav("error"))
        #expect(root.child(.calDAV("valid-calendar-data")) != nil)
        #expect(root.children.last?.text == "Line 3: no END:VEVENT")
    }

    @Test func theStreamingWriterWritesTheDocumentTheTreeDescribes() throws {
        let multistatus = Multistatus(
            [
                Multistatus.Response(
                    href: "/dav/calendars/ada/c/a%40b.ics",
                    found: [
                        DAVElement(.dav("getetag"), text: "\"e-1\""), DAVElement(.calDAV("calendar-data"), text: "BEGIN:VCALENDAR\r\nX:<&>\r\n"),
                    ],
                    missing: [DAVName("urn:x", "color"), .dav("displayname")]),
                Multistatus.Response(href: "/dav/calendars/ada/c/"),
                Multistatus.Response(href: "/dav/calendars/ada/c/gone.ics", status: 404),
                Multistatus.Response(
                    href: "/dav/calendars/ada/c/",
                    others: [
                        Multistatus.PropertyStatus([.dav("displayname")], status: 403, description: "Not yours & not now"),
                        Multistatus.PropertyStatus([.appleICal("calendar-color")], status: 424),
                    ]),
            ], syncToken: "http://campuscal.org/ns/sync/7")
        let streamed = try DAVXMLReader.parse(multistatus.bytes)
        let fromTree = try DAVXMLReader.parse(DAVXMLWriter.documentBytes(multistatus.element))
        #expect(streamed == fromTree)
        #expect(streamed.children(.dav("response")).count == 4 && streamed.child(.dav("sync-token"))?.text == "http://campuscal.org/ns/sync/7")
        #expect(multistatus.xml == String(decoding: multistatus.bytes, as: UTF8.self))
    }

    /// The escaping as it was written before it worked on bytes, scalar by scalar: the reference.
    static func referenceEscaped(_ text: String, attribute: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "\r": result += "&#13;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    @Test func escapingBytesIsExactlyEscapingCharacters() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Unicode.Scalar] = [
            "a", "&", "<", ">", "\"", "\r", "\n", "\t", "\u{0}", "\u{1B}", "\u{7F}", "é", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{EFBF}", "😀", " ",
        ]
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &generator) { text.append(alphabet.randomElement(using: &generator)!) }
            let string = String(text)
            for attribute in [false, true] {
                var output = XMLOutput()
                output.appendEscaped(string, attribute: attribute)
                #expect(String(decoding: output.bytes, as: UTF8.self) == Self.referenceEscaped(string, attribute: attribute), "\(Array(string.utf8))")
            }
        }
    }
}
