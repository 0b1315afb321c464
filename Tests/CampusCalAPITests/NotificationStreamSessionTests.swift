import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// A live notification stream belongs to the session that opened it and ends with it (security
/// review M6), and one person holds only so many (`limits.max_streams_per_user`).
@Suite("Notification streams end with their session, and are limited per person")
struct NotificationStreamSessionTests {
    static let path = "/api/v1/notifications/stream"
    /// What a stream sends last when its session ended.
    static let ended = "event: session-ended"

    /// Runs `body` on a fresh server (`limits.max_streams_per_user` = `streamLimit`) with `name`
    /// registered and logged in.
    func withPerson(
        _ name: String, streamLimit: Int = 8, _ body: @Sendable (TestServer, APIClient, String) async throws -> Void
    ) async throws {
        let server = try TestServer { $0.limits.maximumStreamsPerUser = streamLimit }
        try await server.run { api in
            _ = try await api.register(name)
            try await body(server, api, try await api.token(name))
        }
    }

    /// An open stream of `token`, past its first line.
    func openStream(_ api: APIClient, _ token: String) async throws -> EventStreamReader {
        let stream = EventStreamReader()
        try await stream.open(port: try #require(api.port), path: Self.path, token: token)
        #expect(await stream.read(until: ": connected") != nil)
        return stream
    }

    @Test func aStreamEndsWhenItsSessionLogsOut() async throws {
        try await withPerson("lou") { server, api, token in
            let other = try await api.token("lou")
            let stream = try await openStream(api, token)
            let otherStream = try await openStream(api, other)
            #expect(try await api.request(.post, "/api/v1/auth/logout", token: token).status == .noContent)
            let received = await stream.read(until: "\r\n0\r\n\r\n")
            #expect(received?.contains(Self.ended) == true, "\(received ?? "nothing")")
            // The same person's other session keeps its stream.
            #expect(await otherStream.read(until: Self.ended, timeout: 0.5) == nil)
            #expect(server.services.liveNotices.openStreams == 1)
        }
    }

    @Test func passwordChangeEndsOpenStreams() async throws {
        try await withPerson("pam") { server, api, stolen in
            let own = try await api.token("pam")
            let stolenStream = try await openStream(api, stolen)
            let ownStream = try await openStream(api, own)
            let changed = try await api.request(
                .post, "/api/v1/me/password", token: own, json: ["currentPassword": "Passw0rd!", "newPassword": "N3wSecret!"])
            #expect(changed.status == .noContent, "\(String(decoding: changed.body, as: UTF8.self))")
            // The other session (a stolen token, say) loses its stream; the one that changed it keeps its own.
            #expect(await stolenStream.read(until: Self.ended) != nil)
            #expect(await ownStream.read(until: Self.ended, timeout: 0.5) == nil)
        }
    }

    @Test func aRoleChangeAndAnAdministratorsPasswordResetEndTheStreams() async throws {
        let server = try TestServer()
        try await server.createUser("root", role: .admin)
        try await server.run { api in
            let id = try #require(try await api.register("rae").string("id"))
            let admin = try await api.token("root")
            let first = try await openStream(api, try await api.token("rae"))
            _ = try await api.request(.patch, "/api/v1/admin/users/\(id)", token: admin, json: ["role": "faculty"])
            #expect(await first.read(until: Self.ended) != nil)
            let second = try await openStream(api, try await api.token("rae"))
            _ = try await api.request(.post, "/api/v1/admin/users/\(id)/password", token: admin, json: ["password": "Res3tByAdmin"])
            #expect(await second.read(until: Self.ended) != nil)
        }
    }

    @Test func deletingTheAccountEndsItsStreams() async throws {
        try await withPerson("dee") { server, api, token in
            let stream = try await openStream(api, try await api.token("dee"))
            let deleted = try await api.request(.delete, "/api/v1/me", token: token, json: ["confirmUsername": "dee"])
            #expect(deleted.status == .ok, "\(String(decoding: deleted.body, as: UTF8.self))")
            #expect(await stream.read(until: Self.ended) != nil)
        }
    }

    @Test func anExpiredSessionsStreamEndsAtTheNextHeartbeat() async throws {
        try await withPerson("eve") { server, api, token in
            let stream = try await openStream(api, token)
            server.clock.advance(by: 3601)
            server.services.liveNotices.beat()
            #expect(await stream.read(until: Self.ended) != nil)
        }
    }

    /// If a heartbeat counted as use, an unattended tab (or a stolen token) would keep its session for ever.
    @Test func heartbeatsDoNotKeepAnUnusedSessionAlive() async throws {
        try await withPerson("hal") { server, api, token in
            let stream = try await openStream(api, token)
            server.clock.advance(by: 40 * 60)
            server.services.liveNotices.beat()
            #expect(await stream.read(until: ": keep-alive") != nil)
            // 70 minutes after the last request: the session's hour of idleness is over.
            server.clock.advance(by: 30 * 60)
            server.services.liveNotices.beat()
            #expect(await stream.read(until: Self.ended) != nil)
            #expect(try await api.request(.get, "/api/v1/me", token: token).status == .unauthorized)
        }
    }

    @Test func aNinthStreamIsRefused() async throws {
        try await withPerson("nia") { server, api, laptop in
            let phone = try await api.token("nia")
            var open = [try await openStream(api, laptop)]
            for _ in 1..<8 { open.append(try await openStream(api, phone)) }
            let ninth = EventStreamReader()
            try await ninth.open(port: try #require(api.port), path: Self.path, token: phone)
            let refusal = try #require(await ninth.read(until: "}"))
            #expect(refusal.hasPrefix("HTTP/1.1 429"), "\(refusal)")
            #expect(refusal.contains("application/problem+json"))
            #expect(refusal.contains("\"code\":\"too-many-streams\""))
            #expect(refusal.contains("limits.max_streams_per_user"))
            #expect(refusal.contains("Close another tab"))
            #expect(server.services.liveNotices.openStreams == 8)
            // Logging the laptop out gives its place back.
            _ = try await api.request(.post, "/api/v1/auth/logout", token: laptop)
            #expect(await open[0].read(until: Self.ended) != nil)
            #expect(try await eventually(within: .seconds(10)) { server.services.liveNotices.openStreams == 7 })
            open.append(try await openStream(api, phone))
            #expect(server.services.liveNotices.openStreams == 8)
        }
    }

    @Test func theStreamLimitIsASetting() async throws {
        try await withPerson("sol", streamLimit: 1) { server, api, token in
            let first = try await openStream(api, token)
            let second = EventStreamReader()
            try await second.open(port: try #require(api.port), path: Self.path, token: token)
            #expect(await second.read(until: "too-many-streams")?.contains("You already have 1 live notification stream open,") == true)
            _ = first
        }
    }

    /// A stream whose client went away stops counting once the server finds out (at its next write).
    @Test func aClosedStreamGivesItsPlaceBack() async throws {
        try await withPerson("cal", streamLimit: 1) { server, api, token in
            var first: EventStreamReader? = try await openStream(api, token)
            #expect(first != nil)
            first = nil
            let freed = try await eventually(within: .seconds(20)) {
                server.services.liveNotices.beat()
                return server.services.liveNotices.openStreams == 0
            }
            #expect(freed)
            _ = try await openStream(api, token)
        }
    }

    /// Streams stay open for hours, so load shedding leaves them out (they would fill its places
    /// without costing work); the per-person limit bounds them instead.
    @Test func streamsAreNotShedButAreLimitedPerPerson() async throws {
        let server = try TestServer {
            $0.maxRequestsInFlight = 1
            $0.limits.maximumStreamsPerUser = 3
        }
        try await server.run { api in
            _ = try await api.register("lee")
            let token = try await api.token("lee")
            var open: [EventStreamReader] = []
            for _ in 0..<3 { open.append(try await openStream(api, token)) }
            #expect(try await api.request(.get, "/api/v1/me", token: token).status == .ok)
            let fourth = EventStreamReader()
            try await fourth.open(port: try #require(api.port), path: Self.path, token: token)
            #expect(await fourth.read(until: "too-many-streams")?.hasPrefix("HTTP/1.1 429") == true)
            #expect(open.count == 3)
        }
    }

    @Test func openStreamsAreCountedInTheMetrics() async throws {
        try await withPerson("met") { server, api, token in
            let stream = try await openStream(api, token)
            let metrics = String(decoding: try await api.request(.get, "/metrics").body, as: UTF8.self)
            #expect(metrics.contains("campuscal_notification_streams 1"), "\(metrics.prefix(2000))")
            _ = stream
        }
    }
}
