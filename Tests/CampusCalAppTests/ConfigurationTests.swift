import CampusCalApp
import CampusCalTestSupport
import Foundation
import Testing

@Suite("Configuration: defaults < file < environment < flags")
struct ConfigurationTests {
    func writeFile(_ text: String) throws -> (TemporaryDirectory, String) {
        let directory = TemporaryDirectory()
        let path = directory.file("campuscal.toml")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (directory, path)
    }

    @Test func defaultsServeOnLoopback8080WithADataDirectoryDatabase() throws {
        let configuration = try ConfigurationLoader.load(file: nil, environment: [:])
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.databasePath == "data/campuscal.sqlite")
        #expect(configuration.bcryptCost == 12)
        #expect(configuration.sessionIdleTimeoutSeconds == 3600)
        #expect(configuration.lockoutThreshold == 10)
    }

    @Test func eachLayerOverridesTheOneBelow() throws {
        let (directory, path) = try writeFile(
            """
            [server]
            port = 9000
            host = "0.0.0.0"

            [auth]
            bcrypt_cost = 13
            """)
        defer { directory.remove() }
        let fileOnly = try ConfigurationLoader.load(file: path, environment: [:])
        #expect(fileOnly.port == 9000)
        #expect(fileOnly.host == "0.0.0.0")
        #expect(fileOnly.bcryptCost == 13)

        let withEnvironment = try ConfigurationLoader.load(file: path, environment: ["CAMPUSCAL_SERVER_PORT": "9100"])
        #expect(withEnvironment.port == 9100)
        #expect(withEnvironment.host == "0.0.0.0")

        let withFlags = try ConfigurationLoader.load(
            file: path, environment: ["CAMPUSCAL_SERVER_PORT": "9100"], overrides: ["server.port": "9200"])
        #expect(withFlags.port == 9200)
    }

    @Test func theShippedConfigFileIsValidAndMatchesTheDefaults() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shipped = try ConfigurationLoader.load(file: root.appendingPathComponent("config/campuscal.toml").path, environment: [:])
        #expect(shipped == CampusCalConfiguration())
    }

    @Test func unknownKeysAndBadValuesSayWhereTheyCameFrom() throws {
        let (directory, path) = try writeFile("[server]\nprot = 1\n")
        defer { directory.remove() }
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.load(file: path, environment: [:]) }
        do {
            _ = try ConfigurationLoader.load(file: nil, environment: ["CAMPUSCAL_AUTH_BCRYPT_COST": "10"])
            Issue.record("a bcrypt cost below 12 must be refused")
        } catch let error as ConfigurationError {
            #expect(error.description.contains("auth.bcrypt_cost"))
            #expect(error.description.contains("CAMPUSCAL_AUTH_BCRYPT_COST"))
            #expect(error.description.contains("from 12 to 16"))
        }
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.load(file: nil, environment: [:], overrides: ["log.format": "xml"]) }
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.load(file: nil, environment: [:], overrides: ["nope": "1"]) }
    }

    @Test func malformedTOMLIsAClearError() throws {
        let (directory, path) = try writeFile("[server\nport = ")
        defer { directory.remove() }
        do {
            _ = try ConfigurationLoader.load(file: path, environment: [:])
            Issue.record("malformed TOML must be refused")
        } catch let error as ConfigurationError {
            #expect(error.description.contains("not valid TOML"))
        }
    }

    @Test func everyKeyHasAnEnvironmentVariable() throws {
        let configuration = try ConfigurationLoader.load(
            file: nil,
            environment: [
                "CAMPUSCAL_DATABASE_PATH": "/var/lib/campuscal/db.sqlite", "CAMPUSCAL_LOG_FORMAT": "json",
                "CAMPUSCAL_AUTH_SESSION_IDLE_TIMEOUT_SECONDS": "1800",
            ])
        #expect(configuration.databasePath == "/var/lib/campuscal/db.sqlite")
        #expect(configuration.logFormat == "json")
        #expect(configuration.sessionIdleTimeoutSeconds == 1800)
    }

    @Test func overridesParseKeyEqualsValue() throws {
        #expect(try ConfigurationLoader.parseOverride("server.port=1") == ("server.port", "1"))
        #expect(try ConfigurationLoader.parseOverride("auth.default_time_zone=America/Denver").1 == "America/Denver")
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.parseOverride("server.port") }
    }
}
