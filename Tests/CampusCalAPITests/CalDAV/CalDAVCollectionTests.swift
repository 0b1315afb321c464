import CampusCalDAV
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

/// Making calendars and changing their properties from a calendar app (issue #29): MKCALENDAR and
/// extended MKCOL make a calendar at the address the client chose, PROPPATCH renames and recolours
/// it all-or-nothing, and neither lets anyone touch what is not theirs or get round a limit.
@Suite("CalDAV MKCALENDAR, MKCOL and PROPPATCH: calendars made and changed from a calendar app")
struct CalDAVCollectionTests {
    static func mkcalendar(name: String? = nil, color: String? = nil, components: [String] = ["VEVENT"], extra: String = "") -> String {
        let properties =
            (name.map { "<d:displayname>\($0)</d:displayname>" } ?? "") + (color.map { "<ical:calendar-color>\($0)</ical:calendar-color>" } ?? "")
            + "<c:supported-calendar-component-set>\(components.map { "<c:comp name=\"\($0)\"/>" }.joined())</c:supported-calendar-component-set>"
            + extra
        return """
            <?xml version="1.0" encoding="utf-8"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" \
            xmlns:ical="http://apple.com/ns/ical/"><d:set><d:prop>\(properties)</d:prop></d:set></c:mkcalendar>
            """
    }

    static func proppatch(set: String, remove: String = "") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?><d:propertyupdate xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" \
        xmlns:cs="http://calendarserver.org/ns/" xmlns:ical="http://apple.com/ns/ical/"><d:set><d:prop>\(set)</d:prop></d:set>\
        \(remove.isEmpty ? "" : "<d:remove><d:prop>\(remove)</d:prop></d:remove>")</d:propertyupdate>
        """
    }

    static func calendars(_ api: APIClient, _ token: String) async throws -> [[String: Any]] {
        try await api.request(.get, "/api/v1/calendars", token: token).json["items"] as? [[String: Any]] ?? []
    }

    @Test func aCalendarMadeWithMKCALENDARStaysAtTheAddressTheClientChose() async throws {
        let server = try TestServer()
        try await server.createUser("ada")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "ada")
            let token = try await api.token("ada")
            let zone =
                "<c:calendar-timezone>BEGIN:VCALENDAR\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nEND:VTIMEZONE\r\nEND:VCALENDAR</c:calendar-timezone>"
            let made = try await dav.request(
                "MKCALENDAR", "/dav/calendars/ada/work/",
                body: Self.mkcalendar(name: "Work", color: "#FF000080", extra: zone + "<ical:calendar-order>4</ical:calendar-order>"))
            #expect(made.status == .created)
            let home = try ParsedMultistatus(
                try await dav.propfind(
                    "/dav/calendars/ada/", depth: "1", properties: ["d:displayname", "ical:calendar-color", "ical:calendar-order"]))
            #expect(home.text("/dav/calendars/ada/work/", .dav("displayname")) == "Work")
            #expect(home.text("/dav/calendars/ada/work/", .appleICal("calendar-color")) == "#FF0000")
            #expect(home.text("/dav/calendars/ada/work/", .appleICal("calendar-order")) == "4")
            // Events go in at the address, and every href names it, never the id.
            #expect(try await dav.put("/dav/calendars/ada/work/talk.ics", veventText(uid: "talk", summary: "Talk")).status == .created)
            let listing = try ParsedMultistatus(try await dav.propfind("/dav/calendars/ada/work/", depth: "1", properties: ["d:getetag"]))
            #expect(listing.hrefs == ["/dav/calendars/ada/work/", "/dav/calendars/ada/work/talk.ics"])
            // The web app sees the same calendar, with the zone the client gave it.
            let calendar = try #require(try await Self.calendars(api, token).first { $0["name"] as? String == "Work" })
            #expect(calendar["color"] as? String == "#FF0000" && calendar["timeZone"] as? String == "Europe/Berlin")
            let id = try #require(calendar["id"] as? String)
            let events = try await api.request(.get, "/api/v1/calendars/\(id)/events?from=2026-12-01T00:00:00Z&to=2026-12-31T00:00:00Z", token: token)
            #expect(events.text.contains("Talk"))
            // Deleting it at its address deletes it.
            #expect(try await dav.request("DELETE", "/dav/calendars/ada/work/").status == .noContent)
            #expect(try await Self.calendars(api, token).isEmpty)
            #expect(try await dav.request("MKCALENDAR", "/dav/calendars/ada/work/", body: Self.mkcalendar()).status == .created)
        }
    }

    @Test func mkcalendarOnAnAddressInUseOrInAnotherHomeMakesNothing() async throws {
        let server = try TestServer()
        try await server.createUser("ada")
        try await server.createUser("bob")
        try await server.run { api in
            let ada = try await DAVClient.signIn(api, "ada")
            let bobToken = try await api.token("bob")
            #expect(try await ada.request("MKCALENDAR", "/dav/calendars/ada/lab/", body: Self.mkcalendar(name: "Lab")).status == .created)
            // The same address again, with or without a body.
            #expect(try await ada.request("MKCALENDAR", "/dav/calendars/ada/lab/", body: Self.mkcalendar(name: "Other")).status == .methodNotAllowed)
            #expect(try await ada.request("MKCALENDAR", "/dav/calendars/ada/lab/").status == .methodNotAllowed)
            // The id of a calendar shared with her is an address in use too.
            let shared = try #require(try await api.request(.post, "/api/v1/calendars", token: bobToken, json: ["name": "Bob's"]).string("id"))
            _ = try await api.request(
                .post, "/api/v1/calendar-shares", token: bobToken, json: ["calendarIds": [shared], "usernames": ["ada"], "level": "read"])
            #expect(try await ada.request("MKCALENDAR", "/dav/calendars/ada/\(shared)/").status == .methodNotAllowed)
            // Another person's home looks as if it did not exist; nothing is made there.
            #expect(try await ada.request("MKCALENDAR", "/dav/calendars/bob/lab/").status == .notFound)
            // Not in the home itself, nor inside a calendar.
            #expect(try await ada.request("MKCALENDAR", "/dav/calendars/ada/").status == .forbidden)
            #expect(try await ada.request("MKCALENDAR", "/dav/calendars/ada/lab/x.ics").status == .forbidden)
            let adaToken = try await api.token("ada")
            #expect(try await Self.calendars(api, adaToken).map { $0["name"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") } == ["Bob's", "Lab"])
            #expect(try await Self.calendars(api, bobToken).count == 1)
        }
    }

    @Test func aTaskOnlyCalendarAPlainCollectionOrAnUnknownPropertyIsRefusedWithItsReasonAndNothingMade() async throws {
        let server = try TestServer()
        try await server.createUser("cyd")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "cyd")
            let token = try await api.token("cyd")
            let tasks = try await dav.request("MKCALENDAR", "/dav/calendars/cyd/todo/", body: Self.mkcalendar(name: "Todo", components: ["VTODO"]))
            #expect(tasks.status == .forbidden)
            let refusal = try DAVXMLReader.parse(Array(tasks.body))
            #expect(refusal.name == .calDAV("mkcalendar-response"))
            let statuses = refusal.children(.dav("propstat")).map { $0.child(.dav("status"))?.text ?? "" }
            #expect(statuses.contains { $0.contains("403") } && statuses.contains { $0.contains("424") })
            #expect(tasks.text.contains("task list"))
            let unknown = try await dav.request(
                "MKCALENDAR", "/dav/calendars/cyd/x/", body: Self.mkcalendar(name: "X", extra: "<d:getetag>\"forged\"</d:getetag>"))
            #expect(unknown.status == .forbidden)
            let plain = """
                <?xml version="1.0"?><d:mkcol xmlns:d="DAV:"><d:set><d:prop><d:resourcetype><d:collection/></d:resourcetype>\
                </d:prop></d:set></d:mkcol>
                """
            #expect(try await dav.request("MKCOL", "/dav/calendars/cyd/folder/", body: plain).status == .forbidden)
            #expect(try await dav.request("MKCALENDAR", "/dav/calendars/cyd/bad/", body: "<d:mkcalendar xmlns:d='DAV:'>").status == .badRequest)
            #expect(try await Self.calendars(api, token).isEmpty)
            // DAVx5's extended MKCOL of a calendar works.
            let extended = """
                <?xml version="1.0"?><d:mkcol xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
                <d:resourcetype><d:collection/><c:calendar/></d:resourcetype><d:displayname>Phone</d:displayname></d:prop></d:set></d:mkcol>
                """
            #expect(try await dav.request("MKCOL", "/dav/calendars/cyd/phone/", body: extended).status == .created)
            #expect(try await Self.calendars(api, token).map { $0["name"] as? String } == ["Phone"])
        }
    }

    @Test func proppatchChangesAllOrNothingAndOnlyForWhoMayManageTheCalendar() async throws {
        let server = try TestServer()
        try await server.createUser("dee")
        try await server.createUser("eli")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "dee")
            let token = try await api.token("dee")
            let id = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Seminars"]).string("id"))
            let path = "/dav/calendars/dee/\(id)/"
            let renamed = try await dav.request(
                "PROPPATCH", path,
                body: Self.proppatch(
                    set: "<d:displayname>Talks</d:displayname><ical:calendar-color>#00AA00FF</ical:calendar-color>",
                    remove: "<c:calendar-description/>"))
            #expect(renamed.status.code == 207)
            let answer = try ParsedMultistatus(renamed)
            #expect(answer.found[path]?.keys.contains(.dav("displayname")) == true && answer.missing[path] == nil)
            var calendar = try #require(try await Self.calendars(api, token).first)
            #expect(calendar["name"] as? String == "Talks" && calendar["color"] as? String == "#00AA00")
            // One protected property fails the whole request: the name stays.
            let refused = try await dav.request(
                "PROPPATCH", path, body: Self.proppatch(set: "<d:displayname>Nope</d:displayname><cs:getctag>1</cs:getctag>"))
            #expect(refused.status.code == 207)
            #expect(refused.text.contains("424") && refused.text.contains("403"))
            #expect(
                try await dav.request("PROPPATCH", path, body: Self.proppatch(set: "<ical:calendar-color>red</ical:calendar-color>")).text.contains(
                    "409"))
            calendar = try #require(try await Self.calendars(api, token).first)
            #expect(calendar["name"] as? String == "Talks" && calendar["color"] as? String == "#00AA00")
            // Someone the calendar is shared with, even to write, may not rename it.
            _ = try await api.request(
                .post, "/api/v1/calendar-shares", token: token, json: ["calendarIds": [id], "usernames": ["eli"], "level": "write"])
            let eli = try await DAVClient.signIn(api, "eli")
            let theirs = try await eli.request(
                "PROPPATCH", "/dav/calendars/eli/\(id)/", body: Self.proppatch(set: "<d:displayname>Mine</d:displayname>"))
            #expect(theirs.status == .forbidden && theirs.text.contains("need-privileges"))
            #expect(try await eli.request("PROPPATCH", path, body: Self.proppatch(set: "<d:displayname>Mine</d:displayname>")).status == .notFound)
            #expect(try await Self.calendars(api, token).first?["name"] as? String == "Talks")
        }
    }

    @Test func theCalendarLimitRefusesMKCALENDARNamingItsSetting() async throws {
        let server = try TestServer { $0.limits.maximumCalendarsPerUser = 1 }
        try await server.createUser("fin")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "fin")
            #expect(try await dav.request("MKCALENDAR", "/dav/calendars/fin/one/").status == .created)
            let second = try await dav.request("MKCALENDAR", "/dav/calendars/fin/two/")
            #expect(second.status.code == 507 && second.text.contains("limits.max_calendars_per_user"))
            let long = String(repeating: "x", count: 201)
            #expect(try await dav.request("DELETE", "/dav/calendars/fin/one/").status == .noContent)
            #expect(try await dav.request("MKCALENDAR", "/dav/calendars/fin/\(long)/").status == .forbidden)
        }
    }

    @Test func theSyncTokenPropertyIsWhereSyncCollectionStartsAndIsNotInAllprop() async throws {
        let server = try TestServer()
        try await server.createUser("gus")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "gus")
            _ = try await dav.request("MKCALENDAR", "/dav/calendars/gus/c/")
            _ = try await dav.put("/dav/calendars/gus/c/a.ics", veventText(uid: "a", summary: "A"))
            let named = try ParsedMultistatus(try await dav.propfind("/dav/calendars/gus/c/", depth: "0", properties: ["d:sync-token"]))
            let token = try #require(named.text("/dav/calendars/gus/c/", .dav("sync-token")))
            #expect(token.hasPrefix("http://campuscal.org/ns/sync/"))
            let since = try ParsedMultistatus(try await CalDAVSyncTests.sync(dav, "/dav/calendars/gus/c/", token: token))
            #expect(since.hrefs.isEmpty)
            _ = try await dav.put("/dav/calendars/gus/c/b.ics", veventText(uid: "b", summary: "B"))
            let after = try ParsedMultistatus(try await CalDAVSyncTests.sync(dav, "/dav/calendars/gus/c/", token: token))
            #expect(after.hrefs == ["/dav/calendars/gus/c/b.ics"])
            let all = try await dav.request("PROPFIND", "/dav/calendars/gus/c/", headers: [HTTPField.Name("Depth")!: "0"])
            #expect(!all.text.contains("sync-token"))
        }
    }
}

extension APIClient.Reply {
    /// The body as text, for what a DAV error body or multistatus says.
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// RFC 7809: a client that knows IANA zones by name gets calendar data without VTIMEZONEs when it
/// asks, puts events without them, and reads and sets a calendar's zone by name.
@Suite("CalDAV time zones by reference (RFC 7809)")
struct CalDAVTimeZoneReferenceTests {
    @Test func aClientThatKnowsZonesByNameGetsNoVTIMEZONEAndPutsNone() async throws {
        let server = try TestServer()
        try await server.createUser("han")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "han")
            #expect(try await dav.request("OPTIONS", "/dav/").headers[HTTPField.Name("DAV")!]?.contains("calendar-no-timezone") == true)
            _ = try await dav.request("MKCALENDAR", "/dav/calendars/han/c/")
            // No VTIMEZONE in the PUT: the TZID is an IANA name.
            let zoned = veventText(uid: "z", summary: "Zoned", start: "20261207T090000").replacingOccurrences(
                of: "DTSTART:", with: "DTSTART;TZID=America/Denver:")
            #expect(try await dav.put("/dav/calendars/han/c/z.ics", zoned).status == .created)
            let full = try await dav.request("GET", "/dav/calendars/han/c/z.ics")
            let lean = try await dav.request("GET", "/dav/calendars/han/c/z.ics", headers: [HTTPField.Name("CalDAV-Timezones")!: "F"])
            #expect(full.text.contains("BEGIN:VTIMEZONE") && !lean.text.contains("BEGIN:VTIMEZONE"))
            #expect(lean.text.contains("DTSTART;TZID=America/Denver:20261207T090000"))
            #expect(full.headers[.eTag] == lean.headers[.eTag])
            // In a report's calendar data too.
            let query = """
                <?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data/>\
                </d:prop><c:filter><c:comp-filter name="VCALENDAR"/></c:filter></c:calendar-query>
                """
            let report = try await dav.request(
                "REPORT", "/dav/calendars/han/c/", body: query, headers: [HTTPField.Name("CalDAV-Timezones")!: "F", HTTPField.Name("Depth")!: "1"])
            #expect(report.text.contains("TZID=America/Denver") && !report.text.contains("BEGIN:VTIMEZONE"))
            // The calendar's zone by name: read and set.
            let set = try await dav.request(
                "PROPPATCH", "/dav/calendars/han/c/",
                body: CalDAVCollectionTests.proppatch(set: "<c:calendar-timezone-id>Asia/Tokyo</c:calendar-timezone-id>"))
            #expect(set.status.code == 207 && !set.text.contains("424"))
            let read = try ParsedMultistatus(try await dav.propfind("/dav/calendars/han/c/", depth: "0", properties: ["c:calendar-timezone-id"]))
            #expect(read.text("/dav/calendars/han/c/", .calDAV("calendar-timezone-id")) == "Asia/Tokyo")
            let wrong = try await dav.request(
                "PROPPATCH", "/dav/calendars/han/c/",
                body: CalDAVCollectionTests.proppatch(set: "<c:calendar-timezone-id>Mars/Olympus</c:calendar-timezone-id>"))
            #expect(wrong.text.contains("409") && wrong.text.contains("IANA"))
        }
    }
}
