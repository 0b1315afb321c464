import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

@testable import CampusCalPlugins

/// What students see of plugins through the REST API: holiday labels on their calendar's days, and
/// which plugins run with which permissions (administrators also see why one is not running).
@Suite("Plugins over HTTP: day labels and the plugin list")
struct PluginAPITests {
    @Test func holidayLabelsAndWhoMayReceiveWhat() async throws {
        let directory = TemporaryDirectory()
        let plugins = directory.file("plugins")
        try PluginFixture.installShipped("us-holidays", into: plugins)
        try PluginFixture.installShipped("us-holidays", into: "\(plugins)/tmp") {
            $0.replacingOccurrences(of: "abi = \"1.0\"", with: "abi = \"2.0\"").replacingOccurrences(
                of: "org.campuscal.us-holidays", with: "org.example.future")
        }
        try FileManager.default.moveItem(atPath: "\(plugins)/tmp/us-holidays", toPath: "\(plugins)/future")
        try FileManager.default.removeItem(atPath: "\(plugins)/tmp")
        let server = try TestServer(directory: directory, configure: { $0.pluginsDirectory = plugins })
        await server.services.plugins.loadAll()
        try await server.createUser("avery")
        try await server.createUser("root", role: .admin)
        try await server.run { api in
            let token = try await api.token("avery")
            let july = try await api.request(.get, "/api/v1/day-labels?from=2026-07-01&to=2026-07-31", token: token)
            #expect(july.status == .ok)
            let items = (july.json["items"] as? [[String: Any]]) ?? []
            #expect(
                items.map { "\($0["date"] as? String ?? "") \($0["label"] as? String ?? "")" } == [
                    "2026-07-03 Independence Day (observed)", "2026-07-04 Independence Day",
                ])
            #expect(items.allSatisfy { $0["pluginId"] as? String == "org.campuscal.us-holidays" && $0["kind"] as? String == "holiday" })

            // A range too long or backwards, or not dates: a 400 that says what to send.
            for query in ["from=2026-07-31&to=2026-07-01", "from=2024-01-01&to=2030-12-31", "from=july&to=2026-07-31", "to=2026-07-31"] {
                let bad = try await api.request(.get, "/api/v1/day-labels?\(query)", token: token)
                #expect(bad.status == .badRequest && bad.headers[.contentType]?.hasPrefix("application/problem+json") == true, "\(query)")
            }

            // A student sees the active plugin and what it may receive (nothing: it is pure computation).
            let mine = try await api.request(.get, "/api/v1/plugins", token: token)
            let listed = (mine.json["items"] as? [[String: Any]]) ?? []
            #expect(listed.map { $0["id"] as? String } == ["org.campuscal.us-holidays"])
            let permissions = listed.first?["permissions"] as? [String: Any]
            #expect((permissions?["data"] as? [Any])?.isEmpty == true && permissions?["identities"] as? Bool == false)
            #expect(listed.first?["statusReason"] == nil)
            // The administrator also sees the refused one, and why.
            let all = try await api.request(.get, "/api/v1/plugins", token: try await api.token("root"))
            let future = ((all.json["items"] as? [[String: Any]]) ?? []).first { $0["id"] as? String == "org.example.future" }
            #expect(future?["status"] as? String == "failed")
            #expect(future?["statusReason"] as? String == "built for plugin ABI 2, this server speaks 1")
        }
        await server.services.plugins.stopAll()
    }
}
