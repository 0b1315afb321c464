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
}
