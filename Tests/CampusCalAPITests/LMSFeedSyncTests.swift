import CampusCalCore
import CampusCalICalendar
import CampusCalTestSupport
import Foundation
import Testing

/// LMS import through calendar feeds, end to end: the real importer fetching the LMS reference's
/// feeds from a local test LMS over HTTP (`Tests/Support/lms_server.py`), through the API.
@Suite("LMS feeds: consent first, import, re-sync, changes, removals, failures, time zones")
struct LMSFeedSyncTests {
    static func server() throws -> TestServer {
        // The test LMS listens on loopback, which the campus must allow-list (review M1).
        try TestServer(configure: {
            $0.lmsCampusTimeZone = "America/Denver"
            $0.lmsAllowedPrivateNetworks = "127.0.0.1/32"
        })
    }

    /// Connects `username` to the Canvas feed; agrees to the sync agreement unless `agree` is false.
    static func connect(_ api: APIClient, _ token: String, feed: String, agree: Bool = true) async throws -> String {
        if agree {
            let agreed = try await api.request(.post, "/api/v1/me/consents", token: token, json: ["agreementId": "ilearn-sync", "version": 1])
            #expect(agreed.status == .created)
        }
        let connected = try await api.request(.post, "/api/v1/lms/connections", token: token, json: ["kind": "ics", "feedUrl": feed])
        #expect(connected.status == .created, "\(String(decoding: connected.body, as: UTF8.self))")
        #expect(!String(decoding: connected.body, as: UTF8.self).contains(LMSTestServer.Credentials.canvasFeedToken))
        return try #require(connected.string("id"))
    }

    static func assignments(_ api: APIClient, _ token: String) async throws -> [[String: Any]] {
        let listed = try await api.request(.get, "/api/v1/tasks", token: token)
        return ((listed.json["items"] as? [[String: Any]]) ?? []).filter { $0["kind"] as? String == "assignment" }
    }

    @Test func noSyncWithoutConsentAndNothingFetched() async throws {
        let server = try Self.server()
        try await server.createUser("avery")
        try await LMSTestServer.with { lms in
            try await server.run { api in
                let token = try await api.token("avery")
                let id = try await Self.connect(api, token, feed: lms.canvasFeedURL, agree: false)
                let refused = try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token)
                #expect(refused.status == .forbidden && refused.problemCode == "consent-required")
                #expect(try lms.requests().isEmpty)
                #expect(try await Self.assignments(api, token).isEmpty)
            }
        }
    }

    @Test func importThenReSyncWritesNothingAndEverySyncIsLogged() async throws {
        let server = try Self.server()
        try await server.createUser("avery")
        try await LMSTestServer.with { lms in
            try await server.run { api in
                let token = try await api.token("avery")
                let id = try await Self.connect(api, token, feed: lms.canvasFeedURL)
                let first = try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token)
                #expect(first.status == .ok, "\(String(decoding: first.body, as: UTF8.self))")
                #expect(first.json["added"] as? Int == 5 && first.json["complete"] as? Bool == true)
                let tasks = try await Self.assignments(api, token)
                #expect(Set(tasks.compactMap { $0["title"] as? String }) == ["Code Review 1", "Project Milestone 1", "Design Document"])
                #expect(tasks.allSatisfy { $0["course"] as? String == "CS 246" })
                let versions = tasks.map { $0["id"] as? String ?? "" }
                // The connection's calendar holds the two events.
                let connection = try await api.request(.get, "/api/v1/lms/connections/\(id)", token: token)
                let calendar = try #require(connection.string("calendarId"))
                let events = try await api.request(
                    .get, "/api/v1/calendars/\(calendar)/events?from=2026-09-01T00:00:00Z&to=2026-11-01T00:00:00Z", token: token)
                #expect(((events.json["items"] as? [[String: Any]]) ?? []).count == 2)

                let again = try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token)
                #expect(again.json["added"] as? Int == 0 && again.json["updated"] as? Int == 0 && again.json["unchanged"] as? Int == 5)
                #expect(try await Self.assignments(api, token).map { $0["id"] as? String ?? "" } == versions)
                #expect(try await Self.assignments(api, token).allSatisfy { $0["removedAt"] is NSNull })
                // Both syncs are in the student's disclosure log, with what went each time.
                let log = try await api.request(.get, "/api/v1/me/disclosures", token: token)
                let entries = (log.json["items"] as? [[String: Any]]) ?? []
                #expect(
                    entries.count == 2 && entries.allSatisfy { $0["recipientId"] as? String == "ilearn-sync" && $0["basis"] as? String == "consent" })
                let summary = try await api.request(.get, "/api/v1/lms/connections", token: token)
                let listed = try #require((summary.json["items"] as? [[String: Any]])?.first)
                #expect((listed["lastReport"] as? [String: Any])?["unchanged"] as? Int == 5 && listed["status"] as? String == "active")
            }
        }
    }

    @Test func aMovedDeadlineUpdatesInPlaceKeepsTheStudentsChoicesAndNotifies() async throws {
        let server = try Self.server()
        let avery = try await server.createUser("avery")
        try await LMSTestServer.with { lms in
            try await server.run { api in
                let token = try await api.token("avery")
                let id = try await Self.connect(api, token, feed: lms.canvasFeedURL)
                #expect(try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token).status == .ok)
                let tasks = try await Self.assignments(api, token)
                let design = try #require(tasks.first { $0["title"] as? String == "Design Document" })
                let review = try #require(tasks.first { $0["title"] as? String == "Code Review 1" })
                // The student prioritises one and finishes the other.
                let designID = try #require(design["id"] as? String)
                let reviewID = try #require(review["id"] as? String)
                #expect(try await api.request(.patch, "/api/v1/tasks/\(designID)", token: token, json: ["priority": "high"]).status == .ok)
                #expect(try await api.request(.patch, "/api/v1/tasks/\(reviewID)", token: token, json: ["status": "completed"]).status == .ok)
                // As if the earlier sync had seen the old date (10-07): the feed now says 10-14.
                let store = server.services.tasks.tasks
                var stored = try #require(try await store.task(id: TaskID(rawValue: designID)))
                let version = stored.version
                stored.due = .utc(LocalDateTime(year: 2026, month: 10, day: 7, hour: 18))
                _ = try await store.update(stored, expectedVersion: version)

                let resync = try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token)
                #expect(resync.json["updated"] as? Int == 1 && resync.json["added"] as? Int == 0)
                let after = try await Self.assignments(api, token)
                let moved = try #require(after.first { $0["id"] as? String == designID })
                #expect(moved["dueAt"] as? String == "2026-10-14T18:00:00Z" && moved["priority"] as? String == "high")
                #expect(after.first { $0["id"] as? String == reviewID }?["status"] as? String == "completed")
                let inbox = try await server.services.notifications.unread(for: avery)
                let notice = try #require(inbox.first { $0.kind == .assignment })
                #expect(notice.title == "Due date changed: Design Document" && notice.body.contains("(CS 246)"))
            }
        }
    }

    @Test func removalsOnlyAfterACompleteSyncAndAFailedSyncKeepsEverything() async throws {
        let server = try Self.server()
        let avery = try await server.createUser("avery")
        try await LMSTestServer.with { lms in
            try await server.run { api in
                let token = try await api.token("avery")
                let id = try await Self.connect(api, token, feed: lms.canvasFeedURL)
                #expect(try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token).status == .ok)
                // An assignment an earlier sync brought in, which the feed no longer lists.
                let gone = TaskItem(
                    id: .generate(), ownerID: avery.id, title: "Retired quiz", course: "CS 246",
                    due: .utc(LocalDateTime(year: 2026, month: 10, day: 1, hour: 18)),
                    source: .lms(system: "ics", nativeID: "127.0.0.1|feed|ics|event-assignment-29999"), createdAt: server.clock.now(),
                    updatedAt: server.clock.now())
                try await server.services.tasks.tasks.insert(gone)
                // The LMS is down (through all four attempts): nothing is removed, the last good data stays.
                try lms.failNext("GET", pathPrefix: "/feeds/", status: 503, headers: ["Retry-After": "0"], body: "maintenance", times: 4)
                let failed = try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token)
                #expect(failed.status == .conflict && failed.problemCode == "lms-unavailable")
                #expect(try await Self.assignments(api, token).count == 4)
                // Back up: the complete feed vouches for the absence, so it is marked removed (kept, not listed).
                let complete = try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token)
                #expect(complete.status == .ok && complete.json["removed"] as? Int == 1, "\(String(decoding: complete.body, as: UTF8.self))")
                #expect(try await Self.assignments(api, token).count == 3)
                #expect(try await server.services.tasks.tasks.task(id: gone.id)?.removedAt != nil)
            }
        }
    }

    @Test func aBusyLMSIsRetriedAfterRetryAfterAndARevokedFeedAsksToReconnect() async throws {
        let server = try Self.server()
        let avery = try await server.createUser("avery")
        try await LMSTestServer.with { lms in
            try await server.run { api in
                let token = try await api.token("avery")
                let id = try await Self.connect(api, token, feed: lms.canvasFeedURL)
                try lms.failNext("GET", pathPrefix: "/feeds/", status: 429, headers: ["Retry-After": "1"])
                let busy = try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token)
                #expect(busy.status == .ok && busy.json["added"] as? Int == 5)
                #expect(try lms.requests().filter { $0.path.hasPrefix("/feeds/") }.map(\.status) == [429, 200])

                try lms.revoke(token: LMSTestServer.Credentials.canvasFeedToken)
                let revoked = try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token)
                #expect(revoked.status == .conflict && revoked.problemCode == "lms-reconnect-needed")
                let connection = try await api.request(.get, "/api/v1/lms/connections/\(id)", token: token)
                #expect(connection.string("status") == "needs-reconnect")
                #expect(try await server.services.notifications.unread(for: avery).contains { $0.title.hasPrefix("Reconnect") })
                // Until the student reconnects, syncing does not even ask the LMS; the imported items stay.
                let before = try lms.requests().count
                #expect(try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token).problemCode == "lms-reconnect-needed")
                #expect(try lms.requests().count == before)
                #expect(try await Self.assignments(api, token).count == 3)
            }
        }
    }

    /// The 23:59 deadline of a feed's bare date is one instant: Friday night in Denver is Saturday afternoon in Tokyo.
    @Test func deadlinesShowInEachStudentsTimeZone() async throws {
        let server = try Self.server()
        try await server.createUser("avery")
        try await server.createUser("kenji")
        try await LMSTestServer.with { lms in
            try await server.run { api in
                var dayOf: [String: String] = [:]
                for (name, zone) in [("avery", "America/Denver"), ("kenji", "Asia/Tokyo")] {
                    let token = try await api.token(name)
                    #expect(try await api.request(.patch, "/api/v1/me", token: token, json: ["timeZone": zone]).status == .ok)
                    let id = try await Self.connect(api, token, feed: lms.canvasFeedURL)
                    #expect(try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token).status == .ok)
                    let milestone = try #require(try await Self.assignments(api, token).first { $0["title"] as? String == "Project Milestone 1" })
                    #expect(milestone["dueAt"] as? String == "2026-09-26T05:59:00Z")
                    for day in ["2026-09-25", "2026-09-26"] {
                        let due = try await api.request(.get, "/api/v1/tasks/day/\(day)", token: token)
                        if String(decoding: due.body, as: UTF8.self).contains("Project Milestone 1") { dayOf[name] = day }
                    }
                }
                #expect(dayOf == ["avery": "2026-09-25", "kenji": "2026-09-26"])
            }
        }
    }

    /// The background round syncs what is due, skips students who have not agreed, and leaves fresh syncs alone.
    @Test func theBackgroundRoundSyncsDueConnectionsOnly() async throws {
        let server = try Self.server()
        try await server.createUser("avery")
        try await server.createUser("blake")
        try await LMSTestServer.with { lms in
            try await server.run { api in
                let avery = try await api.token("avery")
                let blake = try await api.token("blake")
                _ = try await Self.connect(api, avery, feed: lms.canvasFeedURL)
                _ = try await Self.connect(api, blake, feed: lms.brightspaceFeedURL, agree: false)
                let first = try await server.services.lms.syncDueConnections(interval: 3600, maximumConcurrent: 2)
                #expect(first.synced == 1 && first.failed == 0)
                let averys = try await Self.assignments(api, avery)
                let blakes = try await Self.assignments(api, blake)
                #expect(averys.count == 3 && blakes.isEmpty)
                // Synced a moment ago: not due again until about an interval later.
                let second = try await server.services.lms.syncDueConnections(interval: 3600, maximumConcurrent: 2)
                #expect(second.synced == 0)
                server.clock.advance(by: 2 * 3600)
                let later = try await server.services.lms.syncDueConnections(interval: 3600, maximumConcurrent: 2)
                #expect(later.synced == 1)
            }
        }
    }
}
