import CampusCalDAV
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("CalDAV events: the same events as REST, with strong ETags and DAV errors (issue #29)")
struct CalDAVEventTests {
    static let ifMatch = HTTPField.Name("If-Match")!
    static let ifNoneMatch = HTTPField.Name("If-None-Match")!

    /// A calendar made over REST, its DAV path, and a client.
    func setUp(_ api: APIClient, _ username: String) async throws -> (token: String, calendar: String, path: String, dav: DAVClient) {
        let dav = try await DAVClient.signIn(api, username)
        let token = try await api.token(username)
        let calendar = try #require(
            try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Classes", "color": "#3366CC"]).string("id"))
        return (token, calendar, "/dav/calendars/\(username)/\(calendar)/", dav)
    }

    @Test func aCalendarHomeListsTheCalendarsWithWhatClientsRead() async throws {
        let server = try TestServer()
        try await server.createUser("ada")
        try await server.run { api in
            let (_, _, path, dav) = try await setUp(api, "ada")
            let home = try ParsedMultistatus(
                try await dav.propfind(
                    "/dav/calendars/ada/", depth: "1",
                    properties: [
                        "d:displayname", "d:resourcetype", "c:supported-calendar-component-set", "cs:getctag", "d:getetag", "ical:calendar-color",
                        "d:current-user-privilege-set",
                    ]))
            #expect(home.hrefs.contains(path))
            #expect(home.text(path, .dav("displayname")) == "Classes")
            #expect(home.found[path]?[.dav("resourcetype")]?.child(.calDAV("calendar")) != nil)
            #expect(home.found[path]?[.calDAV("supported-calendar-component-set")]?.child(.calDAV("comp"))?.attributes["name"] == "VEVENT")
            #expect(home.text(path, .appleICal("calendar-color")) == "#3366CC")
            let privileges = home.found[path]?[.dav("current-user-privilege-set")]?.children.compactMap { $0.children.first?.name } ?? []
            #expect(privileges.contains(.dav("write-content")) && privileges.contains(.dav("read")))
            let ctag = try #require(home.text(path, .calendarServer("getctag")))
            // Any change of an event changes the CTag.
            _ = try await dav.put(path + "e1.ics", veventText(uid: "e1", summary: "Lecture"))
            let after = try ParsedMultistatus(try await dav.propfind(path, depth: "0", properties: ["cs:getctag"]))
            #expect(after.text(path, .calendarServer("getctag")) != ctag)
        }
    }

    @Test func aPutEventIsARESTEventAndARESTChangeIsADAVChange() async throws {
        let server = try TestServer()
        try await server.createUser("bob")
        try await server.run { api in
            let (token, calendar, path, dav) = try await setUp(api, "bob")
            let resource = path + "lecture%40campus.ics"
            let created = try await dav.put(
                resource, veventText(uid: "lecture@campus", summary: "Lecture", rule: "FREQ=WEEKLY;COUNT=3"), headers: [Self.ifNoneMatch: "*"])
            #expect(created.status == .created)
            let etag = try #require(created.headers[.eTag])
            // REST sees it.
            let listed = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?from=2026-12-01&to=2027-01-01&tz=UTC", token: token)
            let items = (listed.json["items"] as? [[String: Any]]) ?? []
            #expect(items.count == 3 && items.allSatisfy { $0["title"] as? String == "Lecture" })
            let eventID = try #require(items.first?["eventId"] as? String)
            // GET gives the same ETag and the event.
            let got = try await dav.request("GET", resource)
            #expect(got.status == .ok && got.headers[.eTag] == etag)
            #expect(got.headers[.contentType]?.hasPrefix("text/calendar") == true)
            let text = String(decoding: got.body, as: UTF8.self)
            #expect(text.contains("UID:lecture@campus") && text.contains("RRULE:FREQ=WEEKLY;COUNT=3"))
            #expect(try await dav.request("GET", resource).body == got.body)
            // Conditional writes.
            #expect(
                try await dav.put(resource, veventText(uid: "lecture@campus", summary: "Again"), headers: [Self.ifNoneMatch: "*"]).status
                    == .preconditionFailed)
            #expect(
                try await dav.put(resource, veventText(uid: "lecture@campus", summary: "Stale"), headers: [Self.ifMatch: "\"nope-1\""]).status
                    == .preconditionFailed)
            let changed = try await dav.put(resource, veventText(uid: "lecture@campus", summary: "Seminar"), headers: [Self.ifMatch: etag])
            #expect(changed.status == .noContent)
            let newTag = try #require(changed.headers[.eTag])
            #expect(newTag != etag)
            #expect(try await api.request(.get, "/api/v1/events/\(eventID)", token: token).string("title") == "Seminar")
            // A change through REST is a change through DAV.
            #expect(try await api.request(.patch, "/api/v1/events/\(eventID)", token: token, json: ["title": "Lab"]).status == .ok)
            let again = try await dav.request("GET", resource)
            #expect(String(decoding: again.body, as: UTF8.self).contains("SUMMARY:Lab") && again.headers[.eTag] != newTag)
            // Delete with a stale tag fails; with the current one it goes, for REST too.
            #expect(try await dav.request("DELETE", resource, headers: [Self.ifMatch: newTag]).status == .preconditionFailed)
            #expect(try await dav.request("DELETE", resource, headers: [Self.ifMatch: again.headers[.eTag]!]).status == .noContent)
            #expect(try await api.request(.get, "/api/v1/events/\(eventID)", token: token).status == .notFound)
            #expect(try await dav.request("GET", resource).status == .notFound)
        }
    }

    @Test func badCalendarDataIsADAVPreconditionAndStoresNothing() async throws {
        let server = try TestServer()
        try await server.createUser("cyd")
        try await server.run { api in
            let (token, calendar, path, dav) = try await setUp(api, "cyd")
            func condition(_ reply: APIClient.Reply) throws -> DAVName? {
                try DAVXMLReader.parse(Array(reply.body)).children.first?.name
            }
            let garbage = try await dav.put(path + "x.ics", "this is not a calendar")
            #expect(garbage.status == .forbidden)
            #expect(try condition(garbage) == .calDAV("valid-calendar-data"))
            let noStart = veventText(uid: "x", summary: "No start").replacingOccurrences(of: "DTSTART:20261207T150000Z\r\n", with: "")
            let missing = try await dav.put(path + "x.ics", noStart)
            #expect(missing.status == .forbidden)
            #expect(try condition(missing) == .calDAV("valid-calendar-data"))
            let todo =
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VTODO\r\nUID:t\r\nSUMMARY:Essay\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            let task = try await dav.put(path + "t.ics", todo)
            #expect(task.status == .forbidden)
            #expect(try condition(task) == .calDAV("supported-calendar-component"))
            #expect(try await dav.put(path + "a.ics", veventText(uid: "a", summary: "First")).status == .created)
            let conflict = try await dav.put(path + "b.ics", veventText(uid: "a", summary: "Second"))
            #expect(conflict.status == .conflict)
            #expect(try condition(conflict) == .calDAV("no-uid-conflict"))
            let renamed = try await dav.put(path + "c.ics", veventText(uid: "d", summary: "Elsewhere"))
            #expect(renamed.status == .forbidden)
            #expect(try condition(renamed) == .calDAV("valid-calendar-object-resource"))
            let json = try await dav.put(path + "e.ics", veventText(uid: "e", summary: "Typed"), headers: [.contentType: "application/json"])
            #expect(json.status == .unsupportedMediaType)
            let listed = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?from=2026-12-01&to=2027-01-01&tz=UTC", token: token)
            #expect(((listed.json["items"] as? [[String: Any]]) ?? []).map { $0["title"] as? String } == ["First"])
        }
    }

    @Test func reportsFindEventsByTimeRangeAndByHref() async throws {
        let server = try TestServer()
        try await server.createUser("dee")
        try await server.run { api in
            let (_, _, path, dav) = try await setUp(api, "dee")
            _ = try await dav.put(
                path + "weekly.ics", veventText(uid: "weekly", summary: "Weekly", start: "20261201T150000Z", rule: "FREQ=WEEKLY;COUNT=10"))
            _ = try await dav.put(path + "once.ics", veventText(uid: "once", summary: "Once", start: "20270301T150000Z"))
            func query(_ range: String) async throws -> ParsedMultistatus {
                try ParsedMultistatus(
                    try await dav.request(
                        "REPORT", path,
                        body: """
                            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>
                            <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">\(range)</c:comp-filter></c:comp-filter></c:filter>
                            </c:calendar-query>
                            """))
            }
            // The weekly series' eighth occurrence is in late January: found by its recurrence, not its start.
            let january = try await query(#"<c:time-range start="20270120T000000Z" end="20270201T000000Z"/>"#)
            #expect(january.hrefs == [path + "weekly.ics"])
            #expect(january.text(path + "weekly.ics", .calDAV("calendar-data"))?.contains("UID:weekly") == true)
            #expect(try await query(#"<c:time-range start="20270215T000000Z"/>"#).hrefs == [path + "once.ics"])
            #expect(try await query("").hrefs == [path + "weekly.ics", path + "once.ics"])
            // Expanded: each occurrence in the range a VEVENT of its own, in UTC, with its RECURRENCE-ID.
            let expanded = try ParsedMultistatus(
                try await dav.request(
                    "REPORT", path,
                    body: """
                        <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
                        <d:prop><c:calendar-data><c:expand start="20261207T000000Z" end="20261221T000000Z"/></c:calendar-data></d:prop>
                        <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">
                        <c:time-range start="20261207T000000Z" end="20261221T000000Z"/></c:comp-filter></c:comp-filter></c:filter>
                        </c:calendar-query>
                        """))
            let occurrences = try #require(expanded.text(path + "weekly.ics", .calDAV("calendar-data")))
            #expect(!occurrences.contains("RRULE"))
            #expect(occurrences.components(separatedBy: "BEGIN:VEVENT").count - 1 == 2)
            #expect(occurrences.contains("RECURRENCE-ID:20261208T150000Z") && occurrences.contains("DTSTART:20261215T150000Z"))
            let listing = try ParsedMultistatus(try await dav.propfind(path, depth: "1", properties: ["d:getetag", "d:getcontenttype"]))
            #expect(listing.hrefs == [path, path + "weekly.ics", path + "once.ics"])
            #expect(listing.text(path + "once.ics", .dav("getcontenttype"))?.hasPrefix("text/calendar") == true)
            let multiget = try ParsedMultistatus(
                try await dav.request(
                    "REPORT", path,
                    body: """
                        <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>
                        <d:href>\(path)once.ics</d:href><d:href>http://localhost\(path)weekly.ics</d:href><d:href>\(path)gone.ics</d:href>
                        </c:calendar-multiget>
                        """))
            #expect(multiget.text(path + "once.ics", .calDAV("calendar-data"))?.contains("SUMMARY:Once") == true)
            #expect(multiget.text("http://localhost" + path + "weekly.ics", .dav("getetag")) != nil)
            #expect(multiget.statuses[path + "gone.ics"]?.contains("404") == true)
            // A report this server does not make is named as unsupported (sync-collection is made: CalDAVSyncTests;
            // free-busy-query: CalDAVFreeBusyTests).
            let unmade = try await dav.request("REPORT", path, body: #"<d:expand-property xmlns:d="DAV:"/>"#)
            #expect(unmade.status == .forbidden && String(decoding: unmade.body, as: UTF8.self).contains("supported-report"))
        }
    }

    @Test func aReadShareReadsButCannotWriteAndSaysSo() async throws {
        let server = try TestServer()
        try await server.createUser("eve")
        try await server.createUser("fay")
        try await server.run { api in
            let (token, calendar, path, owner) = try await setUp(api, "eve")
            _ = try await owner.put(path + "talk.ics", veventText(uid: "talk", summary: "Talk"))
            let shared = try await api.request(
                .post, "/api/v1/calendar-shares", token: token, json: ["calendarIds": [calendar], "usernames": ["fay"], "level": "read"])
            #expect(shared.status == .ok)
            let reader = try await DAVClient.signIn(api, "fay")
            let mine = "/dav/calendars/fay/\(calendar)/"
            let home = try ParsedMultistatus(
                try await reader.propfind("/dav/calendars/fay/", depth: "1", properties: ["d:current-user-privilege-set"]))
            let privileges = home.found[mine]?[.dav("current-user-privilege-set")]?.children.compactMap { $0.children.first?.name } ?? []
            #expect(privileges.contains(.dav("read")) && !privileges.contains(.dav("write-content")))
            #expect(try await reader.request("GET", mine + "talk.ics").status == .ok)
            #expect(try await reader.put(mine + "talk.ics", veventText(uid: "talk", summary: "Mine now")).status == .forbidden)
            #expect(try await reader.request("DELETE", mine + "talk.ics").status == .forbidden)
            #expect(try await reader.put(mine + "new.ics", veventText(uid: "new", summary: "New")).status == .forbidden)
            // A private event is busy time to the share, through DAV as through REST.
            let secret = veventText(uid: "secret", summary: "Doctor", extra: "CLASS:PRIVATE\r\nDESCRIPTION:Checkup")
            #expect(try await owner.put(path + "secret.ics", secret).status == .created)
            // Named by its busy UID, never its own (a UID can say what an event is).
            let listing = try ParsedMultistatus(try await reader.propfind(mine, depth: "1", properties: ["d:getetag"]))
            let busyHref = try #require(listing.hrefs.first { $0.contains("busy-") })
            #expect(!listing.hrefs.contains(mine + "secret.ics"))
            #expect(try await reader.request("GET", mine + "secret.ics").status == .notFound)
            let busy = String(decoding: try await reader.request("GET", busyHref).body, as: UTF8.self)
            #expect(busy.contains("SUMMARY:Busy") && !busy.contains("Doctor") && !busy.contains("Checkup") && !busy.contains("UID:secret"))
            // Through the owner's path, the reader is nobody.
            #expect(try await reader.request("GET", path + "talk.ics").status == .notFound)
        }
    }
}
