import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// The security review's M1 (issue #25): a student aims the server's requests — a calendar feed, a
/// Moodle site — at the server's own network. Every request and redirect hop is resolved and
/// checked; only public addresses, or networks the campus allow-lists, are contacted; and what a
/// student is told never describes what is behind an address (no port, no status, no socket error).
///
/// The tests never send anything beyond loopback: 127.0.0.1 is what they allow-list, and a second
/// test LMS on 127.0.0.2 (not allow-listed) stands in for the cloud metadata address.
@Suite("LMS outbound requests: the security review's M1")
struct LMSOutboundReviewTests {
    static let loopback = "127.0.0.1/32"

    static func text(_ reply: APIClient.Reply) -> String { String(decoding: reply.body, as: UTF8.self) }

    /// Avery, agreed to the sync, with a feed connection to `feed`; returns the sync's answer.
    static func connectAndSync(_ api: APIClient, feed: String) async throws -> (created: APIClient.Reply, sync: APIClient.Reply) {
        let token = try await api.token("avery")
        _ = try await api.request(.post, "/api/v1/me/consents", token: token, json: ["agreementId": "ilearn-sync", "version": 1])
        let created = try await api.request(.post, "/api/v1/lms/connections", token: token, json: ["kind": "ics", "feedUrl": feed])
        let sync = try await api.request(.post, "/api/v1/lms/connections/\(created.string("id") ?? "")/sync", token: token)
        return (created, sync)
    }

    /// A Moodle sign-in with the test LMS's username and password, to the site at `baseURL`.
    static func moodleSignIn(_ api: APIClient, _ token: String, at baseURL: String) async throws -> APIClient.Reply {
        let login = LMSTestServer.Credentials.moodleLogin
        return try await api.request(
            .post, "/api/v1/lms/connections", token: token,
            json: ["kind": "moodle", "baseUrl": baseURL, "username": login.username, "password": login.password])
    }

    @Test func reviewM1AFeedOnLoopbackIsRefusedUnlessAllowListed() async throws {
        try await LMSTestServer.with { lms in
            // Default settings: loopback is nobody's LMS. The sync is refused before anything is sent.
            let closed = try TestServer { $0.lmsAllowedPrivateNetworks = "" }
            try await closed.createUser("avery")
            try await closed.run { api in
                let (_, sync) = try await Self.connectAndSync(api, feed: lms.canvasFeedURL)
                #expect(sync.status == .conflict && sync.problemCode == "lms-unavailable", "\(Self.text(sync))")
                #expect(sync.string("detail")?.contains("Could not reach the LMS at 127.0.0.1") == true, "\(Self.text(sync))")
                // Nor does a Moodle sign-in post a password there.
                let token = try await api.token("avery")
                let moodle = try await Self.moodleSignIn(api, token, at: lms.baseURL)
                #expect(moodle.status == .conflict && moodle.problemCode == "lms-unavailable", "\(Self.text(moodle))")
            }
            let heard = try lms.requests()
            #expect(heard.isEmpty, "\(heard.map(\.path))")

            // The campus allow-lists 127.0.0.1 (as every LMS test here does): the same feed syncs.
            let open = try TestServer { $0.lmsAllowedPrivateNetworks = Self.loopback }
            try await open.createUser("avery")
            try await open.run { api in
                let (_, sync) = try await Self.connectAndSync(api, feed: lms.canvasFeedURL)
                #expect(sync.status == .ok && (sync.json["added"] as? Int ?? 0) > 0, "\(Self.text(sync))")
            }
        }
    }

    @Test func reviewM1ARedirectToTheMetadataAddressIsNotFollowed() async throws {
        try await LMSTestServer.with { campus in
            try await LMSTestServer.with(host: "127.0.0.2") { metadata in
                let server = try TestServer { $0.lmsAllowedPrivateNetworks = Self.loopback }
                try await server.createUser("avery")
                try await server.run { api in
                    // The allowed host answers the feed with a 307 to the stand-in for http://169.254.169.254/latest/meta-data/.
                    try campus.failNext(
                        "GET", pathPrefix: "/feeds/", status: 307, headers: ["Location": metadata.url("/latest/meta-data/")], times: -1)
                    let (_, sync) = try await Self.connectAndSync(api, feed: campus.canvasFeedURL)
                    #expect(sync.status == .conflict && sync.problemCode == "lms-unavailable", "\(Self.text(sync))")
                    #expect(sync.string("detail")?.contains("127.0.0.2") == false, "the refused hop is not described: \(Self.text(sync))")
                    #expect(try campus.requests().contains { $0.path.hasPrefix("/feeds/") && $0.status == 307 }, "the redirect was asked for")

                    // A sign-in POST redirected (307 keeps method and body) is not carried anywhere, not even back to the same host.
                    try campus.failNext(
                        "POST", pathPrefix: "/login/token.php", status: 307, headers: ["Location": campus.url("/login/token.php?again=1")])
                    let token = try await api.token("avery")
                    let moodle = try await Self.moodleSignIn(api, token, at: campus.baseURL)
                    #expect(moodle.status == .conflict && moodle.problemCode == "lms-unavailable", "\(Self.text(moodle))")
                    #expect(try campus.requests().filter { $0.path == "/login/token.php" }.count == 1)
                }
                let heard = try metadata.requests()
                #expect(heard.isEmpty, "the stand-in for the metadata address was contacted: \(heard.map(\.path))")
            }
        }
    }

    @Test func reviewM1AFailureDoesNotRevealPortsOrStatuses() async throws {
        // A port nothing listens on any more: the test LMS's, after it stopped.
        let closedPort = try await LMSTestServer.with { $0.port }
        try await LMSTestServer.with { lms in
            let server = try TestServer { $0.lmsAllowedPrivateNetworks = Self.loopback }
            try await server.createUser("avery")
            try await server.run { api in
                let token = try await api.token("avery")
                _ = try await api.request(.post, "/api/v1/me/consents", token: token, json: ["agreementId": "ilearn-sync", "version": 1])
                try lms.failNext("GET", pathPrefix: "/feeds/", status: 502, body: "upstream 10.0.0.7:6379 refused", times: -1)
                try lms.failNext("POST", pathPrefix: "/login/token.php", status: 500, body: "internal port 8443", times: -1)
                var answers: [(String, String)] = []
                for feed in [lms.canvasFeedURL, "http://127.0.0.1:\(closedPort)/feeds/calendar.ics"] {
                    let made = try await api.request(.post, "/api/v1/lms/connections", token: token, json: ["kind": "ics", "feedUrl": feed])
                    let sync = try await api.request(.post, "/api/v1/lms/connections/\(made.string("id") ?? "")/sync", token: token)
                    #expect(sync.status == .conflict && sync.problemCode == "lms-unavailable", "\(Self.text(sync))")
                    answers.append((feed, Self.text(sync)))
                    let shown = try await api.request(.get, "/api/v1/lms/connections/\(made.string("id") ?? "")", token: token)
                    // The connection's own baseUrl is the student's input; its last report is what the server says.
                    let report = try JSONSerialization.data(withJSONObject: shown.json["lastReport"] ?? [:])
                    answers.append((feed + " (lastReport)", String(decoding: report, as: UTF8.self)))
                }
                let moodle = try await Self.moodleSignIn(api, token, at: lms.baseURL)
                answers.append(("moodle sign-in", Self.text(moodle)))
                for (what, text) in answers {
                    #expect(text.contains("Could not reach the LMS at 127.0.0.1"), "\(what): \(text)")
                    for leak in [
                        String(lms.port), String(closedPort), "502", "500", "refused", "6379", "8443", "10.0.0.7", "timed out", "certificate",
                    ] {
                        #expect(!text.contains(leak), "\(what) reveals \(leak): \(text)")
                    }
                }
            }
        }
    }
}
