import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

@testable import CampusCalImporters

/// The campus's OAuth client secret goes only to the token endpoint of a configured site (review H3):
/// a connection whose base URL is anything else — made before the site list existed, or tampered
/// with in the database — neither signs in nor refreshes there.
@Suite("OAuth client: the token endpoint is pinned to the configured sites")
struct OAuthClientPinningTests {
    static let client = LMSTestServer.Credentials.canvasClient

    @Test func neitherACodeNorARefreshGoesToAnUnconfiguredHost() async throws {
        try await LMSTestServer.with { collector in
            let oauth = OAuthClient.canvas(id: Self.client.id, secret: Self.client.secret, baseURLs: ["https://canvas.example.edu"])
            let http = LMSHTTPClient(addressPolicy: .loopbackForTests)
            for grant in [OAuthClient.Grant.refreshToken("r"), .authorizationCode(code: "c", redirectURI: "https://campuscal.example.edu/cb")] {
                await #expect(throws: LMSImportError.self) { _ = try await oauth.tokens(grant, base: collector.baseURL, http: http, now: Date()) }
            }
            #expect(throws: LMSImportError.self) { _ = try oauth.authorizationURL(base: collector.baseURL, redirectURI: "x", state: "s") }
            let heard = try collector.requests()
            #expect(heard.isEmpty)
            // The configured site, however it is spelled, resolves to its one normalised origin.
            let pinned = try oauth.resolve("/login/oauth2/token", base: "HTTPS://Canvas.Example.edu:443")
            #expect(pinned == "https://canvas.example.edu/login/oauth2/token")
        }
    }
}
