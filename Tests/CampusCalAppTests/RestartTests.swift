import CampusCalTestSupport
import Foundation
import Testing

@Suite("A restarted server keeps everything")
struct RestartTests {
    @Test func accountsProfilesAndSessionsSurviveARestart() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualClock()
        let first = try TestServer(directory: directory, clock: clock)
        let token = try await first.run { api in
            #expect(try await api.register("alice").status == .created)
            let token = try await api.token("alice")
            #expect(try await api.request(.patch, "/api/v1/me", token: token, json: ["displayName": "Alice A."]).status == .ok)
            return token
        }

        let second = try TestServer(directory: directory, clock: clock)
        try await second.run { api in
            let me = try await api.request(.get, "/api/v1/me", token: token)
            #expect(me.status == .ok)
            #expect(me.string("displayName") == "Alice A.")
            #expect(try await api.login("alice").status == .ok)
            #expect(try await api.register("alice").status == .conflict)
        }
    }
}
