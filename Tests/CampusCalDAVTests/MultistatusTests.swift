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
}
