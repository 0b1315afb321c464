import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// Free-busy across a group's members: intervals only, opaque events only, and when all are free.
@Suite("Group free-busy: when members are busy and when the whole group is free")
struct GroupFreeBusyTests {
    @Test func busyIntervalsOfEveryMemberAndTheTimesAllAreFree() async throws {
        let server = try TestServer()
        let tina = try await server.createUser("tina")
        let uwe = try await server.createUser("uwe")
        try await server.createUser("vera")
        try await server.run { api in
            let owner = try await api.token("tina")
            let member = try await api.token("uwe")
            let group = try #require(try await api.request(.post, "/api/v1/groups", token: owner, json: ["name": "Lab partners"]).string("id"))
            let invited = try await api.request(.post, "/api/v1/groups/\(group)/invitations", token: owner, json: ["usernames": ["uwe"]])
            let invitation = try #require((invited.json["results"] as? [[String: Any]])?.first?["invitationId"] as? String)
            #expect(try await api.request(.post, "/api/v1/group-invitations/\(invitation)/accept", token: member).status == .ok)

            func event(_ token: String, _ body: [String: Any]) async throws {
                let calendars = try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Mine"])
                let calendar = try #require(calendars.string("id"))
                let created = try await api.request(.post, "/api/v1/calendars/\(calendar)/events", token: token, json: body)
                #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
            }
            // Tina: Monday and Wednesday 15:00-16:00Z (weekly); a transparent reminder block that must not count.
            try await event(
                owner,
                [
                    "title": "Secret seminar", "start": ["dateTime": "2026-09-21T15:00:00Z"], "end": ["dateTime": "2026-09-21T16:00:00Z"],
                    "recurrenceRule": "FREQ=WEEKLY;BYDAY=MO,WE",
                ])
            try await event(
                owner,
                [
                    "title": "Focus", "start": ["dateTime": "2026-09-22T08:00:00Z"], "end": ["dateTime": "2026-09-22T12:00:00Z"],
                    "transparency": "TRANSPARENT",
                ])
            // Uwe: Monday 15:30-17:00Z, overlapping Tina's.
            try await event(
                member, ["title": "Work shift", "start": ["dateTime": "2026-09-21T15:30:00Z"], "end": ["dateTime": "2026-09-21T17:00:00Z"]])

            let reply = try await api.request(
                .get, "/api/v1/groups/\(group)/free-busy?from=2026-09-21T00:00:00Z&to=2026-09-24T00:00:00Z", token: member)
            #expect(reply.status == .ok, "\(String(decoding: reply.body, as: UTF8.self))")
            let members = try #require(reply.json["members"] as? [[String: Any]])
            func busy(_ id: UserID) -> [[String: String]] {
                ((members.first { $0["userId"] as? String == id.rawValue }?["busy"] as? [[String: Any]]) ?? []).map {
                    ["start": $0["start"] as? String ?? "", "end": $0["end"] as? String ?? ""]
                }
            }
            #expect(
                busy(tina.id) == [
                    ["start": "2026-09-21T15:00:00Z", "end": "2026-09-21T16:00:00Z"],
                    ["start": "2026-09-23T15:00:00Z", "end": "2026-09-23T16:00:00Z"],
                ])
            #expect(busy(uwe.id) == [["start": "2026-09-21T15:30:00Z", "end": "2026-09-21T17:00:00Z"]])
            let free = (reply.json["free"] as? [[String: Any]])?.map { "\($0["start"] as? String ?? "")/\($0["end"] as? String ?? "")" }
            #expect(
                free == [
                    "2026-09-21T00:00:00Z/2026-09-21T15:00:00Z", "2026-09-21T17:00:00Z/2026-09-23T15:00:00Z",
                    "2026-09-23T16:00:00Z/2026-09-24T00:00:00Z",
                ])
            // Intervals only: nothing of what the members are doing.
            let text = String(decoding: reply.body, as: UTF8.self)
            #expect(!text.contains("Secret seminar") && !text.contains("Work shift"))

            // A stranger learns nothing; a window over 31 days is refused.
            let vera = try await api.token("vera")
            #expect(try await api.request(.get, "/api/v1/groups/\(group)/free-busy?from=2026-09-21&to=2026-09-28", token: vera).status == .notFound)
            #expect(
                try await api.request(.get, "/api/v1/groups/\(group)/free-busy?from=2026-09-01&to=2026-11-01", token: owner).issueCodes == [
                    "window.range"
                ])
        }
    }
}
