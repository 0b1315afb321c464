import CampusCalDAV
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("CalDAV discovery and authentication (issue #29)")
struct CalDAVDiscoveryTests {
    @Test func wellKnownLeadsToThePrincipalAndItsCalendarHome() async throws {
        let server = try TestServer()
        try await server.createUser("ada")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "ada")
            let wellKnown = try await api.request(.get, "/.well-known/caldav")
            #expect(wellKnown.status == .movedPermanently && wellKnown.headers[.location] == "/dav/")
            let root = try ParsedMultistatus(try await dav.propfind("/dav/", depth: "0", properties: ["d:current-user-principal"]))
            #expect(root.href("/dav/", .dav("current-user-principal")) == "/dav/principals/ada/")
            let principal = try await dav.propfind(
                "/dav/principals/ada/", depth: "0",
                properties: ["c:calendar-home-set", "d:displayname", "d:resourcetype", "x:nothing xmlns:x=\"urn:x\""])
            #expect(principal.status.code == 207)
            #expect(principal.headers[.contentType]?.hasPrefix("application/xml") == true)
            let parsed = try ParsedMultistatus(principal)
            #expect(parsed.href("/dav/principals/ada/", .calDAV("calendar-home-set")) == "/dav/calendars/ada/")
            #expect(parsed.text("/dav/principals/ada/", .dav("displayname")) == "ada")
            #expect(parsed.found["/dav/principals/ada/"]?[.dav("resourcetype")]?.child(.dav("principal")) != nil)
            #expect(parsed.missing["/dav/principals/ada/"] == [DAVName("urn:x", "nothing")])
            let options = try await api.request(.options, "/dav/")
            #expect(options.status == .ok && options.headers[HTTPField.Name("DAV")!]?.contains("calendar-access") == true)
        }
    }

    @Test func onlyAnAppPasswordOpensDAVAndEveryRefusalIsADAVError() async throws {
        let server = try TestServer()
        try await server.createUser("bob")
        try await server.createUser("cyd")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "bob")
            let anonymous = try await api.request(DAVClient.method("PROPFIND"), "/dav/")
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.headers[HTTPField.Name("WWW-Authenticate")!]?.hasPrefix("Basic realm=") == true)
            #expect(try DAVXMLReader.parse(Array(anonymous.body)).name == .dav("error"))
            let ownPassword = DAVClient(api: api, username: "bob", password: "Passw0rd!")
            #expect(try await ownPassword.propfind("/dav/", depth: "0", properties: ["d:displayname"]).status == .unauthorized)
            let bearer = try await api.request(DAVClient.method("PROPFIND"), "/dav/", token: try await api.token("bob"))
            #expect(bearer.status == .unauthorized)
            // Someone else's tree is not there.
            #expect(try await dav.propfind("/dav/calendars/cyd/", depth: "0", properties: ["d:displayname"]).status == .notFound)
            #expect(try await dav.request("PROPFIND", "/dav/nowhere/at/all/").status == .notFound)
            // Bodies that are not DAV: a DAV error, never problem+json, never a 500.
            for body in ["<d:propfind xmlns:d=\"DAV:\"><d:prop>", "<!DOCTYPE x [<!ENTITY a \"b\">]><d:propfind xmlns:d=\"DAV:\"/>", "{\"json\": 1}"] {
                let reply = try await dav.request("PROPFIND", "/dav/", body: body)
                #expect(reply.status == .badRequest, "\(body)")
                #expect(reply.headers[.contentType]?.hasPrefix("application/xml") == true)
            }
            let huge = try await dav.request("PROPFIND", "/dav/", body: "<a>" + String(repeating: "x", count: 1 << 21) + "</a>")
            #expect(huge.status == .contentTooLarge)
            // A bare MKCOL would make a plain folder: refused, nothing made.
            #expect(try await dav.request("MKCOL", "/dav/calendars/bob/new/").status == .forbidden)
            #expect(try await dav.request("PROPFIND", "/dav/calendars/bob/new/", headers: [HTTPField.Name("Depth")!: "0"]).status == .notFound)
        }
    }

    @Test func failedBasicAuthenticationsLockLikeFailedLogins() async throws {
        let server = try TestServer()
        try await server.createUser("dee")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "dee")
            let guesser = DAVClient(api: api, username: "dee", password: "ccp_wrong")
            for _ in 1...9 { #expect(try await guesser.request("PROPFIND", "/dav/").status == .unauthorized) }
            let tenth = try await guesser.request("PROPFIND", "/dav/")
            #expect(tenth.status == .tooManyRequests && tenth.headers[.retryAfter] != nil)
            // The lock holds for the real app password too, and for the login page.
            #expect(try await dav.request("PROPFIND", "/dav/").status == .tooManyRequests)
            #expect(try await api.login("dee").status.code == 423)
        }
    }
}

/// RFC 3744 principal searches: a calendar app finds its own principal, and nobody else's — a
/// search is not a way to list who studies here.
@Suite("CalDAV principal searches: oneself only")
struct CalDAVPrincipalSearchTests {
    static func search(_ dav: DAVClient, _ conditions: String, test: String = "") async throws -> APIClient.Reply {
        try await dav.request(
            "REPORT", "/dav/",
            body: """
                <?xml version="1.0"?><d:principal-property-search xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"\(test)>\(conditions)\
                <d:prop><d:displayname/><c:calendar-home-set/></d:prop></d:principal-property-search>
                """)
    }

    @Test func aSearchFindsTheCallerAndNeverAnotherStudent() async throws {
        let server = try TestServer()
        try await server.createUser("kim")
        try await server.createUser("kimberly")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "kim")
            let byName = try ParsedMultistatus(
                try await Self.search(dav, "<d:property-search><d:prop><d:displayname/></d:prop><d:match>KIM</d:match></d:property-search>"))
            #expect(byName.hrefs == ["/dav/principals/kim/"])
            #expect(byName.href("/dav/principals/kim/", .calDAV("calendar-home-set")) == "/dav/calendars/kim/")
            // Listing everyone lists the caller alone; a search for someone else finds nobody.
            #expect(try ParsedMultistatus(try await Self.search(dav, "")).hrefs == ["/dav/principals/kim/"])
            let other = try await Self.search(
                dav, "<d:property-search><d:prop><d:displayname/></d:prop><d:match>kimberly</d:match></d:property-search>")
            #expect(try other.status.code == 207 && ParsedMultistatus(other).hrefs.isEmpty)
            let set = try await dav.request(
                "REPORT", "/dav/principals/kim/", body: #"<d:principal-search-property-set xmlns:d="DAV:"/>"#)
            #expect(set.status == .ok && String(decoding: set.body, as: UTF8.self).contains("displayname"))
        }
    }
}
