import CampusCalTestSupport
import Foundation
import Testing

@Suite("Account administration")
struct AdminUserTests {
    @Test func listPagesThroughEveryUserByCursor() async throws {
        let server = try TestServer()
        try await server.createUser("root", role: .admin)
        for index in 0..<12 { try await server.createUser(String(format: "user%02d", index)) }
        try await server.run { api in
            let admin = try await api.token("root")
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let query = cursor.map { "&cursor=\($0)" } ?? ""
                let page = try await api.request(.get, "/api/v1/admin/users?limit=5\(query)", token: admin)
                #expect(page.status == .ok)
                let items = try #require(page.json["items"] as? [[String: Any]])
                #expect(items.count <= 5)
                seen += items.compactMap { $0["username"] as? String }
                cursor = page.json["nextCursor"] as? String
                pages += 1
            } while cursor != nil && pages < 10
            #expect(pages == 3)
            #expect(seen == seen.sorted())
            #expect(seen.count == 13)
        }
    }

    @Test func roleChangeEndsTheUsersSessions() async throws {
        let server = try TestServer()
        try await server.createUser("root", role: .admin)
        let zoe = try await server.createUser("zoe")
        try await server.run { api in
            let admin = try await api.token("root")
            let zoeToken = try await api.token("zoe")
            let changed = try await api.request(.patch, "/api/v1/admin/users/\(zoe.id)", token: admin, json: ["role": "faculty"])
            #expect(changed.status == .ok)
            #expect(changed.string("role") == "faculty")
            #expect(try await api.request(.get, "/api/v1/me", token: zoeToken).status == .unauthorized)

            let badRole = try await api.request(.patch, "/api/v1/admin/users/\(zoe.id)", token: admin, json: ["role": "dean"])
            #expect(badRole.status == .badRequest)
        }
    }

    @Test func theLastAdministratorCannotBeDemoted() async throws {
        let server = try TestServer()
        let root = try await server.createUser("root", role: .admin)
        try await server.run { api in
            let admin = try await api.token("root")
            let reply = try await api.request(.patch, "/api/v1/admin/users/\(root.id)", token: admin, json: ["role": "student"])
            #expect(reply.status == .forbidden)
            #expect(reply.string("detail")?.contains("last administrator") == true)
        }
    }

    @Test func unknownUserIdIs404() async throws {
        let server = try TestServer()
        try await server.createUser("root", role: .admin)
        try await server.run { api in
            let admin = try await api.token("root")
            let reply = try await api.request(.get, "/api/v1/admin/users/00000000-0000-0000-0000-000000000000", token: admin)
            #expect(reply.status == .notFound)
            #expect(reply.problemCode == "not-found")
        }
    }
}
