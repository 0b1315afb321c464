import CampusCalTestSupport
import Foundation
import Testing

@Suite("Calendars: create, list, read, change, delete — only one's own")
struct CalendarTests {
    @Test func createReadChangeDelete() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("amy", extra: ["timeZone": "America/Denver"])
            let token = try await api.token("amy")

            let created = try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": " Classes ", "description": "Fall"])
            #expect(created.status == .created)
            let id = try #require(created.string("id"))
            #expect(created.headers[.location] == "/api/v1/calendars/\(id)")
            #expect(created.string("name") == "Classes")
            #expect(created.string("timeZone") == "America/Denver")
            #expect(created.string("color") == "#3A87AD")

            let read = try await api.request(.get, "/api/v1/calendars/\(id)", token: token)
            #expect(read.headers[.eTag] == "\"v1\"")

            let changed = try await api.request(
                .patch, "/api/v1/calendars/\(id)", token: token, json: ["color": "#ff7f0e", "description": NSNull()],
                headers: [.ifMatch: "\"v1\""])
            #expect(changed.status == .ok)
            #expect(changed.string("color") == "#FF7F0E")
            #expect(changed.json["description"] is NSNull)

            let stale = try await api.request(.delete, "/api/v1/calendars/\(id)", token: token, headers: [.ifMatch: "\"v1\""])
            #expect(stale.status == .preconditionFailed)

            #expect(try await api.request(.delete, "/api/v1/calendars/\(id)", token: token).status == .noContent)
            #expect(try await api.request(.get, "/api/v1/calendars/\(id)", token: token).status == .notFound)
        }
    }

    @Test func anotherUsersCalendarIsIndistinguishableFromAMissingOne() async throws {
        let server = try TestServer()
        try await server.createUser("ben")
        try await server.createUser("cat")
        try await server.run { api in
            let ben = try await api.token("ben")
            let cat = try await api.token("cat")
            let created = try await api.request(.post, "/api/v1/calendars", token: ben, json: ["name": "Private"])
            let id = try #require(created.string("id"))

            let missing = try await api.request(.get, "/api/v1/calendars/00000000-0000-0000-0000-000000000000", token: cat)
            for (method, body) in [("GET", nil), ("PATCH", ["name": "Mine now"]), ("DELETE", nil)] as [(String, [String: Any]?)] {
                let reply = try await api.request(.init(method)!, "/api/v1/calendars/\(id)", token: cat, json: body)
                #expect(reply.status == .notFound, "\(method)")
                #expect(reply.string("detail") == missing.string("detail"))
            }
            let list = try await api.request(.get, "/api/v1/calendars", token: cat)
            #expect((list.json["items"] as? [Any])?.isEmpty == true)

            let still = try await api.request(.get, "/api/v1/calendars/\(id)", token: ben)
            #expect(still.string("name") == "Private")
        }
    }

    @Test func validationNamesEveryField() async throws {
        let server = try TestServer()
        try await server.createUser("dan")
        try await server.run { api in
            let token = try await api.token("dan")
            let missingName = try await api.request(.post, "/api/v1/calendars", token: token, json: ["color": "#000000"])
            #expect(missingName.status == .unprocessableContent)
            #expect(missingName.issueCodes == ["name.required"])

            let bad = try await api.request(
                .post, "/api/v1/calendars", token: token,
                json: ["name": "   ", "color": "blue", "timeZone": "Moon/Base", "description": String(repeating: "x", count: 2001)])
            #expect(Set(bad.issueCodes) == ["name.empty", "color.format", "timeZone.unknown", "description.length"])
            let list = try await api.request(.get, "/api/v1/calendars", token: token)
            #expect((list.json["items"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func listIsOrderedByNameAndPaged() async throws {
        let server = try TestServer()
        try await server.createUser("eve")
        try await server.run { api in
            let token = try await api.token("eve")
            for name in ["work", "Classes", "clubs", "Athletics", "birthdays", "Work"] {
                #expect(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": name]).status == .created)
            }
            var names: [String] = []
            var cursor: String?
            repeat {
                let query = cursor.map { "&cursor=\($0)" } ?? ""
                let page = try await api.request(.get, "/api/v1/calendars?limit=4\(query)", token: token)
                names += ((page.json["items"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
                cursor = page.json["nextCursor"] as? String
            } while cursor != nil
            #expect(names.map { $0.lowercased() } == ["athletics", "birthdays", "classes", "clubs", "work", "work"])
            #expect(names.count == 6)
        }
    }
}
