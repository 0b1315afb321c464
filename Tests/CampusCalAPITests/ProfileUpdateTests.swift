import CampusCalTestSupport
import Foundation
import Testing

@Suite("Profile updates: merge patch, validation, ETag / If-Match")
struct ProfileUpdateTests {
    @Test func mergePatchSetsAndClearsFields() async throws {
        let server = try TestServer()
        try await server.createUser("wendy")
        try await server.run { api in
            let token = try await api.token("wendy")
            let set = try await api.request(
                .patch, "/api/v1/me", token: token,
                json: ["email": "wendy@example.edu", "phone": "+1 (208) 555-0101", "timeZone": "America/Boise", "displayName": "Wendy W"])
            #expect(set.status == .ok)
            #expect(set.string("email") == "wendy@example.edu")
            #expect(set.string("phone") == "+1 (208) 555-0101")
            #expect(set.string("timeZone") == "America/Boise")

            let cleared = try await api.request(.patch, "/api/v1/me", token: token, json: ["email": NSNull()])
            #expect(cleared.json["email"] is NSNull)
            #expect(cleared.string("phone") == "+1 (208) 555-0101")
            #expect(cleared.string("displayName") == "Wendy W")
        }
    }

    @Test func invalidValuesAreRefusedAndNothingChanges() async throws {
        let server = try TestServer()
        try await server.createUser("xavier")
        try await server.run { api in
            let token = try await api.token("xavier")
            let reply = try await api.request(
                .patch, "/api/v1/me", token: token, json: ["displayName": "Good Name", "phone": "555-0101", "timeZone": "EST5"])
            #expect(reply.status == .unprocessableContent)
            #expect(Set(reply.issueCodes) == ["phone.format", "timeZone.unknown"])
            let me = try await api.request(.get, "/api/v1/me", token: token)
            #expect(me.string("displayName") == "xavier")
            #expect(me.headers[.eTag] == "\"v1\"")
        }
    }

    @Test func staleIfMatchIsRefusedWith412() async throws {
        let server = try TestServer()
        try await server.createUser("yara")
        try await server.run { api in
            let token = try await api.token("yara")
            let etag = try #require(try await api.request(.get, "/api/v1/me", token: token).headers[.eTag])

            let first = try await api.request(.patch, "/api/v1/me", token: token, json: ["displayName": "First"], headers: [.ifMatch: etag])
            #expect(first.status == .ok)
            let newTag = try #require(first.headers[.eTag])
            #expect(newTag != etag)

            let stale = try await api.request(.patch, "/api/v1/me", token: token, json: ["displayName": "Second"], headers: [.ifMatch: etag])
            #expect(stale.status == .preconditionFailed)
            #expect(stale.problemCode == "version-mismatch")

            let current = try await api.request(.get, "/api/v1/me", token: token)
            #expect(current.string("displayName") == "First")

            let withCurrent = try await api.request(
                .patch, "/api/v1/me", token: token, json: ["displayName": "Second"], headers: [.ifMatch: newTag])
            #expect(withCurrent.status == .ok)
        }
    }
}
