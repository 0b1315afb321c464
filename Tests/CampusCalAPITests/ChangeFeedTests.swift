import CampusCalCore
import CampusCalTestSupport
import Foundation
import GRDB
import Testing

/// `GET /api/v1/changes` over the change log (issue #29): what a syncing client is told, and what
/// it must never miss or see.
@Suite("Changes since a sync token: deletions, paging, who sees what, expiry")
struct ChangeFeedTests {
    struct Listed {
        var changes: [[String: Any]]
        var calendars: [[String: Any]]
        var next: String
        var truncated: Bool

        /// id → deleted, for the items listed.
        var items: [String: Bool] {
            Dictionary(changes.map { ($0["id"] as? String ?? "", $0["deleted"] as? Bool ?? false) }, uniquingKeysWith: { _, last in last })
        }
        var ids: Set<String> { Set(items.keys) }
    }

    static func changes(_ api: APIClient, _ token: String, since: String? = nil, limit: Int? = nil) async throws -> Listed {
        var query = [since.map { "since=\($0)" }, limit.map { "limit=\($0)" }].compactMap { $0 }.joined(separator: "&")
        if !query.isEmpty { query = "?" + query }
        let reply = try await api.request(.get, "/api/v1/changes\(query)", token: token)
        #expect(reply.status == .ok, "\(String(decoding: reply.body, as: UTF8.self).prefix(400))")
        return Listed(
            changes: (reply.json["changes"] as? [[String: Any]]) ?? [], calendars: (reply.json["calendars"] as? [[String: Any]]) ?? [],
            next: try #require(reply.string("next")), truncated: try #require(reply.json["truncated"] as? Bool))
    }

    static func calendar(_ api: APIClient, _ token: String, _ name: String = "Classes") async throws -> String {
        try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": name]).string("id"))
    }

    static func event(_ api: APIClient, _ token: String, in calendar: String, _ title: String, classification: String = "PUBLIC") async throws
        -> String
    {
        let created = try await api.request(
            .post, "/api/v1/calendars/\(calendar)/events", token: token,
            json: [
                "title": title, "classification": classification,
                "start": ["dateTime": "2026-12-10T09:00:00", "timeZone": "America/Denver"],
                "end": ["dateTime": "2026-12-10T10:00:00", "timeZone": "America/Denver"],
            ])
        #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self).prefix(300))")
        return try #require(created.string("id"))
    }

    static func task(_ api: APIClient, _ token: String, _ title: String) async throws -> String {
        try #require(try await api.request(.post, "/api/v1/tasks", token: token, json: ["title": title, "priority": "medium"]).string("id"))
    }

    /// A server with alice and bob, signed in.
    static func withAliceAndBob(_ body: @Sendable (APIClient, _ alice: String, _ bob: String) async throws -> Void) async throws {
        let server = try TestServer()
        try await server.createUser("alice")
        try await server.createUser("bob")
        try await server.run { api in try await body(api, try await api.token("alice"), try await api.token("bob")) }
    }

    @Test func aDeletionIsReportedToAClientThatSyncedBeforeIt() async throws {
        let server = try TestServer()
        try await server.createUser("alice")
        try await server.run { api in
            let alice = try await api.token("alice")
            let calendar = try await Self.calendar(api, alice)
            let kept = try await Self.event(api, alice, in: calendar, "Seminar")
            let doomed = try await Self.event(api, alice, in: calendar, "Cancelled lab")
            let task = try await Self.task(api, alice, "Essay")
            let first = try await Self.changes(api, alice)
            #expect(first.items == [kept: false, doomed: false, task: false] && !first.truncated)
            #expect(first.calendars.map { $0["id"] as? String } == [calendar])
            #expect(first.calendars.first?["version"] as? Int == 1)
            #expect(first.changes.first { $0["id"] as? String == task }?["path"] as? String == "/api/v1/tasks/\(task)")
            #expect(first.changes.first { $0["id"] as? String == kept }?["collection"] as? String == calendar)

            #expect(try await api.request(.delete, "/api/v1/events/\(doomed)", token: alice).status == .noContent)
            #expect(try await api.request(.patch, "/api/v1/events/\(kept)", token: alice, json: ["title": "Seminar (room 2)"]).status == .ok)
            #expect(try await api.request(.delete, "/api/v1/tasks/\(task)", token: alice).status == .noContent)
            let second = try await Self.changes(api, alice, since: first.next)
            // Each item once, as it stands now; deletions carry no path.
            #expect(second.items == [doomed: true, kept: false, task: true] && second.changes.count == 3)
            #expect(second.changes.first { $0["id"] as? String == doomed }?["path"] == nil)
            // Nothing new: nothing listed, and the token stays put.
            let third = try await Self.changes(api, alice, since: second.next)
            #expect(third.changes.isEmpty && third.next == second.next)
            // An initial sync lists only what exists.
            #expect(try await Self.changes(api, alice).items == [kept: false])
        }
    }

    @Test func aTruncatedPagesNextTokenNeverSkipsAChange() async throws {
        let server = try TestServer()
        try await server.createUser("alice")
        try await server.run { api in
            let alice = try await api.token("alice")
            let calendar = try await Self.calendar(api, alice)
            var made: [String] = []
            for number in 1...7 { made.append(try await Self.event(api, alice, in: calendar, "Lecture \(number)")) }
            var seen: [String: Bool] = [:]
            var page = try await Self.changes(api, alice, limit: 3)
            #expect(page.changes.count == 3 && page.truncated)
            seen.merge(page.items) { _, last in last }
            // Between pages: one already listed changes, one not yet listed is deleted, one is added.
            #expect(try await api.request(.patch, "/api/v1/events/\(made[0])", token: alice, json: ["title": "Moved"]).status == .ok)
            #expect(try await api.request(.delete, "/api/v1/events/\(made[5])", token: alice).status == .noContent)
            let late = try await Self.event(api, alice, in: calendar, "Late addition")
            var pages = 1
            while page.truncated {
                page = try await Self.changes(api, alice, since: page.next, limit: 3)
                #expect(page.changes.count <= 3)
                seen.merge(page.items) { _, last in last }
                pages += 1
            }
            #expect(pages >= 3)
            // Every item reached the client as it stands now: all seven, the deletion, the late one.
            var expected = Dictionary(uniqueKeysWithValues: made.map { ($0, false) })
            expected[made[5]] = true
            expected[late] = false
            #expect(seen == expected)
            #expect(try await Self.changes(api, alice, since: page.next).changes.isEmpty)
        }
    }

    /// Pages count log entries read, not entries shown: a page whose entries are all withheld from
    /// the caller (others' private events) is empty but still moves on, and paging ends.
    @Test func pagesOfWithheldEntriesMoveOnWithoutShowingThem() async throws {
        try await Self.withAliceAndBob { api, alice, bob in
            let calendar = try await Self.calendar(api, alice)
            let shared = try await api.request(
                .post, "/api/v1/calendar-shares", token: alice, json: ["calendarIds": [calendar], "usernames": ["bob"], "level": "write"])
            #expect(shared.status == .ok)
            let first = try await Self.event(api, alice, in: calendar, "Seminar")
            for title in ["Therapy", "Doctor"] { _ = try await Self.event(api, alice, in: calendar, title, classification: "CONFIDENTIAL") }
            let last = try await Self.event(api, alice, in: calendar, "Lab")
            var page = try await Self.changes(api, bob, limit: 1)
            var shown = [page.ids]
            while page.truncated {
                page = try await Self.changes(api, bob, since: page.next, limit: 1)
                shown.append(page.ids)
            }
            #expect(shown == [[first], [], [], [last]])
        }
    }

    @Test func anotherUsersChangesAreNeverListed() async throws {
        try await Self.withAliceAndBob { api, alice, bob in
            let start = try await Self.changes(api, alice).next
            let bobs = try await Self.calendar(api, bob, "Bob's")
            let event = try await Self.event(api, bob, in: bobs, "Bob's dentist")
            let task = try await Self.task(api, bob, "Bob's essay")
            #expect(try await api.request(.delete, "/api/v1/events/\(event)", token: bob).status == .noContent)
            let listed = try await Self.changes(api, alice, since: start)
            #expect(listed.changes.isEmpty && listed.calendars.isEmpty)
            let initial = try await Self.changes(api, alice)
            #expect(!initial.ids.contains(task) && !initial.ids.contains(event))
        }
    }

    /// A read share shows public events; private ones never (and a public one turned private
    /// leaves as a deletion); a free-busy share shows no event ids at all; a withdrawn share
    /// takes the calendar out of `calendars`.
    @Test func sharedCalendarsShowOnlyWhatTheShareLevelShows() async throws {
        let server = try TestServer()
        try await server.createUser("alice")
        try await server.createUser("bob")
        try await server.createUser("carol")
        try await server.run { api in
            let alice = try await api.token("alice")
            let bob = try await api.token("bob")
            let carol = try await api.token("carol")
            let calendar = try await Self.calendar(api, alice)
            let seminar = try await Self.event(api, alice, in: calendar, "Seminar")
            let therapy = try await Self.event(api, alice, in: calendar, "Therapy", classification: "PRIVATE")
            let office = try await Self.event(api, alice, in: calendar, "Office hours")
            var shareIDs: [String: String] = [:]
            for (user, level) in [("bob", "read"), ("carol", "free-busy")] {
                let shared = try await api.request(
                    .post, "/api/v1/calendar-shares", token: alice, json: ["calendarIds": [calendar], "usernames": [user], "level": level])
                #expect(shared.status == .ok)
                shareIDs[user] = ((shared.json["results"] as? [[String: Any]])?.first?["share"] as? [String: Any])?["id"] as? String
            }
            let bobFirst = try await Self.changes(api, bob)
            #expect(bobFirst.items == [seminar: false, office: false])
            #expect(bobFirst.calendars.first?["access"] as? String == "read")
            let carolFirst = try await Self.changes(api, carol)
            #expect(carolFirst.changes.isEmpty && carolFirst.calendars.first?["access"] as? String == "free-busy")

            // Office hours turn private: bob, who held them, is told they are gone, nothing more.
            #expect(
                try await api.request(.patch, "/api/v1/events/\(office)", token: alice, json: ["classification": "PRIVATE"]).status == .ok)
            #expect(try await api.request(.patch, "/api/v1/events/\(therapy)", token: alice, json: ["title": "Therapy 2"]).status == .ok)
            let bobSecond = try await Self.changes(api, bob, since: bobFirst.next)
            #expect(bobSecond.items == [office: true])
            let body = String(describing: bobSecond.changes)
            #expect(!body.contains(therapy))
            #expect(try await Self.changes(api, carol, since: carolFirst.next).changes.isEmpty)
            // The owner hears of both.
            #expect(try await Self.changes(api, alice, since: bobFirst.next).items == [office: false, therapy: false])

            // Withdrawn: the calendar leaves bob's `calendars`, and its changes stop reaching him.
            let share = try #require(shareIDs["bob"])
            #expect(try await api.request(.delete, "/api/v1/calendar-shares/\(share)", token: alice).status == .noContent)
            _ = try await Self.event(api, alice, in: calendar, "After the share")
            let bobThird = try await Self.changes(api, bob, since: bobSecond.next)
            #expect(bobThird.calendars.isEmpty && bobThird.changes.isEmpty)
        }
    }

    /// Standing through a group (its meetings calendar) ends when the member leaves: the calendar
    /// leaves their `calendars`, and its later changes never reach them.
    @Test func aMemberWhoLeavesTheGroupStopsHearingOfItsCalendar() async throws {
        try await Self.withAliceAndBob { api, alice, bob in
            let group = try #require(try await api.request(.post, "/api/v1/groups", token: alice, json: ["name": "Study"]).string("id"))
            let invited = try await api.request(.post, "/api/v1/groups/\(group)/invitations", token: alice, json: ["usernames": ["bob"]])
            let invitation = try #require((invited.json["results"] as? [[String: Any]])?.first?["invitationId"] as? String)
            #expect(try await api.request(.post, "/api/v1/group-invitations/\(invitation)/accept", token: bob).status == .ok)
            let calendar = try #require(try await api.request(.get, "/api/v1/groups/\(group)/calendar", token: alice).string("id"))
            let meeting = try await Self.event(api, alice, in: calendar, "Meeting")
            let joined = try await Self.changes(api, bob)
            #expect(joined.items == [meeting: false] && joined.calendars.first?["access"] as? String == "read")
            #expect(try await api.request(.post, "/api/v1/groups/\(group)/leave", token: bob).status.code < 300)
            _ = try await Self.event(api, alice, in: calendar, "Meeting without bob")
            let left = try await Self.changes(api, bob, since: joined.next)
            #expect(left.calendars.isEmpty && left.changes.isEmpty)
        }
    }

    @Test func tombstonesPastTheKeptPeriodAskForAFullSyncNotASilentGap() async throws {
        let server = try TestServer()
        try await server.createUser("alice")
        try await server.run { api in
            var alice = try await api.token("alice")
            let calendar = try await Self.calendar(api, alice)
            let doomed = try await Self.event(api, alice, in: calendar, "Doomed")
            let before = try await Self.changes(api, alice).next
            #expect(try await api.request(.delete, "/api/v1/events/\(doomed)", token: alice).status == .noContent)
            let after = try await Self.changes(api, alice, since: before)
            #expect(after.items == [doomed: true])
            // Maintenance notes where the log stands, and prunes nothing that young.
            #expect(try await server.services.changes.purgeStale() == 0)
            server.clock.advance(by: 59 * 86_400)
            #expect(try await server.services.changes.purgeStale() == 0)
            alice = try await api.token("alice")  // sessions end long before tombstones
            #expect(try await Self.changes(api, alice, since: before).items == [doomed: true])
            server.clock.advance(by: 2 * 86_400)
            #expect(try await server.services.changes.purgeStale() == 1)
            alice = try await api.token("alice")
            // The client that synced before the deletion must start over, told so.
            let expired = try await api.request(.get, "/api/v1/changes?since=\(before)", token: alice)
            #expect(expired.status == .gone && expired.problemCode == "sync-token-expired")
            #expect(expired.headers[.contentType]?.hasPrefix("application/problem+json") == true)
            #expect(expired.string("detail")?.contains("without 'since'") == true)
            // One that synced after it carries on.
            #expect(try await Self.changes(api, alice, since: after.next).changes.isEmpty)
            // A token from the future (a restored backup) is no better; a made-up one is a 400.
            let future = try await api.request(.get, "/api/v1/changes?since=999999999", token: alice)
            #expect(future.status == .gone)
            for bad in ["abc", "-1", "007", "1e3", "99999999999999999999"] {
                let reply = try await api.request(.get, "/api/v1/changes?since=\(bad)", token: alice)
                #expect(reply.status == .badRequest && reply.problemCode == "invalid-sync-token", "\(bad)")
            }
            #expect(try await api.request(.get, "/api/v1/changes?limit=0", token: alice).status == .badRequest)
            #expect(try await api.request(.get, "/api/v1/changes").status == .unauthorized)
        }
    }

    @Test func eventsImportedFromAFileShowUpToo() async throws {
        let server = try TestServer()
        try await server.createUser("alice")
        try await server.run { api in
            let alice = try await api.token("alice")
            let calendar = try await Self.calendar(api, alice)
            let start = try await Self.changes(api, alice).next
            let ics =
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:a@t\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261210T150000Z\r\nSUMMARY:One\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:b@t\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261211T150000Z\r\nSUMMARY:Two\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            let imported = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/import", token: alice, rawBody: ics, headers: [.contentType: "text/calendar"])
            #expect(imported.status == .ok)
            let listed = try await Self.changes(api, alice, since: start)
            #expect(listed.changes.count == 2 && listed.items.values.allSatisfy { !$0 })
        }
    }

    /// The LMS sync writes in its own transaction (`SQLiteLMSConnectionStore.apply`), not through
    /// the task and event services: its items are in the log all the same.
    @Test func itemsAnLMSSyncWritesShowUpToo() async throws {
        let server = try LMSFeedSyncTests.server()
        try await server.createUser("avery")
        try await LMSTestServer.with { lms in
            try await server.run { api in
                let token = try await api.token("avery")
                let start = try await Self.changes(api, token).next
                let id = try await LMSFeedSyncTests.connect(api, token, feed: lms.canvasFeedURL)
                #expect(try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token).status == .ok)
                let listed = try await Self.changes(api, token, since: start)
                let tasks = try await LMSFeedSyncTests.assignments(api, token).compactMap { $0["id"] as? String }
                #expect(tasks.count == 3 && Set(tasks).isSubset(of: listed.ids))
                #expect(listed.changes.filter { $0["kind"] as? String == "event" }.count == 2)
                #expect(listed.items.values.allSatisfy { !$0 })
            }
        }
    }

    @Test func accountDeletionLeavesNoChangeLogRowsBehind() async throws {
        let server = try TestServer()
        let owner = try await server.createUser("alice").id.rawValue
        try await server.createUser("bob")
        try await server.run { api in
            let alice = try await api.token("alice")
            let bob = try await api.token("bob")
            let calendar = try await Self.calendar(api, alice)
            let event = try await Self.event(api, alice, in: calendar, "Seminar")
            _ = try await Self.event(api, alice, in: calendar, "Lab")
            #expect(try await api.request(.delete, "/api/v1/events/\(event)", token: alice).status == .noContent)
            let task = try await Self.task(api, alice, "Essay")
            let bobsTask = try await Self.task(api, bob, "Bob's")
            let deleted = try await api.request(.delete, "/api/v1/me", token: alice, json: ["confirmUsername": "alice"])
            #expect(deleted.status == .ok)
            let left = try await server.services.database.pool.read { db in
                try String.fetchAll(
                    db, sql: "SELECT itemID FROM changeLog WHERE collection IN (?, ?) OR itemID IN (?, ?)",
                    arguments: [calendar, owner, event, task])
            }
            #expect(left.isEmpty)
            #expect(try await Self.changes(api, bob).ids == [bobsTask])
        }
    }
}
