import CampusCalDAV
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

/// What CalDAV answers from what it keeps (issue #29): each calendar's events while they do not
/// change (`CalendarResourceCache`) and each event version's calendar data (`CalendarDataCache`).
/// Each test is named after what keeping them must never do.
@Suite("CalDAV answers from kept listings and calendar data: never stale, never another viewer's")
struct CalDAVKeptAnswersTests {
    static func multiget(_ hrefs: [String]) -> String {
        """
        <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>\
        \(hrefs.map { "<d:href>\($0)</d:href>" }.joined())</c:calendar-multiget>
        """
    }

    @Test func aChangedEventIsNeverAnsweredFromTheKeptListingOrData() async throws {
        let server = try TestServer()
        try await server.createUser("ada")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "ada")
            let token = try await api.token("ada")
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Classes"]).string("id"))
            let path = "/dav/calendars/ada/\(calendar)/"
            _ = try await dav.put(path + "talk.ics", veventText(uid: "talk", summary: "Talk"))
            // Listed and fetched once: both kept now.
            let before = try ParsedMultistatus(try await dav.propfind(path, depth: "1", properties: ["d:getetag"]))
            let first = try ParsedMultistatus(try await dav.request("REPORT", path, body: Self.multiget([path + "talk.ics"])))
            #expect(first.text(path + "talk.ics", .calDAV("calendar-data"))?.contains("SUMMARY:Talk") == true)
            // Changed through DAV, then through REST: every answer after each change is the new version.
            _ = try await dav.put(path + "talk.ics", veventText(uid: "talk", summary: "Keynote"))
            let after = try ParsedMultistatus(try await dav.propfind(path, depth: "1", properties: ["d:getetag"]))
            #expect(after.text(path + "talk.ics", .dav("getetag")) != before.text(path + "talk.ics", .dav("getetag")))
            let second = try ParsedMultistatus(try await dav.request("REPORT", path, body: Self.multiget([path + "talk.ics"])))
            #expect(second.text(path + "talk.ics", .calDAV("calendar-data"))?.contains("SUMMARY:Keynote") == true)
            let listed = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?from=2026-12-01&to=2027-01-01&tz=UTC", token: token)
            let eventID = try #require(((listed.json["items"] as? [[String: Any]]) ?? []).first?["eventId"] as? String)
            let patched = try await api.request(.patch, "/api/v1/events/\(eventID)", token: token, json: ["title": "Panel"])
            #expect(patched.status == .ok)
            let third = try ParsedMultistatus(try await dav.request("REPORT", path, body: Self.multiget([path + "talk.ics"])))
            #expect(third.text(path + "talk.ics", .calDAV("calendar-data"))?.contains("SUMMARY:Panel") == true)
            // Deleted: gone from the listing and the multiget at once.
            #expect(try await dav.request("DELETE", path + "talk.ics").status == .noContent)
            let listing = try ParsedMultistatus(try await dav.propfind(path, depth: "1", properties: ["d:getetag"]))
            #expect(listing.hrefs == [path])
            let fourth = try ParsedMultistatus(try await dav.request("REPORT", path, body: Self.multiget([path + "talk.ics"])))
            #expect(fourth.statuses[path + "talk.ics"]?.contains("404") == true)
        }
    }

    @Test func aShareIsNeverAnsweredFromTheOwnersKeptListing() async throws {
        let server = try TestServer()
        try await server.createUser("ada")
        try await server.createUser("bob")
        try await server.run { api in
            let ada = try await DAVClient.signIn(api, "ada")
            let bob = try await DAVClient.signIn(api, "bob")
            let token = try await api.token("ada")
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Life"]).string("id"))
            let shared = try await api.request(
                .post, "/api/v1/calendar-shares", token: token, json: ["calendarIds": [calendar], "usernames": ["bob"], "level": "read"])
            #expect(shared.status == .ok)
            let path = "/dav/calendars/ada/\(calendar)/"
            _ = try await ada.put(path + "clinic.ics", veventText(uid: "clinic", summary: "Therapy", extra: "CLASS:PRIVATE"))
            // The owner lists and fetches first, so the kept listing and data are the owner's.
            let owners = try ParsedMultistatus(try await ada.request("REPORT", path, body: Self.multiget([path + "clinic.ics"])))
            #expect(owners.text(path + "clinic.ics", .calDAV("calendar-data"))?.contains("Therapy") == true)
            // Bob sees it only as busy time, under its busy name, in the listing, the multiget and the sync.
            let bobPath = "/dav/calendars/bob/\(calendar)/"
            let listing = try ParsedMultistatus(try await bob.propfind(bobPath, depth: "1", properties: ["d:getetag"]))
            let busy = try #require(listing.hrefs.first { $0 != bobPath })
            #expect(busy.contains("busy-") && !busy.contains("clinic"))
            let fetched = try await bob.request("REPORT", bobPath, body: Self.multiget([busy, bobPath + "clinic.ics"]))
            let body = String(decoding: fetched.body, as: UTF8.self)
            #expect(body.contains("SUMMARY:Busy") && !body.contains("Therapy") && !body.contains("UID:clinic"))
            #expect(try ParsedMultistatus(fetched).statuses[bobPath + "clinic.ics"]?.contains("404") == true)
            let sync = try await bob.request(
                "REPORT", bobPath,
                body:
                    #"<d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><c:calendar-data/></d:prop></d:sync-collection>"#
            )
            let synced = String(decoding: sync.body, as: UTF8.self)
            #expect(sync.status.code == 207 && synced.contains("SUMMARY:Busy") && !synced.contains("Therapy"))
            // And the owner, asking again after Bob, still gets the whole event.
            let again = try ParsedMultistatus(try await ada.request("REPORT", path, body: Self.multiget([path + "clinic.ics"])))
            #expect(again.text(path + "clinic.ics", .calDAV("calendar-data"))?.contains("Therapy") == true)
        }
    }

    @Test func aMultigetOfACalendarAtTheClientsAddressFindsItsEvents() async throws {
        let server = try TestServer()
        try await server.createUser("ada")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "ada")
            let made = try await dav.request("MKCALENDAR", "/dav/calendars/ada/work/", body: CalDAVCollectionTests.mkcalendar(name: "Work"))
            #expect(made.status == .created)
            let path = "/dav/calendars/ada/work/"
            _ = try await dav.put(path + "talk%40campus.ics", veventText(uid: "talk@campus", summary: "Talk"))
            let multiget = try ParsedMultistatus(
                try await dav.request(
                    "REPORT", path, body: Self.multiget([path + "talk%40campus.ics", "http://localhost\(path)talk@campus.ics", path + "gone.ics"])))
            #expect(multiget.text(path + "talk%40campus.ics", .calDAV("calendar-data"))?.contains("UID:talk@campus") == true)
            #expect(multiget.text("http://localhost\(path)talk@campus.ics", .dav("getetag")) != nil)
            #expect(multiget.statuses[path + "gone.ics"]?.contains("404") == true)
        }
    }
}
