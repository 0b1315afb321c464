import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// Class lists that fill themselves (issue #28, SRS 3.2.19): students connect Canvas and sync, and
/// `/courses/{id}/members` lists the classmates the LMS shows them — without those who opted out of
/// directory information — and a classmate who joins later becomes their own account, found by
/// the LMS identity their own sync vouched for, never by name.
@Suite("Class lists from LMS syncs: classmates listed, opt-outs hidden, newcomers become their accounts")
struct ClassListSyncTests {
    /// A CampusCal server registered with the test LMS as the campus's Canvas.
    static func server(_ lms: LMSTestServer) throws -> TestServer {
        try TestServer(configure: {
            $0.lmsCanvasBaseURLs = lms.baseURL
            $0.lmsAllowedPrivateNetworks = "127.0.0.1/32"
            $0.lmsCanvasClientID = LMSTestServer.Credentials.canvasClient.id
            $0.lmsCanvasClientSecret = LMSTestServer.Credentials.canvasClient.secret
        })
    }

    /// `user` agrees to the sync, connects Canvas with `token` (as the OAuth callback would) and syncs.
    static func syncCanvas(_ server: TestServer, _ lms: LMSTestServer, _ user: User, token: String) async throws -> LMSSyncReport {
        _ = try await server.services.consents.agree(user, to: "ilearn-sync", version: 1)
        let connection = try await server.services.lms.connect(
            user, kind: .canvas, baseURL: lms.baseURL, credentials: .oauth(accessToken: token, refreshToken: nil, expiresAt: nil))
        return try await server.services.lms.sync(connection.id, for: user)
    }

    static func profile(_ server: TestServer, _ user: User, _ change: (inout User) -> Void) async throws -> User {
        var changed = user
        change(&changed)
        return try await server.services.accounts.users.update(changed, expectedVersion: user.version)
    }

    static func items(_ reply: APIClient.Reply) -> [[String: Any]] { (reply.json["items"] as? [[String: Any]]) ?? [] }

    @Test func aSyncedCourseListsClassmatesWithoutOptOutsAndASecondStudentSeesTheFirst() async throws {
        try await LMSTestServer.with(staticTokens: ["canvas": "avery-token"], canvasStudents: ["blake-token": 40818, "casey-token": 40819]) {
            lms in
            let server = try Self.server(lms)
            let avery = try await Self.profile(server, try await server.createUser("avery")) {
                $0.displayName = "Avery T."
                $0.email = "avery@campus.test"
            }
            let blake = try await Self.profile(server, try await server.createUser("blake")) {
                $0.displayName = "Blake Marsh"
                $0.email = "blake@campus.test"
            }
            let casey = try await Self.profile(server, try await server.createUser("casey")) {
                $0.displayName = "Casey Oduya"
                $0.email = "casey@campus.test"
                $0.directoryOptOut = true
            }
            try await server.createUser("sam")
            // Casey synced first: Canvas vouched that its user 40819 is her account, and she opted out.
            #expect(try await Self.syncCanvas(server, lms, casey, token: "casey-token").complete)
            let report = try await Self.syncCanvas(server, lms, avery, token: "avery-token")
            #expect(report.complete && report.problems.isEmpty, "\(report)")
            // The class list was asked for with the student's own token.
            #expect(try lms.requests().contains { $0.path == "/api/v1/courses/5173/users" && $0.bearerToken == "avery-token" })

            try await server.run { api in
                let averyToken = try await api.token("avery")
                let courses = Self.items(try await api.request(.get, "/api/v1/courses", token: averyToken))
                #expect(courses.count == 1)
                let course = try #require(courses.first)
                #expect(course["code"] as? String == "CS 246" && course["name"] as? String == "CS 246: Software Design Studio")
                #expect(course["term"] as? String == "Fall 2026" && course["role"] as? String == "student")
                let id = try #require(course["id"] as? String)
                // One record per LMS course: Casey's sync and Avery's found the same one.
                let caseyCourses = Self.items(try await api.request(.get, "/api/v1/courses", token: try await api.token("casey")))
                #expect(caseyCourses.map { $0["id"] as? String } == [id])

                let list = try await api.request(.get, "/api/v1/courses/\(id)/members", token: averyToken)
                #expect(list.status == .ok)
                let members = Self.items(list)
                // Staff first, then by name; Casey opted out, so she is not listed; Blake and Drew have no
                // account known to be theirs yet, so they are as Canvas shows them, with no contact details.
                #expect(
                    members.compactMap { $0["displayName"] as? String } == [
                        "Jordan Park", "Rowan Ellery", "Avery T.", "Blake Marsh", "Drew Newcomb",
                    ])
                #expect(members.map { $0["role"] as? String } == ["assistant", "instructor", "student", "student", "student"])
                let listedBlake = try #require(members.first { $0["displayName"] as? String == "Blake Marsh" })
                #expect(listedBlake["userId"] is NSNull && listedBlake["email"] is NSNull)
                #expect(listedBlake["contactNotice"] as? String == ClassMember.noContactDetails)
                #expect(
                    !members.contains { ($0["displayName"] as? String)?.contains("Casey") == true || $0["userId"] as? String == casey.id.rawValue })
                // Casey still sees herself; someone outside the course learns nothing.
                let caseyList = Self.items(try await api.request(.get, "/api/v1/courses/\(id)/members", token: try await api.token("casey")))
                #expect(caseyList.contains { $0["userId"] as? String == casey.id.rawValue })
                let outsider = try await api.request(.get, "/api/v1/courses/\(id)/members", token: try await api.token("sam"))
                #expect(outsider.status == .notFound && outsider.headers[.contentType] == "application/problem+json")

                // Blake joins: his own sync vouches for Canvas user 40818, and he sees Avery with her details.
                #expect(try await Self.syncCanvas(server, lms, blake, token: "blake-token").complete)
                let blakeList = Self.items(try await api.request(.get, "/api/v1/courses/\(id)/members", token: try await api.token("blake")))
                let seenAvery = try #require(blakeList.first { $0["userId"] as? String == avery.id.rawValue })
                #expect(seenAvery["email"] as? String == "avery@campus.test" && seenAvery["username"] as? String == "avery")
                // …and to Avery the listed Blake is now his account, listed once.
                let again = Self.items(try await api.request(.get, "/api/v1/courses/\(id)/members", token: averyToken))
                let blakes = again.filter { $0["displayName"] as? String == "Blake Marsh" }
                #expect(blakes.count == 1 && blakes.first?["userId"] as? String == blake.id.rawValue)
                #expect(blakes.first?["email"] as? String == "blake@campus.test" && blakes.first?["contactNotice"] is NSNull)
                #expect(again.count == members.count)
            }
        }
    }

    /// Course names and codes are one record shared by tasks, events and class lists: every
    /// assignment and course-calendar event of a sync points at the course `/courses` lists, and a
    /// classmate's copies point at the same one.
    @Test func assignmentsAndCourseEventsOfASyncPointAtTheSharedCourseRecord() async throws {
        try await LMSTestServer.with(staticTokens: ["canvas": "avery-token"], canvasStudents: ["blake-token": 40818]) { lms in
            let server = try Self.server(lms)
            let avery = try await server.createUser("avery")
            let blake = try await server.createUser("blake")
            #expect(try await Self.syncCanvas(server, lms, avery, token: "avery-token").complete)
            #expect(try await Self.syncCanvas(server, lms, blake, token: "blake-token").complete)
            try await server.run { api in
                let token = try await api.token("avery")
                let course = try #require(Self.items(try await api.request(.get, "/api/v1/courses", token: token)).first)
                let id = try #require(course["id"] as? String)
                let tasks = Self.items(try await api.request(.get, "/api/v1/tasks", token: token))
                #expect(!tasks.isEmpty)
                #expect(tasks.allSatisfy { $0["courseId"] as? String == id && $0["course"] as? String == "CS 246" }, "\(tasks)")
                // The filter by course record, and a classmate's assignments of the same course.
                let filtered = Self.items(try await api.request(.get, "/api/v1/tasks?courseId=\(id)", token: token))
                #expect(filtered.count == tasks.count)
                let none = Self.items(try await api.request(.get, "/api/v1/tasks?courseId=some-other-course", token: token))
                #expect(none.isEmpty)
                let blakes = Self.items(try await api.request(.get, "/api/v1/tasks", token: try await api.token("blake")))
                #expect(!blakes.isEmpty && blakes.allSatisfy { $0["courseId"] as? String == id })

                // The course calendar's guest lecture names its course: linked, and in its text.
                let connection = try #require(try await server.services.lms.connections(of: avery).first)
                let lecture = try #require(
                    try await server.services.events.events.eventsByUID(in: connection.calendarID).values.first {
                        $0.title.hasPrefix("Guest lecture")
                    })
                let reply = try await api.request(.get, "/api/v1/events/\(lecture.id.rawValue)", token: token)
                #expect(reply.status == .ok)
                #expect(reply.json["courseId"] as? String == id)
                #expect((reply.json["description"] as? String)?.hasSuffix("CS 246") == true, "\(reply.json)")
            }
        }
    }

    @Test func aClassListIsReplacedOnlyByACompleteRead() async throws {
        try await LMSTestServer.with(staticTokens: ["canvas": "avery-token"]) { lms in
            let server = try Self.server(lms)
            let avery = try await server.createUser("avery")
            _ = try await server.services.consents.agree(avery, to: "ilearn-sync", version: 1)
            let connection = try await server.services.lms.connect(
                avery, kind: .canvas, baseURL: lms.baseURL, credentials: .oauth(accessToken: "avery-token", refreshToken: nil, expiresAt: nil))
            _ = try await server.services.lms.sync(connection.id, for: avery)
            let (course, _) = try #require(try await server.services.courses.courses(for: avery).first)
            #expect(try await server.services.courses.members(of: course.id, for: avery).1.count == 6)

            // The course hides its people from students this time (403): no problem, and the list stays.
            try lms.failNext("GET", pathPrefix: "/api/v1/courses/5173/users", status: 403, body: #"{"errors":[{"message":"unauthorized"}]}"#)
            let refused = try await server.services.lms.sync(connection.id, for: avery)
            #expect(refused.complete && refused.problems.isEmpty, "\(refused)")
            #expect(try await server.services.courses.members(of: course.id, for: avery).1.count == 6)

            // Canvas fails part-way: a problem that names the course, and still the list stays.
            try lms.failNext("GET", pathPrefix: "/api/v1/courses/5173/users", status: 404, body: #"{"errors":[{"message":"gone"}]}"#)
            let failed = try await server.services.lms.sync(connection.id, for: avery)
            #expect(!failed.complete && failed.problems.contains { $0.scope == "members:5173" && $0.message.contains("CS 246") }, "\(failed)")
            #expect(try await server.services.courses.members(of: course.id, for: avery).1.count == 6)

            // Drew leaves the course: a complete read drops him.
            try lms.failNext(
                "GET", pathPrefix: "/api/v1/courses/5173/users", status: 200,
                body: #"[{"id": 40817, "name": "Avery Testwell", "enrollments": [{"type": "StudentEnrollment"}]}, "#
                    + #"{"id": 31002, "name": "Rowan Ellery", "enrollments": [{"type": "TeacherEnrollment"}]}]"#)
            #expect(try await server.services.lms.sync(connection.id, for: avery).complete)
            let left = try await server.services.courses.members(of: course.id, for: avery).1
            // Avery is her account (her sync vouched for Canvas user 40817), listed once.
            #expect(left.map(\.displayName) == ["Rowan Ellery", "avery"] && left.last?.user?.id == avery.id)
        }
    }
}
