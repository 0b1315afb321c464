import CampusCalDAV
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

/// Text searches over CalDAV (calendar-query prop-filter/text-match, RFC 4791 §9.7): phones'
/// search boxes find events by their words — and never find a private event's words through a share.
@Suite("CalDAV text searches: found by their words, private events not findable through shares")
struct CalDAVTextSearchTests {
    static func search(_ dav: DAVClient, _ path: String, _ property: String, _ text: String, extra: String = "") async throws -> Set<String> {
        let body = """
            <?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>\
            <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">\(extra)<c:prop-filter name="\(property)">\
            <c:text-match collation="i;unicode-casemap">\(text)</c:text-match></c:prop-filter></c:comp-filter></c:comp-filter></c:filter>\
            </c:calendar-query>
            """
        let reply = try await dav.request("REPORT", path, body: body, headers: [HTTPField.Name("Depth")!: "1"])
        guard reply.status.code == 207 else { throw TestFailure("search answered \(reply.status)") }
        return try ParsedMultistatus(reply).hrefs
    }

    @Test func aSearchFindsEventsByTheirWordsAndAShareNeverFindsAPrivateEventsWords() async throws {
        let server = try TestServer()
        try await server.createUser("ivy")
        try await server.createUser("jon")
        try await server.run { api in
            let ivy = try await DAVClient.signIn(api, "ivy")
            let token = try await api.token("ivy")
            _ = try await ivy.request("MKCALENDAR", "/dav/calendars/ivy/life/")
            let path = "/dav/calendars/ivy/life/"
            _ = try await ivy.put(path + "lab.ics", veventText(uid: "lab", summary: "Chemistry lab", extra: "LOCATION:Benson 102"))
            _ = try await ivy.put(path + "exam.ics", veventText(uid: "exam", summary: "Biology exam", start: "20261209T150000Z"))
            _ = try await ivy.put(
                path + "clinic.ics", veventText(uid: "clinic", summary: "Therapy session", extra: "CLASS:PRIVATE\r\nDESCRIPTION:Counselling"))
            #expect(try await Self.search(ivy, path, "SUMMARY", "CHEMISTRY") == [path + "lab.ics"])
            #expect(try await Self.search(ivy, path, "LOCATION", "benson") == [path + "lab.ics"])
            #expect(try await Self.search(ivy, path, "SUMMARY", "therapy") == [path + "clinic.ics"])
            // With a time range as well: only the exam's week.
            let week = #"<c:time-range start="20261208T000000Z" end="20261212T000000Z"/>"#
            #expect(try await Self.search(ivy, path, "SUMMARY", "e", extra: week) == [path + "exam.ics"])
            // Shared to read: the private event is busy time, its words cannot be found.
            let calendar = try #require(
                try await api.request(.get, "/api/v1/calendars", token: token).json["items"].flatMap { $0 as? [[String: Any]] }?.first?["id"]
                    as? String)
            _ = try await api.request(
                .post, "/api/v1/calendar-shares", token: token, json: ["calendarIds": [calendar], "usernames": ["jon"], "level": "read"])
            let jon = try await DAVClient.signIn(api, "jon")
            let shared = "/dav/calendars/jon/\(calendar)/"
            #expect(try await Self.search(jon, shared, "SUMMARY", "therapy").isEmpty)
            #expect(try await Self.search(jon, shared, "DESCRIPTION", "counselling").isEmpty)
            #expect(try await Self.search(jon, shared, "SUMMARY", "chemistry") == [shared + "lab.ics"])
        }
    }
}
