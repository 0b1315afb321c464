import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// What an LMS connection does with a student's key: it reaches only the hosts the campus allows,
/// never comes back out of the API, is kept sealed in the database file, and is never logged.
@Suite("LMS credentials: allowed hosts only, never returned, sealed at rest")
struct LMSCredentialSafetyTests {
    static let key = LMSTestServer.Credentials.moodleToken

    static func consent(_ api: APIClient, _ token: String) async throws {
        let agreed = try await api.request(
            .post, "/api/v1/me/consents", token: token, json: ["agreementId": "ilearn-sync", "version": 1])
        #expect(agreed.status == .created)
    }

    @Test func onlyTheCampusLMSHostsAreAccepted() async throws {
        let server = try TestServer { $0.lmsAllowedHosts = "ilearn.example.edu, Canvas.Example.edu" }
        try await server.createUser("avery")
        try await server.run { api in
            let token = try await api.token("avery")
            try await Self.consent(api, token)
            for baseURL in ["https://collector.example.com", "http://127.0.0.1:9", "https://ilearn.example.edu.evil.example"] {
                let refused = try await api.request(
                    .post, "/api/v1/lms/connections", token: token, json: ["kind": "moodle", "baseUrl": baseURL, "token": Self.key])
                #expect(refused.status == .unprocessableContent, "\(baseURL): \(String(decoding: refused.body, as: UTF8.self))")
                #expect(refused.headers[.contentType] == "application/problem+json")
                let codes = ((refused.json["errors"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
                #expect(codes == ["baseUrl.host-not-allowed"], "\(baseURL): \(codes)")
                #expect((refused.string("detail") ?? "").contains("canvas.example.edu, ilearn.example.edu"))
            }
            // Plain http is refused for any host but loopback, allowed or not.
            let plain = try await api.request(
                .post, "/api/v1/lms/connections", token: token,
                json: ["kind": "moodle", "baseUrl": "http://ilearn.example.edu", "token": Self.key])
            #expect(plain.status == .unprocessableContent)
            // Nothing was made.
            let listed = try await api.request(.get, "/api/v1/lms/connections", token: token)
            #expect((listed.json["items"] as? [Any])?.isEmpty == true, "\(listed.json)")
        }
    }

    @Test func theKeyNeverComesBackAndIsSealedInTheDatabaseFile() async throws {
        // The test LMS listens on loopback, which the campus must allow-list (review M1).
        let server = try TestServer { $0.lmsAllowedPrivateNetworks = "127.0.0.1/32" }
        try await server.createUser("avery")
        try await LMSTestServer.with(staticTokens: ["moodle": Self.key]) { lms in
            try await server.run { api in
                let token = try await api.token("avery")
                try await Self.consent(api, token)
                let connected = try await api.request(
                    .post, "/api/v1/lms/connections", token: token, json: ["kind": "moodle", "baseUrl": lms.baseURL, "token": Self.key])
                #expect(connected.status == .created)
                let id = try #require(connected.string("id"))
                let synced = try await api.request(.post, "/api/v1/lms/connections/\(id)/sync", token: token)
                #expect(synced.status == .ok)
                // Not in any answer about the connection.
                for path in ["/api/v1/lms/connections", "/api/v1/lms/connections/\(id)"] {
                    let reply = try await api.request(.get, path, token: token)
                    #expect(reply.status == .ok && !String(decoding: reply.body, as: UTF8.self).contains(Self.key), "\(path)")
                }
                #expect(!String(decoding: connected.body, as: UTF8.self).contains(Self.key))
                #expect(!String(decoding: synced.body, as: UTF8.self).contains(Self.key))
            }
        }
        // Not in the database file, its write-ahead log or anything beside it: sealed with the server's key.
        let folder = URL(fileURLWithPath: server.directory.path)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("campuscal.sqlite") }
        #expect(!files.isEmpty)
        for file in files {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(file))
            #expect(bytes.range(of: Data(Self.key.utf8)) == nil, "\(file) holds the key in clear")
        }
    }
}
