import CampusCalDAV
import Foundation
import Testing

@Suite("DAV request bodies: read by namespace, bounded, no DTDs")
struct DAVXMLReaderTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func propertiesAreNamedByNamespaceWhateverThePrefix() throws {
        let body = Self.bytes(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <A:propfind xmlns:A="DAV:" xmlns:B="urn:ietf:params:xml:ns:caldav" xmlns="http://calendarserver.org/ns/">
              <A:prop><A:displayname/><B:calendar-home-set/><getctag/><X:unknown xmlns:X="urn:x"/></A:prop>
            </A:propfind>
            """)
        #expect(
            try PropfindRequest(body: body)
                == .properties([.dav("displayname"), .calDAV("calendar-home-set"), .calendarServer("getctag"), DAVName("urn:x", "unknown")]))
    }

    @Test func anEmptyBodyOrAllpropAsksForEverything() throws {
        #expect(try PropfindRequest(body: []) == .allProperties)
        #expect(try PropfindRequest(body: Self.bytes(" \r\n")) == .allProperties)
        #expect(try PropfindRequest(body: Self.bytes(#"<propfind xmlns="DAV:"><allprop/></propfind>"#)) == .allProperties)
        #expect(try PropfindRequest(body: Self.bytes(#"<propfind xmlns="DAV:"><propname/></propfind>"#)) == .propertyNames)
    }

    @Test func malformedAndWrongBodiesAreRefusedWithAReason() {
        #expect(throws: DAVXMLError.self) { try PropfindRequest(body: Self.bytes("<propfind xmlns=\"DAV:\"><prop>")) }
        #expect(throws: DAVXMLError.self) { try PropfindRequest(body: Self.bytes("not xml at all")) }
        do {
            _ = try PropfindRequest(body: Self.bytes(#"<propertyupdate xmlns="DAV:"/>"#))
            Issue.record("a wrong root element was taken")
        } catch {
            #expect(error.message.contains("DAV:propfind"))
        }
    }

    @Test func documentTypeDeclarationsAreRefusedSoNoEntityExpandsOrIsFetched() throws {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <propfind xmlns="DAV:"><prop><displayname>&lol2;</displayname></prop></propfind>
            """
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <propfind xmlns="DAV:"><prop><displayname>&x;</displayname></prop></propfind>
            """
        for body in [laughs, xxe, "<!doctype x><propfind xmlns=\"DAV:\"/>"] {
            #expect(throws: DAVXMLError.documentTypeDeclaration) { try DAVXMLReader.parse(Self.bytes(body)) }
        }
        // Comments and CDATA are fine.
        #expect(throws: Never.self) { try DAVXMLReader.parse(Self.bytes("<!-- hi --><a xmlns=\"DAV:\"><![CDATA[x<y]]></a>")) }
        #expect(try DAVXMLReader.parse(Self.bytes("<a xmlns=\"DAV:\"><![CDATA[x<y]]></a>")).text == "x<y")
    }

    @Test func bodiesOtherThanUTF8AreRefused() {
        let utf16 = Array("<propfind xmlns=\"DAV:\"/>".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(throws: DAVXMLError.self) { try DAVXMLReader.parse([0xFE, 0xFF] + utf16) }
        #expect(throws: DAVXMLError.self) {
            try DAVXMLReader.parse(Self.bytes("<?xml version=\"1.0\" encoding=\"UTF-7\"?><propfind xmlns=\"DAV:\"/>"))
        }
    }

    @Test func sizeDepthAndElementCountAreBounded() {
        let limits = DAVXMLReader.Limits(maximumBytes: 1000, maximumDepth: 8, maximumElements: 20)
        #expect(throws: DAVXMLError.tooLarge(maximumBytes: 1000)) {
            try DAVXMLReader.parse(Self.bytes("<a xmlns=\"DAV:\">" + String(repeating: "x", count: 1000) + "</a>"), limits: limits)
        }
        let deep = String(repeating: "<a>", count: 9) + String(repeating: "</a>", count: 9)
        #expect(throws: DAVXMLError.tooDeep(maximumDepth: 8)) { try DAVXMLReader.parse(Self.bytes(deep), limits: limits) }
        let wide = "<a>" + String(repeating: "<b/>", count: 20) + "</a>"
        #expect(throws: DAVXMLError.tooManyElements(maximum: 20)) { try DAVXMLReader.parse(Self.bytes(wide), limits: limits) }
        // A million nested elements stop at the limit, not the stack.
        let hostile = String(repeating: "<a>", count: 100_000)
        #expect(throws: DAVXMLError.self) { try DAVXMLReader.parse(Self.bytes(hostile)) }
    }

    /// fuzz-davxml's find: Foundation's XMLParser traps on an element name that is not UTF-8,
    /// which would stop the server for one PROPFIND. Refused before the parser sees it.
    @Test func anElementNameThatIsNotUTF8IsRefusedNotATrap() {
        var body = Self.bytes(#"<d:propfind xmlns:d="DAV:"><d:prop><d"#)
        body += [0xFF, 0xFF]
        body += Self.bytes("isplayname/></d:prop></d:propfind>")
        #expect(throws: DAVXMLError.self) { try DAVXMLReader.parse(body) }
        #expect(throws: DAVXMLError.self) { try PropfindRequest(body: body) }
        // Valid UTF-8 beyond ASCII is still read.
        #expect(throws: Never.self) { try DAVXMLReader.parse(Self.bytes(#"<d:prop xmlns:d="DAV:"><d:displayname>Données</d:displayname></d:prop>"#)) }
    }
}
