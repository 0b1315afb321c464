import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// What one person may make is bounded (security review M7, `[limits]`): beyond a limit the answer
/// is 409 `quota-exceeded` naming the limit, the count and the setting, and nothing is made.
@Suite("Per-person quotas: calendars, LMS connections, groups, subscription links")
struct PerPersonQuotaTests {
    /// How many calendars `token`'s person owns.
    func ownedCalendars(_ api: APIClient, _ token: String) async throws -> Int {
        let page = try await api.request(.get, "/api/v1/calendars?limit=200", token: token)
        return ((page.json["items"] as? [[String: Any]]) ?? []).filter { $0["access"] as? String == "owner" }.count
    }

    func createCalendar(_ api: APIClient, _ token: String, _ name: String) async throws -> APIClient.Reply {
        try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": name])
    }

    func expectQuotaProblem(_ reply: APIClient.Reply, _ phrase: String, _ setting: String) {
        #expect(reply.status == .conflict, "\(String(decoding: reply.body, as: UTF8.self))")
        #expect(reply.problemCode == "quota-exceeded")
        let detail = reply.string("detail") ?? ""
        #expect(detail.contains(phrase), "\(detail)")
        #expect(detail.contains("(\(setting))"), "\(detail)")
    }

    @Test func the101stCalendarIsRefusedWithTheSettingNamed() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("cora")
            let token = try await api.token("cora")
            var owned = try await ownedCalendars(api, token)
            while owned < 100 {
                let made = try await createCalendar(api, token, "Course \(owned)")
                #expect(made.status == .created)
                owned += 1
            }
            #expect(try await ownedCalendars(api, token) == 100)
            let refused = try await createCalendar(api, token, "One too many")
            expectQuotaProblem(refused, "You already own 100 calendars, the most this server allows", "limits.max_calendars_per_user")
            #expect(refused.string("detail")?.contains("delete one you no longer use or ask an administrator") == true)
            #expect(try await ownedCalendars(api, token) == 100)
            // Deleting one makes room for another.
            let page = try await api.request(.get, "/api/v1/calendars?limit=200", token: token)
            let last = try #require((page.json["items"] as? [[String: Any]])?.last?["id"] as? String)
            #expect(try await api.request(.delete, "/api/v1/calendars/\(last)", token: token).status == .noContent)
            #expect(try await createCalendar(api, token, "Room again").status == .created)
        }
    }

    /// Counting and adding are one step per person: many requests at once make exactly the limit.
    @Test func creationsAtOnceCannotPassTheQuotaTogether() async throws {
        let server = try TestServer { $0.limits.maximumCalendarsPerUser = 5 }
        try await server.run { api in
            _ = try await api.register("rush")
            let token = try await api.token("rush")
            let before = try await ownedCalendars(api, token)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<12 { group.addTask { Int(try await createCalendar(api, token, "Rush \(index)").status.code) } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 5 - before, "\(statuses)")
            #expect(statuses.filter { $0 == 409 }.count == 12 - (5 - before), "\(statuses)")
            #expect(try await ownedCalendars(api, token) == 5)
        }
    }

    @Test func anEleventhLMSConnectionIsRefused() async throws {
        let server = try TestServer { $0.limits.maximumLMSConnectionsPerUser = 2 }
        try await server.run { api in
            _ = try await api.register("lena")
            let token = try await api.token("lena")
            for index in 0..<2 {
                let made = try await api.request(
                    .post, "/api/v1/lms/connections", token: token, json: ["kind": "ics", "feedUrl": "https://lms.example.edu/feed\(index).ics"])
                #expect(made.status == .created, "\(String(decoding: made.body, as: UTF8.self))")
            }
            let calendarsBefore = try await ownedCalendars(api, token)
            let refused = try await api.request(
                .post, "/api/v1/lms/connections", token: token, json: ["kind": "ics", "feedUrl": "https://lms.example.edu/feed9.ics"])
            expectQuotaProblem(refused, "You already have 2 LMS connections", "limits.max_lms_connections_per_user")
            // Nothing was made: not the connection, nor the calendar it would have filled.
            #expect(try await ownedCalendars(api, token) == calendarsBefore)
            let listed = try await api.request(.get, "/api/v1/lms/connections", token: token)
            #expect((listed.json["items"] as? [[String: Any]])?.count == 2, "\(String(decoding: listed.body, as: UTF8.self))")
        }
    }

    /// Over the limit, a Moodle sign-in is refused before the LMS is asked for a key (which would
    /// be dropped): here the LMS does not exist, and the answer is still the quota.
    @Test func overTheLimitMoodleIsNotAskedToSignIn() async throws {
        let server = try TestServer { $0.limits.maximumLMSConnectionsPerUser = 0 }
        let user = try await server.createUser("moe")
        await #expect(throws: QuotaExceeded(kind: .lmsConnections, count: 0, limit: 0)) {
            try await server.services.lms.connect(
                user, kind: .moodle, baseURL: "https://moodle.invalid", username: "moe", password: "Passw0rd!")
        }
    }

    @Test func aGroupBeyondTheLimitIsRefusedButJoiningOthersIsNot() async throws {
        let server = try TestServer { $0.limits.maximumGroupsPerUser = 2 }
        try await server.run { api in
            _ = try await api.register("gus")
            let token = try await api.token("gus")
            for name in ["Study A", "Study B"] {
                #expect(try await api.request(.post, "/api/v1/groups", token: token, json: ["name": name]).status == .created)
            }
            let refused = try await api.request(.post, "/api/v1/groups", token: token, json: ["name": "Study C"])
            expectQuotaProblem(refused, "You already own 2 groups", "limits.max_groups_per_user")
            // The limit is per person: someone else still makes theirs.
            _ = try await api.register("gia")
            #expect(try await api.request(.post, "/api/v1/groups", token: try await api.token("gia"), json: ["name": "Study D"]).status == .created)
        }
    }

    @Test func aFeedBeyondTheLimitIsRefusedButAnExistingOneIsRenewed() async throws {
        let server = try TestServer { $0.limits.maximumFeedsPerUser = 2 }
        try await server.run { api in
            _ = try await api.register("fay")
            let token = try await api.token("fay")
            var ids: [String] = []
            for name in ["A", "B", "C"] { ids.append(try #require(try await createCalendar(api, token, name).string("id"))) }
            #expect(try await api.request(.post, "/api/v1/calendars/\(ids[0])/feed", token: token).status == .created)
            #expect(try await api.request(.post, "/api/v1/calendars/\(ids[1])/feed", token: token).status == .created)
            let refused = try await api.request(.post, "/api/v1/calendars/\(ids[2])/feed", token: token)
            expectQuotaProblem(refused, "You already have 2 calendar subscription links", "limits.max_feeds_per_user")
            // A new link for a calendar that has one replaces it: not counted again.
            #expect(try await api.request(.post, "/api/v1/calendars/\(ids[0])/feed", token: token).status == .created)
            // Turning one off makes room.
            #expect(try await api.request(.delete, "/api/v1/calendars/\(ids[1])/feed", token: token).status == .noContent)
            #expect(try await api.request(.post, "/api/v1/calendars/\(ids[2])/feed", token: token).status == .created)
        }
    }

    @Test func aLimitOfZeroSaysTheServerAllowsNone() async throws {
        let server = try TestServer { $0.limits.maximumGroupsPerUser = 0 }
        try await server.run { api in
            _ = try await api.register("zed")
            let refused = try await api.request(.post, "/api/v1/groups", token: try await api.token("zed"), json: ["name": "Nope"])
            #expect(refused.status == .conflict)
            #expect(
                refused.string("detail")
                    == "This server does not allow people to make groups (limits.max_groups_per_user is 0); ask an administrator.")
        }
    }
}
