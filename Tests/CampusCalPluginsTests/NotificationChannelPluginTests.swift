import CampusCalCore
import CampusCalTestSupport
import Foundation
import Hummingbird
import Synchronization
import Testing

@testable import CampusCalPlugins

/// The shipped notification channel, `campus-webhook` (C, libcurl): a real HTTP listener stands in
/// for the campus chat bridge. Only the notifications of people who agreed to the plugin's
/// agreement reach it — with the bearer token its administrator configured — and each delivery is
/// in that person's disclosure log; everyone else's stay in their inbox alone.
@Suite("campus-webhook (C): notifications of those who opted in, posted to a real webhook")
struct NotificationChannelPluginTests {
    static let id = "org.campuscal.campus-webhook"

    /// What the webhook received: each body (JSON) and its Authorization header.
    final class Webhook: Sendable {
        final class Posts: Sendable {
            let items = Mutex<[(body: Data, authorization: String?)]>([])
        }
        let posts = Posts()
        let port: Int
        private let task: Task<Void, any Error>

        init() async throws {
            let router = Router()
            let posts = self.posts
            router.post("/hooks/campuscal") { request, _ -> HTTPResponse.Status in
                let body = try await request.body.collect(upTo: 1 << 20)
                posts.items.withLock { $0.append((Data(buffer: body), request.headers[.authorization])) }
                return .noContent
            }
            let (ports, sink) = AsyncStream.makeStream(of: Int.self)
            let application = Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { channel in sink.yield(channel.localAddress?.port ?? 0) })
            task = Task { try await application.runService(gracefulShutdownSignals: []) }
            var port = 0
            for await bound in ports {
                port = bound
                break
            }
            self.port = port
        }

        func stop() { task.cancel() }

        var received: [[String: Any]] {
            posts.items.withLock { $0.compactMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] } }
        }
    }

    @Test func onlyTheNotificationsOfPeopleWhoAgreedReachTheWebhookAndEachIsLogged() async throws {
        let webhook = try await Webhook()
        defer { webhook.stop() }
        let directory = TemporaryDirectory()
        let plugins = directory.file("plugins")
        try PluginFixture.installShipped("campus-webhook", into: plugins) {
            $0.replacingOccurrences(of: "https://chat.campus.example/hooks/campuscal", with: "http://127.0.0.1:\(webhook.port)/hooks/campuscal")
                .replacingOccurrences(of: "token = \"\"", with: "token = \"bridge-secret\"")
                .replacingOccurrences(of: "network = [\"chat.campus.example\"]", with: "network = [\"127.0.0.1\"]")
        }
        // The agreements the project ships, and the plugin's own.
        let agreements = directory.file("agreements")
        try FileManager.default.createDirectory(atPath: agreements, withIntermediateDirectories: true)
        for file in ["config/agreements/ilearn-sync.toml", "Plugins/campus-webhook/agreement.toml"] {
            let source = TestServer.repositoryRoot.appendingPathComponent(file).path
            try FileManager.default.copyItem(atPath: source, toPath: "\(agreements)/\((source as NSString).lastPathComponent)")
        }
        let server = try TestServer(
            directory: directory,
            configure: {
                $0.pluginsDirectory = plugins
                $0.agreementsDirectory = agreements
                $0.pluginRescanSeconds = 3600
            })
        await server.services.plugins.loadAll()
        #expect(await server.services.plugins.plugins().map(\.status) == [.active])
        try await server.createUser("avery")
        try await server.createUser("blake")
        try await server.createUser("root", role: .admin)
        try await server.run { api in
            let avery = try await api.token("avery")
            let root = try await api.token("root")
            // Avery opts in; Blake does not.
            let agreed = try await api.request(
                .post, "/api/v1/me/consents", token: avery, json: ["agreementId": Self.id, "version": 1])
            #expect(agreed.status == .created, "\(agreed.json)")

            let notice: [String: Any] = [
                "title": "Database upgrade", "message": "Save your work first.", "startsAt": "2026-09-26T04:00:00Z",
                "endsAt": "2026-09-26T05:30:00Z",
            ]
            let posted = try await api.request(.post, "/api/v1/admin/maintenance-notices", token: root, json: notice)
            #expect(posted.status == .created)

            for _ in 0..<100 where webhook.received.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
            try await Task.sleep(for: .milliseconds(300))  // anything else in flight arrives too
            let received = webhook.received
            #expect(received.count == 1, "\(received)")
            #expect(received.first?["username"] as? String == "avery")
            #expect(received.first?["kind"] as? String == "maintenance")
            #expect(received.first?["title"] as? String == "Planned maintenance: Database upgrade")
            #expect((received.first?["subject"] as? String)?.hasPrefix("rc_") == true)
            #expect(webhook.posts.items.withLock { $0.map(\.authorization) } == ["Bearer bridge-secret"])

            // Avery's disclosure log says so; Blake's has nothing from the plugin.
            let log = try await api.request(.get, "/api/v1/me/disclosures", token: avery).json["items"] as? [[String: Any]] ?? []
            #expect(log.contains { $0["recipientId"] as? String == Self.id && $0["basis"] as? String == "consent" }, "\(log)")
            let blakeLog = try await api.request(.get, "/api/v1/me/disclosures", token: try await api.token("blake")).json["items"]
            #expect(((blakeLog as? [[String: Any]]) ?? []).allSatisfy { $0["recipientId"] as? String != Self.id })
        }
        await server.services.plugins.stopAll()
    }

    @Test func withoutAWebhookAddressItRefusesToStartAndSaysWhatToSet() async throws {
        let directory = TemporaryDirectory()
        let plugins = directory.file("plugins")
        try PluginFixture.installShipped("campus-webhook", into: plugins) {
            $0.replacingOccurrences(of: "url = \"https://chat.campus.example/hooks/campuscal\"\n", with: "")
        }
        let server = try TestServer(directory: directory, configure: { $0.pluginsDirectory = plugins })
        await server.services.plugins.loadAll()
        let status = await server.services.plugins.plugins().first?.status
        #expect(
            status
                == .failed(
                    "init failed (invalid argument): set url = \"https://…\" in the [config] table of its plugin.toml (the webhook to post to)"))
    }
}
