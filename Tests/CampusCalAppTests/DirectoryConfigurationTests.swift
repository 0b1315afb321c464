import CampusCalApp
import CampusCalDirectory
import CampusCalTestSupport
import Foundation
import Testing

/// `[directory.NAME]` tables: several directories in order, lists, secrets kept out of files and
/// logs, and mistakes that stop the server at start-up naming the key.
@Suite("Configuration of campus directories")
struct DirectoryConfigurationTests {
    func load(_ text: String, environment: [String: String] = [:]) throws -> CampusCalConfiguration {
        try ConfigurationFile.load(text, environment: environment)
    }

    static let twoDirectories = """
        [auth]
        directories = "ad, campus"
        local_login = false

        [directory.campus]
        uris = ["ldaps://ldap1.campus.edu", "ldaps://ldap2.campus.edu"]
        user_base = "ou=people,dc=campus,dc=edu"
        bind_dn = "cn=campuscal,ou=services,dc=campus,dc=edu"
        bind_password = "in-the-file"
        admin_groups = ["cn=campuscal-admins,ou=groups,dc=campus,dc=edu", "cn=it,ou=groups,dc=campus,dc=edu"]

        [directory.ad]
        uris = ["ldap://dc1.campus.edu"]
        start_tls = true
        user_base = "DC=campus,DC=edu"
        user_filter = "(sAMAccountName={username})"
        nested_groups = "matching-rule"
        timeout_seconds = 20
        """

    @Test func severalDirectoriesAreReadInTheConfiguredOrder() throws {
        let configuration = try load(Self.twoDirectories, environment: ["CAMPUSCAL_DIRECTORY_CAMPUS_BIND_PASSWORD": "from-the-environment"])
        #expect(!configuration.localLoginEnabled)
        let directories = try configuration.directorySettings()
        #expect(directories.map(\.name) == ["ad", "campus"])
        #expect(directories[0].startTLS && directories[0].nestedGroups == .matchingRule && directories[0].operationTimeoutSeconds == 20)
        #expect(directories[1].uris == ["ldaps://ldap1.campus.edu", "ldaps://ldap2.campus.edu"])
        // DNs hold commas: lists keep them whole.
        #expect(directories[1].adminGroups == ["cn=campuscal-admins,ou=groups,dc=campus,dc=edu", "cn=it,ou=groups,dc=campus,dc=edu"])
        #expect(directories[1].bindPassword == "from-the-environment")
        #expect(directories[1].verifyPeer)
        // The password never reaches the start-up log.
        let described = configuration.redactedDescription.joined(separator: "\n")
        #expect(described.contains("directory.campus.bind_password = <redacted>"))
        #expect(!described.contains("from-the-environment") && !described.contains("in-the-file"))
    }

    /// A directory made entirely on the command line (as a container's entrypoint does) still takes
    /// its password from the environment; a password on the command line wins over it.
    @Test func aDirectoryFromTheCommandLineTakesItsPasswordFromTheEnvironment() throws {
        let environment = ["CAMPUSCAL_DIRECTORY_CAMPUS_BIND_PASSWORD": "from-the-environment"]
        let overrides = [
            "auth.directories": "campus", "directory.campus.uris": "ldap://127.0.0.1:3890", "directory.campus.user_base": "ou=people,dc=x",
            "directory.campus.bind_dn": "cn=reader,dc=x",
        ]
        let made = try ConfigurationLoader.load(file: nil, environment: environment, overrides: overrides)
        #expect(try made.directorySettings().first?.bindPassword == "from-the-environment")
        var explicit = overrides
        explicit["directory.campus.bind_password"] = "from-the-command-line"
        let given = try ConfigurationLoader.load(file: nil, environment: environment, overrides: explicit)
        #expect(try given.directorySettings().first?.bindPassword == "from-the-command-line")
    }

    @Test func mistakesNameTheKey() throws {
        func message(_ text: String) -> String {
            do {
                _ = try load(text).directorySettings()
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(message("[directory.x]\nuris = [\"http://x\"]\nuser_base = \"dc=x\"").contains("directory.x.uris"))
        #expect(message("[directory.x]\nuris = [\"ldap://x\"]").contains("directory.x.user_base"))
        #expect(
            message("[directory.x]\nuris = [\"ldap://x\"]\nuser_base = \"dc=x\"\nuser_filter = \"(uid=alice)\"").contains("directory.x.user_filter"))
        #expect(message("[directory.x]\nuris = [\"ldap://x\"]\nuser_base = \"dc=x\"\nverfy_peer = false").contains("directory.x.verfy_peer"))
        #expect(message("[directory.x]\nuris = [\"ldap://x\"]\nuser_base = \"dc=x\"\nnested_groups = \"deep\"").contains("directory.x.nested_groups"))
        #expect(message("[auth]\ndirectories = \"y\"\n[directory.x]\nuris = [\"ldap://x\"]\nuser_base = \"dc=x\"").contains("[directory.y]"))
        #expect(message("[directory.x]\nuris = [\"ldap://x\"]\nuser_base = \"dc=x\"") == "accepted")
    }
}
