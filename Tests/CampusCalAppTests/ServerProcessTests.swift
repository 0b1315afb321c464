import CampusCalTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real binary: graceful shutdown on SIGTERM, and no acknowledged write lost to SIGKILL.
@Suite("The campuscal process", .serialized)
struct ServerProcessTests {
    @Test func killedServerLosesNothingItAcknowledgedAndSIGTERMStopsCleanly() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.file("campuscal.sqlite")

        let first = try ServerProcess(database: database, workingDirectory: directory.path)
        try await first.waitUntilReady()
        let (_, created) = try await first.request("POST", "/api/v1/auth/register", json: ["username": "alice", "password": "Passw0rd!"])
        #expect(created == 201)
        // The 201 was the acknowledgement: a hard kill right after it must not lose the account.
        try await first.stop(signal: SIGKILL)

        let second = try ServerProcess(database: database, workingDirectory: directory.path)
        try await second.waitUntilReady()
        let (body, status) = try await second.request("POST", "/api/v1/auth/login", json: ["username": "alice", "password": "Passw0rd!"])
        #expect(status == 200, "\(String(decoding: body, as: UTF8.self))")
        let (_, ready) = try await second.request("GET", "/readyz")
        #expect(ready == 200)

        let exitStatus = try await second.stop(signal: SIGTERM)
        #expect(exitStatus == 0)
        #expect(second.log.contains("CampusCal stopped"), "\(second.log)")
    }

    @Test func invalidConfigurationStopsWithAClearMessage() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let process = try ServerProcess(
            database: directory.file("db.sqlite"), workingDirectory: directory.path, extraArguments: ["--set", "auth.bcrypt_cost=4"])
        let status = try await process.stop(signal: 0, timeout: 20)
        #expect(status != 0)
        #expect(process.log.contains("auth.bcrypt_cost"), "\(process.log)")
    }
}
