import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

@testable import CampusCalImporters

/// Canvas through its REST API, end to end against the local test LMS: every page, grades and
/// comments, a moved due date, an interrupted listing, token refresh and revocation.
@Suite("LMS Canvas: paged API import, changes, partial listings, token refresh")
struct CanvasSyncTests {
    static let client = LMSTestServer.Credentials.canvasClient

    /// A CampusCal server registered with Canvas, the test LMS configured as the campus's Canvas site.
    static func server(_ lms: LMSTestServer) throws -> TestServer {
        try TestServer(configure: {
            $0.lmsCanvasBaseURLs = lms.baseURL
            $0.lmsAllowedPrivateNetworks = "127.0.0.1/32"
            $0.lmsCanvasClientID = client.id
            $0.lmsCanvasClientSecret = client.secret
        })
    }

    /// Avery, agreed to the sync, connected to Canvas with `credentials` (as the OAuth callback will do).
    static func connect(_ server: TestServer, _ lms: LMSTestServer, _ credentials: LMSCredentials) async throws -> (User, LMSConnectionID) {
        let avery = try await server.services.accounts.user(username: "avery")
        _ = try await server.services.consents.agree(avery, to: "ilearn-sync", version: 1)
        let connection = try await server.services.lms.connect(avery, kind: .canvas, baseURL: lms.baseURL, credentials: credentials)
        return (avery, connection.id)
    }

    static func tasks(_ server: TestServer, _ user: User) async throws -> [TaskItem] {
        try await server.services.tasks.list(for: user, TaskQuery())
    }

    @Test func everyPageGradesAndCommentsArriveAndAMovedDueDateUpdatesInPlace() async throws {
        try await LMSTestServer.with(staticTokens: ["canvas": "canvas-static-token"]) { lms in
            let server = try Self.server(lms)
            try await server.createUser("avery")
            let (avery, id) = try await Self.connect(server, lms, .oauth(accessToken: "canvas-static-token", refreshToken: nil, expiresAt: nil))
            let report = try await server.services.lms.sync(id, for: avery)
            #expect(report.added == 6 && report.complete, "\(report)")
            let tasks = try await Self.tasks(server, avery)
            #expect(Set(tasks.map(\.title)) == ["Code Review 1", "Project Milestone 1", "Design Document", "Reading Reflection (optional)"])
            let review = try #require(tasks.first { $0.title == "Code Review 1" })
            #expect(review.grade == TaskGrade(score: 9, percentage: 90) && review.pointsPossible == 10 && review.course == "CS 246")
            #expect(review.feedback?.hasPrefix("Rowan Ellery: Nice work, Avery") == true)
            // The 23:59:59 deadline from the API is exact; an assignment without a due date stays undated.
            #expect(
                tasks.first { $0.title == "Project Milestone 1" }?.due?.instant(viewerTimeZone: .gmt)
                    == ISO8601DateFormatter().date(from: "2026-09-26T05:59:59Z"))
            #expect(tasks.first { $0.title == "Reading Reflection (optional)" }?.due == nil)
            // Page 2 was reached through the Link header, with the bearer token (not a query parameter).
            let pages = try lms.requests().filter { $0.path == "/api/v1/courses/5173/assignments" }
            #expect(pages.count == 2 && pages.allSatisfy { $0.bearerToken == "canvas-static-token" && $0.status == 200 })

            // The instructor moves the Design Document (sync 2 of the fixture story).
            try lms.setPhase(2)
            let second = try await server.services.lms.sync(id, for: avery)
            #expect(second.updated == 1 && second.added == 0 && second.removed == 0, "\(second)")
            let moved = try #require(try await Self.tasks(server, avery).first { $0.title == "Design Document" })
            #expect(moved.due?.instant(viewerTimeZone: .gmt) == ISO8601DateFormatter().date(from: "2026-10-14T18:00:00Z"))
            #expect(try await server.services.notifications.unread(for: avery).contains { $0.title == "Due date changed: Design Document" })
        }
    }

    @Test func aListingInterruptedOnPageTwoRemovesNothing() async throws {
        try await LMSTestServer.with(staticTokens: ["canvas": "canvas-static-token"]) { lms in
            let server = try Self.server(lms)
            try await server.createUser("avery")
            let (avery, id) = try await Self.connect(server, lms, .oauth(accessToken: "canvas-static-token", refreshToken: nil, expiresAt: nil))
            #expect(try await server.services.lms.sync(id, for: avery).added == 6)
            try lms.failNext(
                "GET", pathPrefix: "/api/v1/courses/5173/assignments", status: 500, headers: ["Retry-After": "0"], times: 4, params: ["page": "2"])
            let partial = try await server.services.lms.sync(id, for: avery)
            #expect(!partial.complete && partial.removed == 0 && partial.problems.contains { $0.scope == "assignments:5173" })
            #expect(try await Self.tasks(server, avery).count == 4)
        }
    }

    @Test func anExpiredTokenIsRefreshedAndARevokedOneAsksToReconnect() async throws {
        try await LMSTestServer.with { lms in
            let server = try Self.server(lms)
            try await server.createUser("avery")
            // What the OAuth callback does: exchange an authorization code for tokens.
            let exchanged = try await LMSHTTPClient(addressPolicy: .loopbackForTests).postForm(
                lms.url("/login/oauth2/token"),
                [
                    ("grant_type", "authorization_code"), ("client_id", Self.client.id), ("client_secret", Self.client.secret),
                    ("code", LMSTestServer.Credentials.testCodePrefix + "-1"), ("redirect_uri", "http://127.0.0.1/callback"),
                ])
            let tokens = try #require(try JSONSerialization.jsonObject(with: Data(exchanged.body)) as? [String: Any])
            let access = try #require(tokens["access_token"] as? String)
            let refresh = try #require(tokens["refresh_token"] as? String)
            let (avery, id) = try await Self.connect(server, lms, .oauth(accessToken: access, refreshToken: refresh, expiresAt: nil))
            // The access token dies: the importer renews it once and carries on.
            try lms.revoke(token: access)
            let report = try await server.services.lms.sync(id, for: avery)
            #expect(report.added == 6)
            let renewals = try lms.requests().filter { $0.path == "/login/oauth2/token" && $0.parameter("grant_type") == "refresh_token" }
            #expect(renewals.count == 1 && renewals.first?.status == 200)
            // The renewed token was stored: the next sync uses it without renewing again.
            #expect(try await server.services.lms.sync(id, for: avery).unchanged == 6)
            #expect(try lms.requests().filter { $0.path == "/login/oauth2/token" }.count == 2)
            // The student removes CampusCal in Canvas: every token dies, so they must reconnect.
            for request in try lms.requests() { if let bearer = request.bearerToken { try lms.revoke(token: bearer) } }
            try lms.revoke(token: refresh)
            await #expect(throws: LMSError.self) { try await server.services.lms.sync(id, for: avery) }
            let connection = try await server.services.lms.connection(id, for: avery)
            #expect(connection.status.name == "needs-reconnect")
            #expect(try await Self.tasks(server, avery).count == 4)
        }
    }

    @Test func concludedAndRestrictedCoursesAreNotImportedEvenWhenCanvasListsThem() async throws {
        try await LMSTestServer.with(staticTokens: ["canvas": "canvas-static-token"]) { lms in
            // This campus's Canvas does not apply enrollment_state=active: CS 142 (completed) comes too, and a
            // course the student may not open (access_restricted_by_date, all Canvas says of it).
            try lms.serve("canvas/courses-with-concluded.json", insteadOf: "canvas/courses.json")
            let server = try Self.server(lms)
            try await server.createUser("avery")
            let (avery, id) = try await Self.connect(server, lms, .oauth(accessToken: "canvas-static-token", refreshToken: nil, expiresAt: nil))
            let report = try await server.services.lms.sync(id, for: avery)
            #expect(report.complete && report.added == 6 && report.problems.isEmpty, "\(report)")
            #expect(try await Self.tasks(server, avery).allSatisfy { $0.course == "CS 246" })
            // Nothing of either course was asked for, and neither is among the student's courses.
            #expect(
                try !lms.requests().contains { request in
                    ["5120", "5199"].contains { course in
                        request.path.hasPrefix("/api/v1/courses/\(course)") || request.query["context_codes[]"]?.contains("course_\(course)") == true
                    }
                })
            #expect(try await server.services.courses.courses(for: avery).map { $0.0.code } == ["CS 246"])
        }
    }
}
