import CampusCalDAV
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

/// RFC 6578 sync-collection over the change log (issue #29): a phone back online learns what was
/// added, changed and deleted — through DAV or REST — since its token, truncation never skips a
/// change, an unknown token is refused, and a share sees private events only as busy time.
@Suite("CalDAV sync-collection: changes since a token, deletions included, from REST and DAV alike")
struct CalDAVSyncTests {
    static func sync(_ dav: DAVClient, _ path: String, token: String, limit: Int? = nil) async throws -> APIClient.Reply {
        let limitXML = limit.map { "<d:limit><d:nresults>\($0)</d:nresults></d:limit>" } ?? ""
        let body = """
            <?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token>\
            <d:sync-level>1</d:sync-level>\(limitXML)<d:prop><d:getetag/></d:prop></d:sync-collection>
            """
        return try await dav.request("REPORT", path, body: body)
    }

    static func token(_ reply: APIClient.Reply) throws -> String {
        try #require(try DAVXMLReader.parse(Array(reply.body)).child(.dav("sync-token"))?.text)
    }

    @Test func aClientLearnsWhatWasAddedChangedAndDeletedThroughDAVAndRESTSinceItsToken() async throws {
        let server = try TestServer()
        try await server.createUser("ada")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "ada")
            let token = try await api.token("ada")
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Classes"]).string("id"))
            let path = "/dav/calendars/ada/\(calendar)/"
            for uid in ["keep", "change", "drop"] { _ = try await dav.put(path + "\(uid).ics", veventText(uid: uid, summary: uid)) }
            let first = try await Self.sync(dav, path, token: "")
            #expect(first.status.code == 207)
            #expect(try ParsedMultistatus(first).found.keys.sorted() == ["change", "drop", "keep"].map { path + "\($0).ics" })
            let since = try Self.token(first)

            // Changes through DAV and through REST, and one made and deleted in between.
            _ = try await dav.put(path + "change.ics", veventText(uid: "change", summary: "changed on the phone"))
            #expect(try await dav.request("DELETE", path + "drop.ics").status == .noContent)
            let rest = try #require(
                try await api.request(
                    .post, "/api/v1/calendars/\(calendar)/events", token: token, json: ["title": "From the web", "start": ["date": "2026-12-14"]]
                ).string("uid"))
            _ = try await dav.put(path + "brief.ics", veventText(uid: "brief", summary: "brief"))
            _ = try await dav.request("DELETE", path + "brief.ics")

            let second = try ParsedMultistatus(try await Self.sync(dav, path, token: since))
            // Hrefs are percent-encoded: the REST event's UID is `<id>@campuscal`.
            #expect(Set(second.found.keys) == [path + "change.ics", path + rest.replacingOccurrences(of: "@", with: "%40") + ".ics"])
            #expect(second.statuses[path + "drop.ics"]?.contains("404") == true && second.statuses[path + "brief.ics"]?.contains("404") == true)
            #expect(second.found[path + "keep.ics"] == nil)
            #expect(second.text(path + "change.ics", .dav("getetag"))?.isEmpty == false)
        }
    }

    @Test func aLimitedPageEndsWith507AndItsTokenSkipsNothing() async throws {
        let server = try TestServer()
        try await server.createUser("bob")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "bob")
            let token = try await api.token("bob")
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Labs"]).string("id"))
            let path = "/dav/calendars/bob/\(calendar)/"
            for index in 0..<5 { _ = try await dav.put(path + "e\(index).ics", veventText(uid: "e\(index)", summary: "Lab \(index)")) }
            var seen: Set<String> = []
            var next = ""
            var pages = 0
            while pages < 10 {
                let reply = try await Self.sync(dav, path, token: next, limit: 2)
                let parsed = try ParsedMultistatus(reply)
                seen.formUnion(parsed.found.keys)
                next = try Self.token(reply)
                pages += 1
                guard parsed.statuses[path]?.contains("507") == true else { break }
            }
            #expect(seen == Set((0..<5).map { path + "e\($0).ics" }) && pages == 3)
        }
    }

    @Test func anUnknownOrForgedTokenIsRefusedWithValidSyncToken() async throws {
        let server = try TestServer()
        try await server.createUser("cyd")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "cyd")
            let token = try await api.token("cyd")
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "X"]).string("id"))
            let path = "/dav/calendars/cyd/\(calendar)/"
            for forged in ["not-a-token", "http://campuscal.org/ns/sync/99999999", "http://campuscal.org/ns/sync/-1"] {
                let reply = try await Self.sync(dav, path, token: forged)
                #expect(reply.status == .forbidden, "\(forged)")
                #expect(String(decoding: reply.body, as: UTF8.self).contains("valid-sync-token"))
            }
        }
    }

    @Test func aShareSyncsPrivateEventsAsBusyTimeAndHearsWhenOneTurnsPrivate() async throws {
        let server = try TestServer()
        try await server.createUser("owner")
        try await server.createUser("friend")
        try await server.run { api in
            let ownerDAV = try await DAVClient.signIn(api, "owner")
            let ownerToken = try await api.token("owner")
            let calendar = try #require(
                try await api.request(.post, "/api/v1/calendars", token: ownerToken, json: ["name": "Mine"]).string("id"))
            let ownerPath = "/dav/calendars/owner/\(calendar)/"
            _ = try await ownerDAV.put(ownerPath + "open.ics", veventText(uid: "open", summary: "Open"))
            _ = try await ownerDAV.put(ownerPath + "secret.ics", veventText(uid: "secret", summary: "Therapy", extra: "CLASS:PRIVATE"))
            let shared = try await api.request(
                .post, "/api/v1/calendar-shares", token: ownerToken, json: ["calendarIds": [calendar], "usernames": ["friend"], "level": "read"])
            #expect(shared.status == .ok)
            let friend = try await DAVClient.signIn(api, "friend")
            let path = "/dav/calendars/friend/\(calendar)/"
            let first = try await Self.sync(friend, path, token: "")
            let listed = try ParsedMultistatus(first)
            #expect(listed.found[path + "open.ics"] != nil && listed.found[path + "secret.ics"] == nil)
            #expect(listed.found.keys.contains { $0.contains("busy-") })
            #expect(!String(decoding: first.body, as: UTF8.self).contains("Therapy"))
            // The open event turns private: the friend's copy under its own name goes, busy time comes.
            _ = try await ownerDAV.put(ownerPath + "open.ics", veventText(uid: "open", summary: "Open", extra: "CLASS:PRIVATE"))
            let second = try ParsedMultistatus(try await Self.sync(friend, path, token: try Self.token(first)))
            #expect(second.statuses[path + "open.ics"]?.contains("404") == true)
            #expect(second.found.keys.filter { $0.contains("busy-") }.count == 1)
        }
    }
}
