import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

@testable import CampusCalPlugins

/// The host API's calendar calls (ABI 1.2), from a plugin's event hook (`CASE_CALENDAR_CALLS` of
/// the fixture): it reads a person's events only once they consent (and the release is logged),
/// writes and deletes in its own calendar in their account — which the person may delete, after
/// which it is not made again — in the server and in a runner alike.
@Suite("Plugins read a person's events with consent and keep a calendar of their own")
struct PluginCalendarCallsTests {
    static let id = "org.example.bad"
    static let calendarName = "A bad plugin"

    static func manifest(isolated: Bool) -> String {
        """
        id = "\(id)"
        name = "\(calendarName)"
        version = "0.1"
        abi = "1.2"
        library = "libbad.so"
        language = "c"
        isolation = "\(isolated ? "process" : "in-process")"
        provides = ["campuscal.item-events/1"]

        [permissions]
        data = ["events", "tasks"]
        identities = true
        calendar = true
        """
    }

    static let agreement = """
        id = "\(id)"
        version = 1
        recipient = "The bad plugin"
        purpose = "Count your events."
        categories = ["identity", "events", "tasks"]
        text = "It reads your events of 2026 and writes how many there are into a calendar of its own."
        """

    /// The plugin's calendar of the token's owner and its events on Christmas 2026 (nil: no such calendar).
    static func ownCalendar(_ api: APIClient, _ token: String) async throws -> (id: String, titles: [String])? {
        let listed = try await api.request(.get, "/api/v1/calendars", token: token)
        guard let calendar = ((listed.json["items"] as? [[String: Any]]) ?? []).first(where: { $0["name"] as? String == calendarName }),
            let id = calendar["id"] as? String
        else { return nil }
        let events = try await api.request(.get, "/api/v1/calendars/\(id)/events?from=2026-12-25&to=2026-12-26&tz=UTC", token: token)
        return (id, ((events.json["items"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String })
    }

    /// Waits (event hooks run after the request) until the plugin's calendar shows `title`.
    static func waitFor(_ title: String, _ api: APIClient, _ token: String) async throws -> (id: String, titles: [String])? {
        var last: (id: String, titles: [String])?
        let until = Date().addingTimeInterval(TestTime.budget(15))
        while Date() < until {
            last = try await ownCalendar(api, token)
            if last?.titles == [title] { return last }
            try await Task.sleep(for: .milliseconds(100))
        }
        return last
    }

    @Test(arguments: [false, true])
    func readsOnlyWithConsentAndWritesOnlyItsOwnCalendar(isolated: Bool) async throws {
        let directory = TemporaryDirectory()
        let source = TestServer.repositoryRoot.appendingPathComponent("Tests/CampusCalPluginsTests/Fixtures/bad_plugin.c").path
        let include = TestServer.repositoryRoot.appendingPathComponent("Sources/CCampusCalPluginABI/include").path
        let library = directory.file("libbad.so")
        let compiled = try CommandRunner.run(
            program: URL(fileURLWithPath: "/usr/bin/cc"),
            ["-shared", "-fPIC", "-O1", "-I", include, "-DCASE=CASE_CALENDAR_CALLS", source, "-o", library], in: directory.path)
        #expect(compiled.status == 0, "cc: \(compiled.output)")
        let plugins = directory.file("plugins")
        try PluginFixture.install(library: library, manifest: Self.manifest(isolated: isolated), as: "bad", into: plugins)
        let agreements = directory.file("agreements")
        try FileManager.default.createDirectory(atPath: agreements, withIntermediateDirectories: true)
        try Self.agreement.write(toFile: "\(agreements)/bad.toml", atomically: true, encoding: .utf8)
        let server = try await PluginFixture.server(plugins: plugins, directory: directory) { $0.agreementsDirectory = agreements }
        #expect(await server.services.plugins.plugins().map(\.status) == [.active])
        try await server.createUser("avery")
        try await server.createUser("blake")
        try await server.run { api in
            let avery = try await api.token("avery")
            let blake = try await api.token("blake")
            let term = try #require(try await api.request(.post, "/api/v1/calendars", token: avery, json: ["name": "Term"]).string("id"))
            for day in ["03", "04"] {
                let created = try await api.request(
                    .post, "/api/v1/calendars/\(term)/events", token: avery,
                    json: ["title": "Lab", "start": ["dateTime": "2026-12-\(day)T10:00:00Z"], "end": ["dateTime": "2026-12-\(day)T11:00:00Z"]])
                #expect(created.status == .created)
            }

            // No consent yet: reading is refused; writing its own calendar needs none.
            #expect(try await api.request(.post, "/api/v1/tasks", token: avery, json: ["title": "Essay", "priority": "low"]).status == .created)
            let denied = try await Self.waitFor("Not allowed to read; delete ok", api, avery)
            #expect(denied?.titles == ["Not allowed to read; delete ok"], "\(String(describing: denied))")

            // With consent: Avery's own events of 2026 (the two labs and the plugin's own entry), logged.
            let agreed = try await api.request(.post, "/api/v1/me/consents", token: avery, json: ["agreementId": Self.id, "version": 1])
            #expect(agreed.status == .created, "\(agreed.json)")
            #expect(try await api.request(.post, "/api/v1/tasks", token: avery, json: ["title": "Lab report", "priority": "low"]).status == .created)
            let read = try await Self.waitFor("Saw 3 events; delete ok", api, avery)
            #expect(read?.titles == ["Saw 3 events; delete ok"], "\(String(describing: read))")
            let log = try await api.request(.get, "/api/v1/me/disclosures", token: avery)
            // (Besides the namings in the event hook's changes, logged as ever.)
            let reads = ((log.json["items"] as? [[String: Any]]) ?? []).filter {
                $0["recipientId"] as? String == Self.id && ($0["purpose"] as? String)?.hasSuffix("read your events") == true
            }
            #expect(reads.count == 1 && reads.first?["basis"] as? String == "consent" && reads.first?["recordCount"] as? Int == 3, "\(reads)")

            // Blake never sees Avery's plugin calendar, and has none of his own until the plugin writes for him.
            #expect(try await Self.ownCalendar(api, blake) == nil)
            let averys = try #require(read?.id)
            #expect(try await api.request(.get, "/api/v1/calendars/\(averys)", token: blake).status == .notFound)

            // Avery deletes the plugin's calendar: it is not made again.
            #expect(try await api.request(.delete, "/api/v1/calendars/\(averys)", token: avery).status == .noContent)
            #expect(try await api.request(.post, "/api/v1/tasks", token: avery, json: ["title": "Poster", "priority": "low"]).status == .created)
            try await Task.sleep(for: .milliseconds(1500))
            #expect(try await Self.ownCalendar(api, avery) == nil)
        }
        await server.services.plugins.stopAll()
    }
}
