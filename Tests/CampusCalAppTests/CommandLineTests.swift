import CampusCalTestSupport
import Foundation
import Testing

/// The administration commands, run as the real executable against a real database file.
@Suite("campuscal user / migrate / config commands")
struct CommandLineTests {
    @Test func administratorLifecycleFromTheShell() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = ["--database", directory.file("db.sqlite")]
        func campuscal(_ arguments: [String], input: String = "") throws -> CommandRunner.Result {
            try CommandRunner.run(arguments + database, input: input, in: directory.path)
        }

        let migrate = try campuscal(["migrate"])
        #expect(migrate.status == 0)
        #expect(try campuscal(["migrate", "--dry-run"]).output.contains("No pending migrations"))

        let added = try campuscal(["user", "add", "Root", "--role", "admin", "--password-stdin"], input: "Adm1nPassword\n")
        #expect(added.status == 0, "\(added.output)")
        #expect(added.output.contains("Created admin 'root'"))

        let weak = try campuscal(["user", "add", "bob", "--password-stdin"], input: "weak\n")
        #expect(weak.status != 0)
        #expect(weak.output.contains("uppercase letter"))

        #expect(try campuscal(["user", "add", "bob", "--password-stdin"], input: "B0bPassword\n").status == 0)
        let taken = try campuscal(["user", "add", "BOB", "--password-stdin"], input: "B0bPassword\n")
        #expect(taken.status != 0)
        #expect(taken.output.contains("already taken"))

        let list = try campuscal(["user", "list"])
        #expect(list.output.contains("bob") && list.output.contains("root") && list.output.contains("admin"))

        #expect(try campuscal(["user", "set-role", "bob", "faculty"]).output.contains("now faculty"))
        let lastAdmin = try campuscal(["user", "set-role", "root", "student"])
        #expect(lastAdmin.status != 0)
        #expect(lastAdmin.output.contains("last administrator"))
        #expect(try campuscal(["user", "set-role", "nobody", "admin"]).output.contains("No such user"))

        #expect(try campuscal(["user", "unlock", "bob"]).status == 0)
        #expect(try campuscal(["user", "reset-password", "bob", "--password-stdin"], input: "N3wPassword\n").status == 0)

        // The server sees what the commands did.
        let server = try ServerProcess(database: directory.file("db.sqlite"), workingDirectory: directory.path)
        try await server.waitUntilReady()
        let (body, status) = try await server.request("POST", "/api/v1/auth/login", json: ["username": "bob", "password": "N3wPassword"])
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("\"role\":\"faculty\""))
        try await server.stop()
    }

    @Test func configPrintsEffectiveSettingsWithTheirSources() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let result = try CommandRunner.run(["config", "--set", "server.port=9191"], in: directory.path)
        #expect(result.status == 0)
        #expect(result.output.contains("server.port = 9191"))
        #expect(result.output.contains("auth.bcrypt_cost = 12"))

        let bad = try CommandRunner.run(["config", "--set", "server.port=http"], in: directory.path)
        #expect(bad.status != 0)
        #expect(bad.output.contains("server.port = 'http' (from command line) must be an integer"))
    }
}
