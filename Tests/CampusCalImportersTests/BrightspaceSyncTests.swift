import CampusCalCore
import CampusCalICalendar
import CampusCalTestSupport
import Foundation
import Testing

@testable import CampusCalImporters

/// I-Learn (Brightspace) through its API, end to end against the local test LMS: the OAuth sign-in,
/// every page of enrolments and events, folders with grades and feedback, merged folder events, a
/// recurring lecture across the DST change, single-use refresh tokens, rate limits and refusals.
@Suite("LMS Brightspace: OAuth sign-in, paged API import, single-use refresh tokens, 403 and 429")
struct BrightspaceSyncTests {
    static let client = LMSTestServer.Credentials.brightspaceClient
    static let redirectURI = "https://campuscal.example.edu/api/v1/lms/oauth/callback"

    /// A CampusCal server registered with the test LMS's sign-in and token endpoints.
    static func server(_ lms: LMSTestServer) throws -> TestServer {
        try TestServer(configure: {
            $0.lmsBrightspaceBaseURLs = lms.baseURL
            $0.lmsAllowedPrivateNetworks = "127.0.0.1/32"
            $0.lmsBrightspaceClientID = client.id
            $0.lmsBrightspaceClientSecret = client.secret
            $0.lmsBrightspaceAuthorizationURL = lms.url("/oauth2/auth")
            $0.lmsBrightspaceTokenURL = lms.url("/core/connect/token")
            $0.lmsCampusTimeZone = "America/Denver"
        })
    }

    /// Avery, agreed to the sync, connected to I-Learn through the OAuth flow (the LMS's answer is
    /// given with a test code, as the browser would bring it back).
    static func connect(_ server: TestServer, _ lms: LMSTestServer, code: String) async throws -> (User, LMSConnectionID) {
        try await server.createUser("avery")
        let avery = try await server.services.accounts.user(username: "avery")
        _ = try await server.services.consents.agree(avery, to: "ilearn-sync", version: 1)
        let start = try await server.services.lms.beginAuthorization(avery, kind: .brightspace, baseURL: lms.baseURL, redirectURI: redirectURI)
        let (connection, address) = (start.connection, start.authorizationURL)
        #expect(connection.status == .awaitingAuthorization)
        let query = try #require(URLComponents(string: address)?.queryItems)
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        #expect(address.hasPrefix(lms.url("/oauth2/auth?")))
        #expect(value("response_type") == "code" && value("client_id") == client.id && value("redirect_uri") == redirectURI)
        #expect(value("scope")?.contains("dropbox:folders:read") == true)
        // PKCE (RFC 7636): an S256 challenge of 43 base64url characters.
        #expect(value("code_challenge_method") == "S256" && value("code_challenge")?.count == 43)
        let state = try #require(value("state"))
        // Before the sign-in finishes there is nothing to sync with.
        await #expect(throws: LMSError.awaitingAuthorization) { try await server.services.lms.sync(connection.id, for: avery) }
        let active = try await server.services.lms.completeAuthorization(
            state: state, code: code, error: nil, redirectURI: redirectURI, browserSecret: start.browserSecret)
        #expect(active.status == .active)
        // The state is spent: the same answer again is refused, and changes nothing.
        await #expect(throws: LMSError.self) {
            try await server.services.lms.completeAuthorization(
                state: state, code: code, error: nil, redirectURI: redirectURI, browserSecret: start.browserSecret)
        }
        return (avery, connection.id)
    }

    static func tasks(_ server: TestServer, _ user: User) async throws -> [TaskItem] {
        try await server.services.tasks.list(for: user, TaskQuery())
    }

    static func date(_ text: String) -> Date? { ISO8601DateFormatter().date(from: text) }

    @Test func signInImportEveryPageAndReSyncWithoutWrites() async throws {
        try await LMSTestServer.with { lms in
            let server = try Self.server(lms)
            let (avery, id) = try await Self.connect(server, lms, code: LMSTestServer.Credentials.testCodePrefix + "-import")
            // The code went to D2L's token endpoint with the client's credentials and the same redirect URI.
            let exchange = try #require(try lms.requests().first { $0.path == "/core/connect/token" })
            #expect(exchange.parameter("grant_type") == "authorization_code" && exchange.parameter("redirect_uri") == Self.redirectURI)
            #expect(exchange.parameter("client_id") == Self.client.id && exchange.status == 200)

            let report = try await server.services.lms.sync(id, for: avery)
            #expect(report.complete && report.added == 4 && report.problems.isEmpty, "\(report)")

            // Folders are the assignments: the hidden draft is not; grades and feedback joined by grade item.
            let tasks = try await Self.tasks(server, avery)
            #expect(Set(tasks.map(\.title)) == ["Field Journal 1", "Plant Collection Proposal"])
            let journal = try #require(tasks.first { $0.title == "Field Journal 1" })
            #expect(journal.course == "FA26-BOT240-01" && journal.pointsPossible == 20)
            #expect(journal.grade == TaskGrade(score: 18, percentage: 90))
            #expect(journal.feedback?.hasPrefix("Good observations, Avery.") == true)
            #expect(journal.due?.instant(viewerTimeZone: .gmt) == Self.date("2026-09-12T05:59:00Z"))
            let proposal = try #require(tasks.first { $0.title == "Plant Collection Proposal" })
            #expect(proposal.grade == nil && proposal.description?.contains("three native species") == true)

            // Events: the lecture series and the field trip; the folders' Available/Due/Ends events are merged into the folders.
            let connection = try await server.services.lms.connection(id, for: avery)
            let (_, events) = try await server.services.events.allEvents(in: connection.calendarID, for: avery)
            #expect(Set(events.map(\.title)) == ["BOT 240 Lecture", "Spring Creek Field Trip"])
            let trip = try #require(events.first { $0.title == "Spring Creek Field Trip" })
            #expect(trip.start == .date(LocalDate(year: 2026, month: 10, day: 10)) && trip.location == "Spring Creek Trailhead")
            // The lecture repeats Mon/Wed/Fri at 10:00 Denver time, before and after the change to MST on 11-01.
            let lectures = try await server.services.events.occurrences(
                in: connection.calendarID, for: avery, from: Self.date("2026-10-26T00:00:00Z")!, to: Self.date("2026-11-07T00:00:00Z")!,
                viewerTimeZone: TimeZone(identifier: "America/Denver")!
            ).filter { $0.event.title == "BOT 240 Lecture" }
            #expect(
                lectures.map(\.startInstant)
                    == [
                        "2026-10-26T16:00:00Z", "2026-10-28T16:00:00Z", "2026-10-30T16:00:00Z", "2026-11-02T17:00:00Z", "2026-11-04T17:00:00Z",
                        "2026-11-06T17:00:00Z",
                    ].compactMap(Self.date))

            // Every page was followed: two of enrolments (bookmark), three of events (Next), all with the bearer token.
            let requests = try lms.requests()
            #expect(requests.filter { $0.path.hasSuffix("/enrollments/myenrollments/") }.count == 2)
            let eventPages = requests.filter { $0.path.hasSuffix("/calendar/events/myEvents/") }
            #expect(eventPages.count == 3 && eventPages.allSatisfy { $0.status == 200 && $0.bearerToken != nil })
            #expect(eventPages.first?.parameter("startDateTime")?.hasSuffix(".000Z") == true)
            // The newest API versions both sides speak.
            #expect(requests.contains { $0.path.hasPrefix("/d2l/api/le/1.96/") } && requests.contains { $0.path.hasPrefix("/d2l/api/lp/1.62/") })

            // Nothing changed: the re-sync writes nothing.
            let again = try await server.services.lms.sync(id, for: avery)
            #expect(again.added == 0 && again.updated == 0 && again.removed == 0 && again.unchanged == 4, "\(again)")
        }
    }

    @Test func singleUseRefreshTokensAreStoredBeforeUseAndARevokedGrantAsksToReconnect() async throws {
        try await LMSTestServer.with { lms in
            let server = try Self.server(lms)
            let (avery, id) = try await Self.connect(server, lms, code: LMSTestServer.Credentials.testCodePrefix + "-refresh")
            func refreshes() throws -> [LMSTestServer.Request] {
                try lms.requests().filter { $0.path == "/core/connect/token" && $0.parameter("grant_type") == "refresh_token" }
            }
            func accessTokens() throws -> Set<String> { Set(try lms.requests().compactMap(\.bearerToken)) }

            #expect(try await server.services.lms.sync(id, for: avery).added == 4)
            #expect(try refreshes().isEmpty)
            // Each time the access token dies, the sync renews it with the refresh token it has stored —
            // which must be the newest one, since D2L kills each refresh token once used.
            for round in 1...3 {
                for token in try accessTokens() { try lms.revoke(token: token) }
                let report = try await server.services.lms.sync(id, for: avery)
                #expect(report.complete, "round \(round): \(report)")
                let renewals = try refreshes()
                #expect(renewals.count == round && renewals.allSatisfy { $0.status == 200 }, "round \(round)")
                // Never the same refresh token twice.
                #expect(Set(renewals.compactMap { $0.parameter("refresh_token") }).count == round)
            }

            // The student revokes CampusCal in I-Learn: the access token dies and D2L refuses the refresh token.
            for token in try accessTokens() { try lms.revoke(token: token) }
            try lms.failNext(
                "POST", pathPrefix: "/core/connect/token", status: 400,
                body: #"{"error":"invalid_grant","error_description":"refresh token revoked"}"#, times: 1, params: ["grant_type": "refresh_token"])
            await #expect(throws: LMSError.self) { try await server.services.lms.sync(id, for: avery) }
            let connection = try await server.services.lms.connection(id, for: avery)
            #expect(connection.status.name == "needs-reconnect")
            #expect(
                try await server.services.notifications.unread(for: avery).contains { $0.title == "Reconnect your I-Learn (Brightspace) account" })
            // What was imported stays.
            #expect(try await Self.tasks(server, avery).count == 2)

            // Reconnecting is a new sign-in for the same connection; the items are matched, not doubled.
            let again = try await server.services.lms.reauthorize(id, for: avery, redirectURI: Self.redirectURI)
            let state = try #require(URLComponents(string: again.authorizationURL)?.queryItems?.first { $0.name == "state" }?.value)
            _ = try await server.services.lms.completeAuthorization(
                state: state, code: LMSTestServer.Credentials.testCodePrefix + "-again", error: nil, redirectURI: Self.redirectURI,
                browserSecret: again.browserSecret)
            let report = try await server.services.lms.sync(id, for: avery)
            #expect(report.added == 0 && report.unchanged == 4, "\(report)")
        }
    }

    @Test func busyRefusedAndBrokenListingsNeverLoseData() async throws {
        try await LMSTestServer.with { lms in
            let server = try Self.server(lms)
            let (avery, id) = try await Self.connect(server, lms, code: LMSTestServer.Credentials.testCodePrefix + "-errors")
            #expect(try await server.services.lms.sync(id, for: avery).added == 4)

            // 429 with Retry-After: waited out, then the sync completes.
            try lms.failNext(
                "GET", pathPrefix: "/d2l/api/le/1.96/184233/dropbox/folders/", status: 429, headers: ["Retry-After": "1"], times: 1)
            let busy = try await server.services.lms.sync(id, for: avery)
            #expect(busy.complete && busy.unchanged == 4, "\(busy)")
            #expect(try lms.requests().contains { $0.status == 429 })

            // A 403 on grades is "not allowed to know", not "no grade": Field Journal 1 keeps its 18/20.
            try lms.failNext("GET", pathPrefix: "/d2l/api/le/1.96/184233/grades/", status: 403, times: 1)
            let refused = try await server.services.lms.sync(id, for: avery)
            #expect(refused.removed == 0 && refused.updated == 0, "\(refused)")
            #expect(try await Self.tasks(server, avery).first { $0.title == "Field Journal 1" }?.grade == TaskGrade(score: 18, percentage: 90))

            // The calendar breaks on page 2 (an error body): nothing is removed, and the report says why.
            try lms.failNext(
                "GET", pathPrefix: "/d2l/api/le/1.96/calendar/events/myEvents/", status: 400,
                body: #"{"Errors":[{"Message":"Invalid bookmark"}]}"#, times: 1, params: ["bookmark": "90002"])
            let partial = try await server.services.lms.sync(id, for: avery)
            #expect(!partial.complete && partial.removed == 0 && partial.updated == 0, "\(partial)")
            #expect(partial.problems.contains { $0.scope == "events" && $0.message.contains("Invalid bookmark") })
            let connection = try await server.services.lms.connection(id, for: avery)
            #expect(try await server.services.events.allEvents(in: connection.calendarID, for: avery).1.count == 2)

            // Malformed JSON for the folders: a problem of that course, its assignments stay.
            try lms.failNext("GET", pathPrefix: "/d2l/api/le/1.96/184233/dropbox/folders/", status: 200, body: "[{\"Id\": 50211,", times: 1)
            let malformed = try await server.services.lms.sync(id, for: avery)
            #expect(!malformed.complete && malformed.removed == 0, "\(malformed)")
            #expect(malformed.problems.contains { $0.scope == "assignments:184233" && $0.message.contains("could not be read") })
            #expect(try await Self.tasks(server, avery).count == 2)
        }
    }

    @Test func endedAndHiddenEnrolmentsAreSkippedAndTheClasslistFillsTheCourse() async throws {
        try await LMSTestServer.with { lms in
            // A tenant that lists, despite isActive=true, an ended course, an inactive one and one the student cannot open.
            try lms.serve("brightspace/myenrollments-page1-ended-and-hidden.json", insteadOf: "brightspace/myenrollments-page1.json")
            let server = try Self.server(lms)
            let (avery, id) = try await Self.connect(server, lms, code: LMSTestServer.Credentials.testCodePrefix + "-ended")
            let report = try await server.services.lms.sync(id, for: avery)
            #expect(report.complete && report.added == 4 && report.problems.isEmpty, "\(report)")
            for skipped in ["179001", "179002", "184990"] {
                #expect(try !lms.requests().contains { $0.path.contains("/\(skipped)/") || ($0.parameter("orgUnitIdsCSV") ?? "").contains(skipped) })
            }
            // BOT 240 is the one course, with its own name, and its classlist (read with the student's token) fills it.
            let courses = try await server.services.courses.courses(for: avery)
            #expect(
                courses.map { $0.0.code } == ["FA26-BOT240-01"]
                    && courses.first?.0.name == "BOT 240 Flora of the Intermountain West - Section 01 (FA26)")
            let course = try #require(courses.first?.0)
            let (_, members) = try await server.services.courses.members(of: course.id, for: avery)
            #expect(members.map(\.displayName) == ["Sage Whitlock", "avery", "Blake Marsh", "Drew Newcomb"])
            #expect(members.first?.role == .instructor && members.first?.user == nil && members[1].user?.id == avery.id)
        }
    }
}
