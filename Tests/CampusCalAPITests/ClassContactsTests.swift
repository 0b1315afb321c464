import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// The class list (SRS 3.2.19): classmates and instructors with their contact details, for the
/// people in the course only, without those who opted out of directory information.
@Suite("Class members: contacts for classmates, hidden for opt-outs and outsiders")
struct ClassContactsTests {
    @Test func classmatesSeeEachOtherAlphabeticallyWithWhatTheyProvided() async throws {
        let server = try TestServer()
        let store = server.services.courses.courses
        var users: [String: User] = [:]
        for name in ["zoe", "adam", "prof", "erin", "sam"] { users[name] = try await server.createUser(name) }
        func profile(_ name: String, _ change: (inout User) -> Void) async throws {
            var user = users[name]!
            change(&user)
            users[name] = try await server.services.accounts.users.update(user, expectedVersion: users[name]!.version)
        }
        try await profile("zoe") {
            $0.displayName = "Zoe Young"
            $0.email = "zoe@campus.test"
        }
        try await profile("adam") { $0.displayName = "Adam Ames" }
        try await profile("prof") {
            $0.displayName = "Dr. Quinn"
            $0.phone = "208 555 0199 00"
        }
        try await profile("erin") {
            $0.displayName = "Erin Evans"
            $0.email = "erin@campus.test"
            $0.directoryOptOut = true
        }
        let course = Course(id: .generate(), code: "CS 101", name: "Intro to Programming", term: "Fall 2026", createdAt: server.clock.now())
        try await store.insert(course)
        for name in ["zoe", "adam", "erin"] { try await store.enrol(users[name]!.id, in: course.id, as: .student) }
        try await store.enrol(users["prof"]!.id, in: course.id, as: .instructor)

        try await server.run { api in
            let zoe = try await api.token("zoe")
            let courses = try await api.request(.get, "/api/v1/courses", token: zoe)
            #expect((courses.json["items"] as? [[String: Any]])?.map { $0["code"] as? String } == ["CS 101"])
            let list = try await api.request(.get, "/api/v1/courses/\(course.id)/members", token: zoe)
            #expect(list.status == .ok)
            let members = (list.json["items"] as? [[String: Any]]) ?? []
            // The instructor first, then by name; erin opted out, so her classmates do not see her.
            #expect(members.map { $0["displayName"] as? String } == ["Dr. Quinn", "Adam Ames", "Zoe Young"])
            let adam = try #require(members.first { $0["username"] as? String == "adam" })
            #expect(adam["contactNotice"] as? String == "This user has not provided their information!")
            #expect(members.first { $0["username"] as? String == "zoe" }?["email"] as? String == "zoe@campus.test")
            #expect(members.first { $0["username"] as? String == "prof" }?["contactNotice"] is NSNull)
            // Erin sees herself in her own class list.
            let erin = try await api.request(.get, "/api/v1/courses/\(course.id)/members", token: try await api.token("erin"))
            #expect(((erin.json["items"] as? [[String: Any]]) ?? []).contains { $0["username"] as? String == "erin" })
            // Someone not in the course learns nothing, not even that it exists.
            let outsider = try await api.request(.get, "/api/v1/courses/\(course.id)/members", token: try await api.token("sam"))
            #expect(outsider.status == .notFound)
            let missing = try await api.request(.get, "/api/v1/courses/\(CourseID.generate())/members", token: zoe)
            #expect(outsider.string("detail") == missing.string("detail"))
        }
    }
}
