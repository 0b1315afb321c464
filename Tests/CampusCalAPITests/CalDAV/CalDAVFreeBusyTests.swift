import CampusCalDAV
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

/// CALDAV:free-busy-query (RFC 4791 §7.10) and free-busy shares in the calendar home (issue #29):
/// busy time only, merged and in UTC, and nothing else about events — for the owner's clients and,
/// above all, for someone the calendar is shared with at the free-busy level.
@Suite("CalDAV free-busy: busy time only, from the query and from free-busy shares")
struct CalDAVFreeBusyTests {
    static func freeBusyQuery(_ dav: DAVClient, _ path: String, range: String) async throws -> APIClient.Reply {
        let body = """
            <?xml version="1.0" encoding="utf-8"?><c:free-busy-query xmlns:c="urn:ietf:params:xml:ns:caldav">\(range)</c:free-busy-query>
            """
        return try await dav.request("REPORT", path, body: body)
    }

    static let december = #"<c:time-range start="20261201T000000Z" end="20261231T000000Z"/>"#

    static func text(_ reply: APIClient.Reply) -> String { String(decoding: reply.body, as: UTF8.self) }

    static func busyLines(_ reply: APIClient.Reply) -> [String] {
        text(reply).components(separatedBy: "\r\n").filter { $0.hasPrefix("FREEBUSY") }
    }

    /// A calendar made over REST by `username`, with a DAV client for them.
    static func calendar(_ api: APIClient, _ username: String) async throws -> (id: String, path: String, dav: DAVClient) {
        let dav = try await DAVClient.signIn(api, username)
        let token = try await api.token(username)
        let id = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Private life"]).string("id"))
        return (id, "/dav/calendars/\(username)/\(id)/", dav)
    }

    /// Events whose busy time is known: a weekly series (three Mondays) overlapped by another event
    /// on its first Monday, a private appointment, and a free and a cancelled event that take no time.
    static func fill(_ dav: DAVClient, _ path: String) async throws {
        let puts = [
            ("lecture", veventText(uid: "lecture", summary: "Organic chemistry", rule: "FREQ=WEEKLY;COUNT=3")),
            ("overlap", veventText(uid: "overlap", summary: "Office hours", start: "20261207T153000Z")),
            ("therapy", veventText(uid: "therapy", summary: "Therapy session", start: "20261208T100000Z", extra: "CLASS:PRIVATE")),
            ("reminder", veventText(uid: "reminder", summary: "Free reading", start: "20261209T100000Z", extra: "TRANSP:TRANSPARENT")),
            ("called-off", veventText(uid: "called-off", summary: "Called off", start: "20261210T100000Z", extra: "STATUS:CANCELLED")),
        ]
        for (uid, text) in puts { #expect(try await dav.put(path + "\(uid).ics", text).status == .created) }
    }

    static let expectedBusy = [
        "FREEBUSY;FBTYPE=BUSY:20261207T150000Z/20261207T163000Z", "FREEBUSY;FBTYPE=BUSY:20261208T100000Z/20261208T110000Z",
        "FREEBUSY;FBTYPE=BUSY:20261214T150000Z/20261214T160000Z", "FREEBUSY;FBTYPE=BUSY:20261221T150000Z/20261221T160000Z",
    ]

    @Test func freeBusyQueryMergesBusyTimeExpandsSeriesAndLeavesOutFreeAndCancelledEvents() async throws {
        let server = try TestServer()
        try await server.createUser("ada")
        try await server.run { api in
            let (_, path, dav) = try await Self.calendar(api, "ada")
            try await Self.fill(dav, path)
            let reply = try await Self.freeBusyQuery(dav, path, range: Self.december)
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType]?.hasPrefix("text/calendar") == true)
            let text = Self.text(reply)
            #expect(text.contains("BEGIN:VFREEBUSY") && text.contains("DTSTART:20261201T000000Z") && text.contains("DTEND:20261231T000000Z"))
            #expect(Self.busyLines(reply) == Self.expectedBusy)
            // Busy time only, even for the owner's own query.
            #expect(!text.contains("SUMMARY") && !text.contains("UID") && !text.contains("chemistry"))
            // The calendar says it makes the report.
            let listed = try ParsedMultistatus(try await dav.propfind(path, depth: "0", properties: ["d:supported-report-set"]))
            let reports = listed.found[path]?[.dav("supported-report-set")]?.children.compactMap { $0.child(.dav("report"))?.children.first?.name }
            #expect(reports?.contains(.calDAV("free-busy-query")) == true)
        }
    }

    @Test func aFreeBusyQueryWithoutAUsableTimeRangeIsADAVErrorNeverAnAnswerForAllOfTime() async throws {
        let server = try TestServer { $0.limits.maximumOccurrencesPerRequest = 100 }
        try await server.createUser("bob")
        try await server.run { api in
            let (_, path, dav) = try await Self.calendar(api, "bob")
            // Hourly: more occurrences in December than this server's budget of 100 a request.
            let flood = try await dav.put(path + "flood.ics", veventText(uid: "flood", summary: "Flood", rule: "FREQ=HOURLY"))
            #expect(flood.status == .created)
            let cases: [(String, Int, String)] = [
                ("", 400, "valid-filter"),
                (#"<c:time-range start="20261201T000000Z"/>"#, 400, "valid-filter"),
                (#"<c:time-range start="20261231T000000Z" end="20261201T000000Z"/>"#, 400, "valid-filter"),
                (#"<c:time-range start="yesterday" end="20261201T000000Z"/>"#, 400, "valid-filter"),
                // Longer than one expansion may cover, and a series that would expand without end.
                (#"<c:time-range start="20261201T000000Z" end="20291201T000000Z"/>"#, 403, "supported-filter"),
                (Self.december, 403, "supported-filter"),
            ]
            for (range, status, condition) in cases {
                let reply = try await Self.freeBusyQuery(dav, path, range: range)
                #expect(reply.status.code == status, "\(range)")
                let error = try DAVXMLReader.parse(Array(reply.body))
                #expect(error.name == .dav("error") && error.child(.calDAV(condition)) != nil, "\(range)")
            }
        }
    }

    @Test func privateEventsAreBusyInFreeBusyQuery() async throws {
        let server = try TestServer()
        try await server.createUser("ada")
        try await server.createUser("bob")
        try await server.run { api in
            let (id, adaPath, adaDAV) = try await Self.calendar(api, "ada")
            try await Self.fill(adaDAV, adaPath)
            // A read share sees the private appointment as busy time in its lists; the query agrees.
            _ = try await api.request(
                .post, "/api/v1/calendar-shares", token: try await api.token("ada"),
                json: ["calendarIds": [id], "usernames": ["bob"], "level": "read"])
            let bob = try await DAVClient.signIn(api, "bob")
            let busy = try await Self.freeBusyQuery(bob, "/dav/calendars/bob/\(id)/", range: Self.december)
            #expect(Self.busyLines(busy) == Self.expectedBusy)
            #expect(!Self.text(busy).contains("Therapy"))
        }
    }

    @Test func aFreeBusyShareRevealsNothingButBusyTime() async throws {
        let server = try TestServer()
        try await server.createUser("ada")
        try await server.createUser("bob")
        try await server.createUser("eve")
        try await server.run { api in
            let (id, adaPath, adaDAV) = try await Self.calendar(api, "ada")
            try await Self.fill(adaDAV, adaPath)
            let shared = try await api.request(
                .post, "/api/v1/calendar-shares", token: try await api.token("ada"),
                json: ["calendarIds": [id], "usernames": ["bob"], "level": "free-busy"])
            #expect(shared.status.code < 300)
            let bob = try await DAVClient.signIn(api, "bob")
            let path = "/dav/calendars/bob/\(id)/"
            var bodies: [String] = []

            // Listed in bob's home, with read-free-busy as its only privilege and no tag that moves with its events.
            let homeReply = try await bob.propfind(
                "/dav/calendars/bob/", depth: "1",
                properties: ["d:displayname", "d:current-user-privilege-set", "cs:getctag", "d:getetag", "d:supported-report-set", "d:sync-token"])
            bodies.append(Self.text(homeReply))
            let home = try ParsedMultistatus(homeReply)
            #expect(home.hrefs.contains(path))
            let privileges = home.found[path]?[.dav("current-user-privilege-set")]?.children.compactMap { $0.children.first?.name }
            #expect(privileges == [.calDAV("read-free-busy")])
            #expect(home.missing[path]?.isSuperset(of: [.calendarServer("getctag"), .dav("getetag")]) == true)
            let reports = home.found[path]?[.dav("supported-report-set")]?.children.compactMap { $0.child(.dav("report"))?.children.first?.name }
            #expect(reports == [.calDAV("free-busy-query")])

            // Depth 1 on it lists the collection alone, whatever is asked for.
            for properties in [["d:getetag"], ["c:calendar-data", "d:getetag", "cs:getctag"]] {
                let reply = try await bob.propfind(path, depth: "1", properties: properties)
                bodies.append(Self.text(reply))
                #expect(reply.status.code == 207)
                #expect(try ParsedMultistatus(reply).hrefs == [path])
            }
            let allprop = try await bob.request(
                "PROPFIND", path, body: #"<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:allprop/></d:propfind>"#,
                headers: [HTTPField.Name("Depth")!: "infinity"])
            bodies.append(Self.text(allprop))
            #expect(try ParsedMultistatus(allprop).hrefs == [path])

            // Every other way in is need-privileges, the same for an event that exists, its busy name and one that does not.
            let therapyID = try #require(
                try await server.services.events.events.event(uid: "therapy", in: .init(rawValue: id))?.id.rawValue)
            var refusals: [String: String] = [:]
            for name in ["lecture.ics", "therapy.ics", "busy-\(therapyID)%40campuscal.ics", "no-such-event.ics"] {
                for method in ["GET", "HEAD", "DELETE", "PROPFIND"] {
                    let reply = try await bob.request(method, path + name, headers: [HTTPField.Name("Depth")!: "0"])
                    #expect(reply.status.code == 403, "\(method) \(name)")
                    // The same answer whether the event exists or not: no oracle for names.
                    if let earlier = refusals[method] {
                        #expect(earlier == Self.text(reply), "\(method) \(name)")
                    } else {
                        refusals[method] = Self.text(reply)
                    }
                    bodies.append(Self.text(reply))
                }
                let put = try await bob.put(path + name, veventText(uid: String(name.dropLast(4)), summary: "Overwrite"))
                #expect(put.status.code == 403, "PUT \(name)")
                bodies.append(Self.text(put))
            }
            let reports403 = [
                #"<c:calendar-query xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:d="DAV:"><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"/></c:comp-filter></c:filter></c:calendar-query>"#,
                #"<c:calendar-multiget xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:d="DAV:"><d:prop><c:calendar-data/></d:prop><d:href>\#(path)lecture.ics</d:href></c:calendar-multiget>"#,
                #"<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>"#,
            ]
            for body in reports403 {
                let reply = try await bob.request("REPORT", path, body: body)
                #expect(reply.status.code == 403)
                #expect(try DAVXMLReader.parse(Array(reply.body)).child(.dav("need-privileges")) != nil)
                bodies.append(Self.text(reply))
            }
            #expect(try await bob.request("DELETE", path).status.code == 403)
            // Methods this server does not serve, and reports on a resource, say nothing either.
            for method in ["POST", "MKCOL", "MKCALENDAR", "PROPPATCH", "COPY", "MOVE", "LOCK"] {
                for target in [path, path + "lecture.ics"] {
                    let reply = try await bob.request(method, target, body: "<x/>")
                    // 400: a PROPPATCH's body is read first, and `<x/>` is not a propertyupdate.
                    #expect([400, 403, 404, 405].contains(reply.status.code), "\(method) \(target)")
                    bodies.append(Self.text(reply))
                }
            }
            let onEvent = try await Self.freeBusyQuery(bob, path + "lecture.ics", range: Self.december)
            #expect(onEvent.status.code == 403)
            bodies.append(Self.text(onEvent))
            #expect(try await adaDAV.request("GET", adaPath + "therapy.ics").status == .ok)

            // The one thing it answers: busy time, the private appointment included.
            let busy = try await Self.freeBusyQuery(bob, path, range: Self.december)
            #expect(busy.status == .ok && Self.busyLines(busy) == Self.expectedBusy)
            bodies.append(Self.text(busy))
            for body in bodies {
                for secret in ["chemistry", "Office", "Therapy", "lecture", "therapy", "overlap", therapyID, "Busy"] {
                    #expect(!body.contains(secret), "\(secret) leaked: \(body.prefix(300))")
                }
            }

            // Someone it is not shared with does not even learn it exists.
            let eve = try await DAVClient.signIn(api, "eve")
            #expect(try await Self.freeBusyQuery(eve, "/dav/calendars/eve/\(id)/", range: Self.december).status == .notFound)
        }
    }
}
