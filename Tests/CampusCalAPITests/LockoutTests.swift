import CampusCalTestSupport
import Foundation
import Testing

@Suite("Login lockout: 10 failures within 5 minutes lock for 24 hours")
struct LockoutTests {
    @Test func tenFailuresWithinFiveMinutesLockTheAccount() async throws {
        let server = try TestServer()
        try await server.createUser("jack")
        try await server.run { api in
            for attempt in 1...9 {
                let reply = try await api.login("jack", password: "Wrong\(attempt)xx")
                #expect(reply.status == .unauthorized)
                #expect(reply.problemCode == "invalid-credentials")
                server.clock.advance(by: 20)
            }
            let tenth = try await api.login("jack", password: "Wrong10xx")
            #expect(tenth.status.code == 423)
            #expect(tenth.problemCode == "account-locked")
            #expect(tenth.headers[.retryAfter] == "86400")

            // Even the right password is refused while locked.
            let right = try await api.login("jack")
            #expect(right.problemCode == "account-locked")

            server.clock.advance(by: 23 * 3600)
            #expect(try await api.login("jack").problemCode == "account-locked")
            server.clock.advance(by: 3600 + 1)
            #expect(try await api.login("jack").status == .ok)
        }
    }

    @Test func failuresSpreadOverMoreThanFiveMinutesDoNotLock() async throws {
        let server = try TestServer()
        try await server.createUser("kate")
        try await server.run { api in
            for _ in 1...15 {
                let reply = try await api.login("kate", password: "Wrong")
                #expect(reply.status == .unauthorized)
                server.clock.advance(by: 40)  // 8 failures per 5 minutes at most
            }
            #expect(try await api.login("kate").status == .ok)
        }
    }

    @Test func successfulLoginResetsTheCount() async throws {
        let server = try TestServer()
        try await server.createUser("liam")
        try await server.run { api in
            for _ in 1...9 { _ = try await api.login("liam", password: "Wrong") }
            #expect(try await api.login("liam").status == .ok)
            for _ in 1...9 { #expect(try await api.login("liam", password: "Wrong").status == .unauthorized) }
        }
    }

    @Test func anonymousCallerCannotTellWhetherAUsernameExists() async throws {
        let server = try TestServer()
        try await server.createUser("mia")
        try await server.run { api in
            var known: [String?] = []
            var unknown: [String?] = []
            for _ in 1...10 {
                let knownReply = try await api.login("mia", password: "Wrong")
                let unknownReply = try await api.login("nobody-here", password: "Wrong")
                #expect(knownReply.status == unknownReply.status)
                known.append(knownReply.problemCode)
                unknown.append(unknownReply.problemCode)
                #expect(knownReply.string("detail") == unknownReply.string("detail") || knownReply.problemCode == "account-locked")
            }
            #expect(known == unknown)
            #expect(known.last == "account-locked")
        }
    }

    @Test func adminUnlockLiftsTheLock() async throws {
        let server = try TestServer()
        let user = try await server.createUser("noah")
        try await server.createUser("root", role: .admin)
        try await server.run { api in
            for _ in 1...10 { _ = try await api.login("noah", password: "Wrong") }
            #expect(try await api.login("noah").problemCode == "account-locked")

            let admin = try await api.token("root")
            let unlock = try await api.request(.post, "/api/v1/admin/users/\(user.id)/unlock", token: admin)
            #expect(unlock.status == .noContent)
            #expect(try await api.login("noah").status == .ok)
        }
    }

    @Test func passwordResetLiftsTheLock() async throws {
        let server = try TestServer()
        let user = try await server.createUser("olivia")
        try await server.createUser("root", role: .admin)
        try await server.run { api in
            for _ in 1...10 { _ = try await api.login("olivia", password: "Wrong") }
            let admin = try await api.token("root")
            let reset = try await api.request(
                .post, "/api/v1/admin/users/\(user.id)/password", token: admin, json: ["password": "Fresh1234"])
            #expect(reset.status == .noContent)
            #expect(try await api.login("olivia", password: "Fresh1234").status == .ok)
        }
    }
}
