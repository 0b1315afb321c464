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

    @Test func aMultigetOfFiveHundredHrefsIsReadWhole() throws {
        let hrefs = (0..<500).map { "/dav/calendars/student-\($0 % 7)/courses/event-\($0)-abcdef.ics" }
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:prop><D:getetag/><C:calendar-data/></D:prop>
            \(hrefs.map { "  <D:href>\($0)</D:href>" }.joined(separator: "\n"))
            </C:calendar-multiget>
            """
        #expect(body.utf8.count > 30_000)
        let root = try DAVXMLReader.parse(Self.bytes(body))
        #expect(root.name == .calDAV("calendar-multiget"))
        #expect(root.child(.dav("prop"))?.children.map(\.name) == [.dav("getetag"), .calDAV("calendar-data")])
        #expect(root.children(.dav("href")).map(\.text) == hrefs)
        #expect(root.children.count == 501)
    }

    @Test func aBillionLaughsBodyIsRefusedBeforeExpansion() {
        var declarations = #"<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let body = """
            <?xml version="1.0"?>
            <!DOCTYPE propfind [\(declarations)]>
            <propfind xmlns="DAV:"><prop><displayname>&lol9;</displayname></prop></propfind>
            """
        #expect(throws: DAVXMLError.documentTypeDeclaration) { try DAVXMLReader.parse(Self.bytes(body)) }
        #expect(throws: DAVXMLError.documentTypeDeclaration) { try PropfindRequest(body: Self.bytes(body)) }
        // The same, disguised from a byte scan by a declared encoding, is refused too.
        let disguised = #"<?xml version="1.0" encoding = "UTF-7"?>+ADw-!DOCTYPE x+AD4-<propfind xmlns="DAV:"/>"#
        #expect(throws: DAVXMLError.self) { try DAVXMLReader.parse(Self.bytes(disguised)) }
    }

    @Test func anEntityReferenceIsNotExpanded() {
        let body = #"<propfind xmlns="DAV:"><prop><displayname>&xxe;</displayname></prop></propfind>"#
        do {
            let root = try DAVXMLReader.parse(Self.bytes(body))
            Issue.record("an undeclared entity was read: \(root)")
        } catch {
            guard case .malformed(let reason) = error else {
                Issue.record("expected .malformed, got \(error)")
                return
            }
            #expect(reason.contains("xxe") && reason.contains("(line 1)"), "\(reason)")
        }
    }

    @Test func aNamespacePrefixDeclaredOnAChildIsResolved() throws {
        let body = """
            <propfind xmlns="DAV:">
              <prop xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:X="urn:x"><C:calendar-home-set/><X:color/></prop>
              <C:schedule-inbox-URL xmlns:C="urn:ietf:params:xml:ns:caldav"/>
            </propfind>
            """
        let root = try DAVXMLReader.parse(Self.bytes(body))
        #expect(root.child(.dav("prop"))?.children.map(\.name) == [.calDAV("calendar-home-set"), DAVName("urn:x", "color")])
        #expect(root.children.map(\.name) == [.dav("prop"), .calDAV("schedule-inbox-URL")])
        #expect(try PropfindRequest(body: Self.bytes(body)) == .properties([.calDAV("calendar-home-set"), DAVName("urn:x", "color")]))
        // Out of its element, the prefix is bound to nothing (whether or not such a body is read at all).
        let outside = try? DAVXMLReader.parse(Self.bytes(#"<a xmlns="DAV:"><b xmlns:C="urn:c"/><C:c/></a>"#))
        #expect(outside?.children.last?.name.namespace != "urn:c")
    }

    @Test func cdataAndCharacterReferencesJoinTheText() throws {
        let body =
            #"<C:text-match xmlns:C="urn:ietf:params:xml:ns:caldav" collation="i;octet">"#
            + #"Tom &amp; &#x41;&#66;<![CDATA[ <Jerry> & ]]>!</C:text-match>"#
        let root = try DAVXMLReader.parse(Self.bytes(body))
        #expect(root.text == "Tom & AB <Jerry> & !")
        #expect(root.attributes == ["collation": "i;octet"])
        // In attribute values too, and nothing but the predefined entities.
        let attribute = try DAVXMLReader.parse(Self.bytes(#"<a xmlns="DAV:" v="&amp;&lt;&#38;&#x26;&amp;#38;"/>"#))
        #expect(attribute.attributes["v"] == "&<&&&#38;")
        // Whitespace is kept as it comes, around child elements as well.
        let spaced = try DAVXMLReader.parse(Self.bytes("<a xmlns=\"DAV:\">\n  <b> x </b>\n</a>"))
        #expect(spaced.text == "\n  \n")
        #expect(spaced.children.first?.text == " x ")
    }

    /// Foundation's XMLParser crashed the process (a NULL dereference) on a processing instruction
    /// without data; the reader skips processing instructions and comments.
    /// Foundation's XMLParser segfaulted on `<?pi?>` — one PROPFIND from any signed-in device
    /// stopped the server (found comparing the two readers on mutated corpus inputs; the
    /// reproducer is in Tests/Fuzz/corpus/davxml, which `fuzz-davxml`'s replay reads).
    @Test func aProcessingInstructionWithoutDataIsSkippedNotACrash() throws {
        let root = try DAVXMLReader.parse(Self.bytes(#"<d:href xmlns:d="DAV:">/a<?pi?>/b<!-- c -->/c</d:href>"#))
        #expect(root.text == "/a/b/c")
    }

    /// Malformed XML is refused, not repaired: XMLParser ran libxml2 in recovery mode and read a
    /// tree from a mismatched end tag or a second root element.
    @Test func malformedXMLIsNotRecovered() {
        for body in [#"<a xmlns="DAV:"><b></a></b>"#, #"<a xmlns="DAV:"/><a xmlns="DAV:"/>"#, #"<a xmlns="DAV:" b=c/>"#] {
            #expect(throws: DAVXMLError.self, "\(body)") { try DAVXMLReader.parse(Self.bytes(body)) }
        }
    }

    @Test func concurrentReadsEachHaveTheirOwnParser() async throws {
        let good = Self.bytes(#"<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>"#)
        let bad = Self.bytes(#"<d:propfind xmlns:d="DAV:"><d:prop></d:propfind>"#)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let body = index.isMultiple(of: 2) ? good : bad
                    let read = (try? DAVXMLReader.parse(body)) != nil
                    return read == index.isMultiple(of: 2)
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.count == 200 && outcomes.allSatisfy { $0 })
    }
}
