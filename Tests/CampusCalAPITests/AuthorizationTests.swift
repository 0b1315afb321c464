import CampusCalTestSupport
import Foundation
import Testing

@Suite("A caller sees and changes only what they may")
struct AuthorizationTests {
    @Test func aTokenReadsAndChangesOnlyItsOwnAccount() async throws {
        let server = try TestServer()
        try await server.createUser("paul")
        let quinn = try await server.createUser("quinn")
        try await server.run { api in
            let paul = try await api.token("paul")
            let me = try await api.request(.get, "/api/v1/me", token: paul)
            #expect(me.string("username") == "paul")

            let patched = try await api.request(.patch, "/api/v1/me", token: paul, json: ["displayName": "Paul P."])
            #expect(patched.string("username") == "paul")
            let quinnNow = try await server.services.accounts.user(id: quinn.id)
            #expect(quinnNow.displayName == "quinn")
        }
    }

    @Test func studentsCannotUseAdminEndpointsOnOtherUsers() async throws {
        let server = try TestServer()
        try await server.createUser("rose")
        let sam = try await server.createUser("sam")
        try await server.run { api in
            let rose = try await api.token("rose")
            let attempts: [(method: String, path: String, body: [String: Any]?)] = [
                ("GET", "/api/v1/admin/users", nil),
                ("GET", "/api/v1/admin/users/\(sam.id)", nil),
                ("PATCH", "/api/v1/admin/users/\(sam.id)", ["role": "admin"]),
                ("POST", "/api/v1/admin/users/\(sam.id)/unlock", nil),
                ("POST", "/api/v1/admin/users/\(sam.id)/password", ["password": "Hijack123"]),
            ]
            for attempt in attempts {
                let reply = try await api.request(.init(attempt.method)!, attempt.path, token: rose, json: attempt.body)
                #expect(reply.status == .forbidden, "\(attempt.method) \(attempt.path)")
                #expect(reply.problemCode == "forbidden")
            }
            let samNow = try await server.services.accounts.user(id: sam.id)
            #expect(samNow.role == .student)
            #expect(try await api.login("sam").status == .ok)
            #expect(try await api.login("sam", password: "Hijack123").status == .unauthorized)
        }
    }

    @Test func facultyAreNotAdministrators() async throws {
        let server = try TestServer()
        try await server.createUser("tina", role: .faculty)
        try await server.run { api in
            let tina = try await api.token("tina")
            #expect(try await api.request(.get, "/api/v1/admin/users", token: tina).status == .forbidden)
        }
    }

    @Test func anonymousCallersGetNoAccountData() async throws {
        let server = try TestServer()
        let uma = try await server.createUser("uma")
        try await server.run { api in
            for path in ["/api/v1/me", "/api/v1/admin/users", "/api/v1/admin/users/\(uma.id)"] {
                let reply = try await api.request(.get, path)
                #expect(reply.status == .unauthorized, "\(path)")
                #expect(!String(decoding: reply.body, as: UTF8.self).contains("uma"))
            }
        }
    }
}
