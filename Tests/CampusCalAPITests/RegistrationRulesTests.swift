import CampusCalTestSupport
import Foundation
import Testing

@Suite("Registration rules and their messages")
struct RegistrationRulesTests {
    struct PasswordCase: Sendable, CustomTestStringConvertible {
        var password: String
        var codes: [String]
        var phrase: String
        var testDescription: String { "\(password) → \(codes)" }
    }

    static let passwordCases: [PasswordCase] = [
        PasswordCase(password: "Short1", codes: ["password.length"], phrase: "at least 8 characters"),
        PasswordCase(password: "alllowercase1", codes: ["password.uppercase"], phrase: "uppercase letter"),
        PasswordCase(password: "NoDigitsHere", codes: ["password.digit"], phrase: "digit"),
        PasswordCase(password: "short", codes: ["password.length", "password.uppercase", "password.digit"], phrase: "uppercase"),
        PasswordCase(password: "A1" + String(repeating: "x", count: 71), codes: ["password.too-long"], phrase: "at most 72 bytes"),
    ]

    @Test(arguments: passwordCases)
    func passwordRuleIsNamed(_ testCase: PasswordCase) async throws {
        let server = try TestServer()
        try await server.run { api in
            let reply = try await api.register("frank", password: testCase.password)
            #expect(reply.status == .unprocessableContent)
            #expect(reply.problemCode == "validation-failed")
            #expect(reply.issueCodes == testCase.codes)
            #expect(reply.string("detail")?.contains(testCase.phrase) == true)
        }
    }

    struct UsernameCase: Sendable, CustomTestStringConvertible {
        var username: String
        var code: String
        var phrase: String
        var testDescription: String { "'\(username)' → \(code)" }
    }

    static let usernameCases: [UsernameCase] = [
        UsernameCase(username: "ab", code: "username.length", phrase: "3 to 32 characters"),
        UsernameCase(username: String(repeating: "a", count: 33), code: "username.length", phrase: "3 to 32 characters"),
        UsernameCase(username: "john doe", code: "username.characters", phrase: "not allowed: space"),
        UsernameCase(username: "jo$h!", code: "username.characters", phrase: "'$', '!'"),
        UsernameCase(username: "jösé", code: "username.characters", phrase: "'ö', 'é'"),
        UsernameCase(username: "1student", code: "username.start", phrase: "start with a letter"),
        UsernameCase(username: "_admin", code: "username.start", phrase: "start with a letter"),
    ]

    @Test(arguments: usernameCases)
    func usernameRuleIsNamed(_ testCase: UsernameCase) async throws {
        let server = try TestServer()
        try await server.run { api in
            let reply = try await api.register(testCase.username)
            #expect(reply.status == .unprocessableContent)
            #expect(reply.issueCodes.contains(testCase.code))
            #expect(reply.string("detail")?.contains(testCase.phrase) == true, "detail: \(reply.string("detail") ?? "")")
        }
    }

    @Test func acceptableUsernamesAreStoredLowerCase() async throws {
        let server = try TestServer()
        try await server.run { api in
            for name in ["Ann.Lee", "bob_2", "c-d", "Xyz"] {
                let reply = try await api.register(name)
                #expect(reply.status == .created, "\(name)")
                #expect(reply.string("username") == name.lowercased())
            }
        }
    }

    @Test func takenUsernameIsAConflictWhateverItsCase() async throws {
        let server = try TestServer()
        try await server.run { api in
            #expect(try await api.register("grace").status == .created)
            let again = try await api.register("GRACE")
            #expect(again.status == .conflict)
            #expect(again.problemCode == "username-taken")
            #expect(again.string("detail")?.contains("already taken") == true)
        }
    }

    @Test func profileFieldsAreValidatedAtRegistration() async throws {
        let server = try TestServer()
        try await server.run { api in
            let reply = try await api.register(
                "henry", extra: ["email": "not-an-email", "phone": "12345", "timeZone": "Mars/Olympus", "displayName": " "])
            #expect(reply.status == .unprocessableContent)
            #expect(Set(reply.issueCodes) == ["email.format", "phone.format", "timeZone.unknown", "displayName.empty"])
        }
    }

    @Test func storedPasswordIsABcryptHashNeverThePassword() async throws {
        let server = try TestServer()
        try await server.createUser("iris", password: "Sup3rSecret")
        let credentials = try #require(try await server.services.accounts.users.credentials(username: "iris"))
        #expect(credentials.passwordHash.hasPrefix("$2"))
        #expect(!credentials.passwordHash.contains("Sup3rSecret"))
    }

    @Test func withLocalPasswordsOffRegistrationIsClosed() async throws {
        let server = try TestServer { $0.localLoginEnabled = false }
        try await server.run { api in
            let reply = try await api.register("newcomer")
            #expect(reply.status == .forbidden)
            #expect(reply.string("detail") == "Registration is closed on this server: log in with your campus account.")
        }
    }
}
