import CampusCalCore
import CampusCalDAV
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

/// RFC 6638 scheduling between CampusCal users, mapped onto invitations (issue #29): an organiser's
/// ATTENDEEs are invited as REST would invite them, and an invitee's PARTSTAT is their RSVP.
@Suite("CalDAV scheduling: ATTENDEEs are invitations, PARTSTAT is the answer")
struct CalDAVSchedulingTests {
    static let meeting = veventText(
        uid: "study@campus", summary: "Study group",
        extra: "ORGANIZER:mailto:ada@uni.example\r\nATTENDEE;PARTSTAT=ACCEPTED:mailto:ada@uni.example\r\n"
            + "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:BOB@uni.example\r\nATTENDEE:mailto:someone@elsewhere.example")

    /// ada and bob with confirmed addresses, eve who typed bob's address without confirming it.
    static func people(_ server: TestServer) async throws {
        for (name, email) in [("ada", "ada@uni.example"), ("bob", "bob@uni.example"), ("eve", "bob@uni.example")] {
            try await server.services.accounts.register(Registration(username: name, password: "Passw0rd!", email: email))
        }
        try await server.confirmAddresses(of: "ada")
        try await server.confirmAddresses(of: "bob")
    }

    /// ada's calendar with the meeting PUT through DAV; the invitation REST shows her.
    static func organize(_ api: APIClient) async throws -> (token: String, invitation: [String: Any]) {
        let ada = try await DAVClient.signIn(api, "ada")
        let token = try await api.token("ada")
        let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Study"]).string("id"))
        #expect(try await ada.put("/dav/calendars/ada/\(calendar)/study%40campus.ics", Self.meeting).status == .created)
        // Phones PUT the event again with each change: nobody is invited twice.
        #expect(try await ada.put("/dav/calendars/ada/\(calendar)/study%40campus.ics", Self.meeting).status == .noContent)
        let sent = (try await api.request(.get, "/api/v1/invitations/sent", token: token).json["items"] as? [[String: Any]]) ?? []
        #expect(sent.count == 1)
        return (token, try #require(sent.first))
    }

    static func responses(_ invitation: [String: Any]) -> [String: String] {
        let invitees = (invitation["invitees"] as? [[String: Any]]) ?? []
        return Dictionary(
            uniqueKeysWithValues: invitees.compactMap { row in (row["username"] as? String).map { ($0, row["response"] as? String ?? "") } })
    }

    @Test func anOrganizersAttendeesWithConfirmedAddressesAreInvitedOnceAndNobodyElse() async throws {
        let server = try TestServer()
        try await Self.people(server)
        try await server.run { api in
            let (_, invitation) = try await Self.organize(api)
            // bob (confirmed, matched without case); not eve, who only typed his address; not the outsider.
            #expect(Self.responses(invitation) == ["bob": "pending"])
            let options = try await DAVClient.signIn(api, "bob").request("OPTIONS", "/dav/")
            #expect(options.headers[HTTPField.Name("DAV")!]?.contains("calendar-auto-schedule") == true)
        }
    }

    @Test func anInvitationAnsweredThroughDAVIsSeenThroughREST() async throws {
        let server = try TestServer()
        try await Self.people(server)
        try await server.run { api in
            let (token, invitation) = try await Self.organize(api)
            let id = try #require(invitation["id"] as? String)
            let bob = try await DAVClient.signIn(api, "bob")
            let home = try ParsedMultistatus(try await bob.propfind("/dav/calendars/bob/", depth: "1", properties: ["d:displayname"]))
            #expect(home.text("/dav/calendars/bob/invitations/", .dav("displayname")) == "Invitations")
            let listed = try ParsedMultistatus(try await bob.propfind("/dav/calendars/bob/invitations/", depth: "1", properties: ["d:getetag"]))
            let resource = "/dav/calendars/bob/invitations/study%40campus.ics"
            #expect(listed.hrefs == ["/dav/calendars/bob/invitations/", resource])
            // Clients list a calendar's events with calendar-query: found in a week the meeting is in, not in another.
            for (start, expected) in [("20261207T000000Z", [resource]), ("20270107T000000Z", [])] {
                let query = try await bob.request(
                    "REPORT", "/dav/calendars/bob/invitations/",
                    body: """
                        <c:calendar-query xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:d="DAV:"><d:prop><d:getetag/></d:prop><c:filter>\
                        <c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="\(start)" end="20270201T000000Z"/>\
                        </c:comp-filter></c:comp-filter></c:filter></c:calendar-query>
                        """)
                #expect(try ParsedMultistatus(query).hrefs == Set(expected), "\(start)")
            }

            let copy = try await bob.request("GET", resource)
            let text = String(decoding: copy.body, as: UTF8.self)
            #expect(copy.status == .ok && text.contains("SUMMARY:Study group") && text.contains("PARTSTAT=NEEDS-ACTION"))
            #expect(text.contains("ORGANIZER;CN=ada:/dav/principals/ada/") && !text.contains("ada@uni.example"))

            // bob accepts on his phone, which PUTs his copy back with his PARTSTAT (and, here, a title he may not change).
            let accepted = text.replacingOccurrences(of: "PARTSTAT=NEEDS-ACTION", with: "PARTSTAT=ACCEPTED")
                .replacingOccurrences(of: "SUMMARY:Study group", with: "SUMMARY:Renamed by bob")
            let put = try await bob.put(resource, accepted)
            #expect(put.status == .noContent && put.headers[.eTag] != copy.headers[.eTag])
            let seen = try await api.request(.get, "/api/v1/invitations/\(id)", token: token).json
            #expect(Self.responses(seen) == ["bob": "accepted"])
            #expect(String(decoding: try await bob.request("GET", resource).body, as: UTF8.self).contains("PARTSTAT=ACCEPTED"))
            let agenda = try await api.request(.get, "/api/v1/invitations/\(id)", token: try await api.token("bob")).json
            #expect((agenda["event"] as? [String: Any])?["title"] as? String == "Study group")

            // A copy without an answer is refused and changes nothing; DELETE declines.
            #expect(try await bob.put(resource, Self.meeting.replacingOccurrences(of: "RSVP=TRUE", with: "X=1")).status == .forbidden)
            #expect(try await bob.request("DELETE", resource).status == .noContent)
            #expect(Self.responses(try await api.request(.get, "/api/v1/invitations/\(id)", token: token).json) == ["bob": "declined"])
        }
    }

    @Test func nobodyElseSeesOrAnswersSomeoneElsesInvitations() async throws {
        let server = try TestServer()
        try await Self.people(server)
        try await server.run { api in
            let (token, invitation) = try await Self.organize(api)
            let eve = try await DAVClient.signIn(api, "eve")
            let mine = try ParsedMultistatus(try await eve.propfind("/dav/calendars/eve/invitations/", depth: "1", properties: ["d:getetag"]))
            #expect(mine.hrefs == ["/dav/calendars/eve/invitations/"])
            let accept = Self.meeting.replacingOccurrences(of: "mailto:BOB@uni.example", with: "mailto:bob@uni.example")
                .replacingOccurrences(of: "NEEDS-ACTION", with: "ACCEPTED")
            #expect(try await eve.put("/dav/calendars/eve/invitations/study%40campus.ics", accept).status == .notFound)
            #expect(try await eve.request("GET", "/dav/calendars/bob/invitations/study%40campus.ics").status == .notFound)
            #expect(try await eve.request("DELETE", "/dav/calendars/eve/invitations/study%40campus.ics").status == .notFound)
            let id = try #require(invitation["id"] as? String)
            #expect(Self.responses(try await api.request(.get, "/api/v1/invitations/\(id)", token: token).json) == ["bob": "pending"])
        }
    }
}

@Suite("CalDAV outbox: a VFREEBUSY request answers what shares show, nothing more")
struct CalDAVOutboxTests {
    static func request(_ attendees: [String]) -> String {
        ([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "METHOD:REQUEST", "BEGIN:VFREEBUSY", "UID:fb-1", "DTSTAMP:20261101T000000Z",
            "DTSTART:20261207T000000Z", "DTEND:20261214T000000Z", "ORGANIZER:mailto:ada@uni.example",
        ]
            + attendees.map { "ATTENDEE:" + $0 } + ["END:VFREEBUSY", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    @Test func aFreeBusyRequestAnswersBusyTimeOfSharedCalendarsOnlyAndTellsNotWhoExists() async throws {
        let server = try TestServer()
        try await CalDAVSchedulingTests.people(server)
        try await server.run { api in
            let bob = try await DAVClient.signIn(api, "bob")
            let token = try await api.token("bob")
            var calendars: [String] = []
            for name in ["Classes", "Private"] {
                calendars.append(try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": name]).string("id")))
            }
            _ = try await bob.put("/dav/calendars/bob/\(calendars[0])/a.ics", veventText(uid: "a", summary: "Lab", start: "20261208T090000Z"))
            _ = try await bob.put("/dav/calendars/bob/\(calendars[1])/b.ics", veventText(uid: "b", summary: "Doctor", start: "20261209T090000Z"))
            _ = try await api.request(
                .post, "/api/v1/calendar-shares", token: token, json: ["calendarIds": [calendars[0]], "usernames": ["ada"], "level": "free-busy"])

            let ada = try await DAVClient.signIn(api, "ada")
            let principal = try ParsedMultistatus(try await ada.propfind("/dav/principals/ada/", depth: "0", properties: ["c:schedule-outbox-URL"]))
            let outbox = try #require(principal.href("/dav/principals/ada/", .calDAV("schedule-outbox-URL")))
            #expect(outbox == "/dav/calendars/ada/outbox/")
            let asked = ["mailto:bob@uni.example", "/dav/principals/eve/", "mailto:nobody@nowhere.example"]
            let reply = try await ada.request("POST", outbox, body: Self.request(asked), contentType: "text/calendar")
            #expect(reply.status == .ok)
            let answers = try DAVXMLReader.parse(Array(reply.body)).children(.calDAV("response"))
            #expect(answers.map { $0.child(.calDAV("recipient"))?.child(.dav("href"))?.text } == asked)
            #expect(answers.map { $0.child(.calDAV("request-status"))?.text } == ["2.0;Success", "3.8;No authority", "3.8;No authority"])
            let data = answers.first?.child(.calDAV("calendar-data"))?.text ?? ""
            #expect(data.contains("METHOD:REPLY") && data.contains("FREEBUSY;FBTYPE=BUSY:20261208T090000Z/20261208T100000Z"))
            #expect(!data.contains("20261209T090000Z") && !data.contains("Lab"), "the unshared calendar and titles stay out")
            #expect(
                try await ada.request("POST", outbox, body: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", contentType: "text/calendar").status == .forbidden
            )
            #expect(
                try await ada.request("POST", "/dav/calendars/bob/outbox/", body: Self.request(asked), contentType: "text/calendar").status
                    == .notFound)
        }
    }
}
