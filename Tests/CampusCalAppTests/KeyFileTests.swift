import CampusCalApp
import CampusCalSecurity
import CampusCalStorage
import CampusCalTestSupport
import Crypto
import Foundation
import GRDB
import Testing

/// The server's keys live in a key file, not in the database (issue #25, review M8): the real
/// `campuscal` executable makes the file 0600, refuses one others may read, moves the keys older
/// installations kept in `serverSecret` into it, and rotates the sealing key with every LMS
/// credential kept readable.
@Suite("Keys outside the database (review M8)")
struct KeyFileTests {
    /// The sealed credentials in `database` (connection id → sealed bytes).
    static func sealedCredentials(_ database: String) throws -> [String: [UInt8]] {
        let queue = try DatabaseQueue(path: database)
        defer { try? queue.close() }
        return try queue.read { db in
            var values: [String: [UInt8]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, sealedCredentials FROM lmsConnection") {
                let sealed: Data = row["sealedCredentials"]
                values[row["id"]] = [UInt8](sealed)
            }
            return values
        }
    }

    /// Stores `sealed` as an LMS connection's credentials. Straight into the table (its owner and
    /// calendar need not exist for what these tests look at: the sealing).
    static func insertCredential(_ sealed: [UInt8], id: String, into database: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: database, configuration: configuration)
        defer { try? queue.close() }
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO lmsConnection (id, ownerID, kind, baseURL, calendarID, sealedCredentials, status, createdAt, updatedAt)
                    VALUES (?, 'nobody', 'ics', 'https://lms.example.edu', 'nowhere', ?, 'active', ?, ?)
                    """, arguments: [id, Data(sealed), Date(), Date()])
        }
    }

    static func serverSecretRows(_ database: String) throws -> Int {
        let queue = try DatabaseQueue(path: database)
        defer { try? queue.close() }
        return try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM serverSecret") ?? 0 }
    }

    static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int).flatMap { $0 }
    }

    static func keyring(_ file: ServerKeyFile) throws -> SealingKeyring {
        try SealingKeyring(current: file.sealingKey, retired: file.retiredSealingKeys)
    }

    /// A value sealed as before key ids existed: bare AES-GCM `combined` bytes.
    static func legacySeal(_ plaintext: String, key: [UInt8]) throws -> [UInt8] {
        [UInt8](try #require(try AES.GCM.seal(Array(plaintext.utf8), using: SymmetricKey(data: key)).combined))
    }

    static func contains(_ haystack: Data, _ needle: [UInt8]) -> Bool { haystack.range(of: Data(needle)) != nil }

    @Test func reviewM8ADatabaseCopyAloneHoldsNoKey() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.file("data/campuscal.sqlite")
        let server = try ServerProcess(database: database, workingDirectory: directory.path)
        try await server.waitUntilReady()
        try await server.stop()

        // The keys are in their own file, 0600; the database holds none.
        let keyFile = directory.file("data/campuscal.keys")
        #expect(Self.mode(keyFile) == 0o600)
        #expect(try Self.serverSecretRows(database) == 0)
        let keys = try #require(try ServerKeyFile.read(keyFile))
        let sealed = try Self.keyring(keys).seal(Array(#"{"refreshToken":"r-123"}"#.utf8))
        try Self.insertCredential(sealed, id: "c1", into: database)

        let backup = directory.file("backup.sqlite")
        let made = try CommandRunner.run(["backup", backup, "--database", database], in: directory.path)
        #expect(made.status == 0, "\(made.output)")
        // Neither key is anywhere in the backup's bytes, and it has no serverSecret rows.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: backup))
        #expect(!Self.contains(bytes, keys.sealingKey) && !Self.contains(bytes, keys.recordCodeKey))
        #expect(try Self.serverSecretRows(backup) == 0)

        // The backup alone, somewhere else: a server made for it gets fresh keys, which open nothing.
        let elsewhere = TemporaryDirectory()
        defer { elsewhere.remove() }
        let stolen = elsewhere.file("campuscal.sqlite")
        try FileManager.default.copyItem(atPath: backup, toPath: stolen)
        let opened = try CommandRunner.run(["migrate", "--database", stolen], in: elsewhere.path)
        #expect(opened.status == 0, "\(opened.output)")
        let strangers = try #require(try ServerKeyFile.read(elsewhere.file("campuscal.keys")))
        let stolenValue = try #require(try Self.sealedCredentials(stolen)["c1"])
        #expect(throws: (any Error).self) { _ = try Self.keyring(strangers).open(stolenValue) }
        // With its key file, it opens.
        #expect(try Self.keyring(keys).open(stolenValue) == Array(#"{"refreshToken":"r-123"}"#.utf8))
    }

    @Test func theKeyFileIsCreated0600AndAWorldReadableOneIsRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.file("db/campuscal.sqlite")
        let keyFile = directory.file("secrets/server.keys")
        let first = try CommandRunner.run(["migrate", "--database", database, "--set", "security.key_file=\(keyFile)"], in: directory.path)
        #expect(first.status == 0, "\(first.output)")
        #expect(Self.mode(keyFile) == 0o600)
        let keys = try #require(try ServerKeyFile.read(keyFile))
        #expect(keys.sealingKey.count == 32 && keys.recordCodeKey.count == 32 && keys.sealingKey != keys.recordCodeKey)
        // Not beside the database when the setting names another place.
        #expect(!FileManager.default.fileExists(atPath: directory.file("db/campuscal.keys")))

        // Group- or world-readable: the server does not start, and says what to do.
        chmod(keyFile, 0o644)
        let refused = try CommandRunner.run(
            program: ServerProcess.executable, ["serve", "--port", "0", "--database", database, "--set", "security.key_file=\(keyFile)"],
            in: directory.path, timeout: 60)
        #expect(refused.status != 0)
        #expect(refused.output.contains("chmod 600 \(keyFile)"), "\(refused.output)")
        chmod(keyFile, 0o640)
        #expect(
            try CommandRunner.run(["user", "list", "--database", database, "--set", "security.key_file=\(keyFile)"], in: directory.path).status != 0)
        // The refused file is left as it was: no new keys behind the administrator's back.
        chmod(keyFile, 0o600)
        #expect(try ServerKeyFile.read(keyFile) == keys)
    }

    @Test func existingSecretsMoveToTheKeyFileAndStillUnseal() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.file("campuscal.sqlite")
        let keyFile = directory.file("campuscal.keys")
        #expect(try CommandRunner.run(["migrate", "--database", database], in: directory.path).status == 0)
        // An installation from before the key file: both keys in serverSecret, a credential sealed
        // without a key id, and no key file.
        try FileManager.default.removeItem(atPath: keyFile)
        let sealingKey = ServerKeyFile.newKey()
        let recordCodeKey = ServerKeyFile.newKey()
        let queue = try DatabaseQueue(path: database)
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO serverSecret (name, value) VALUES ('lms-credentials', ?), ('record-codes', ?)",
                arguments: [Data(sealingKey), Data(recordCodeKey)])
        }
        try queue.close()
        try Self.insertCredential(try Self.legacySeal("moodle-token-1", key: sealingKey), id: "old", into: database)

        let started = try CommandRunner.run(["user", "list", "--database", database], in: directory.path)
        #expect(started.status == 0, "\(started.output)")
        #expect(started.output.contains("moved the server's keys out of the database"), "\(started.output)")
        #expect(Self.mode(keyFile) == 0o600)
        #expect(try Self.serverSecretRows(database) == 0)
        let keys = try #require(try ServerKeyFile.read(keyFile))
        // The same keys: record codes stay the same, and the credential still opens.
        #expect(keys.sealingKey == sealingKey && keys.recordCodeKey == recordCodeKey)
        let sealed = try #require(try Self.sealedCredentials(database)["old"])
        #expect(try Self.keyring(keys).open(sealed) == Array("moodle-token-1".utf8))

        // Once only: the next start has nothing to move and changes nothing.
        let again = try CommandRunner.run(["user", "list", "--database", database], in: directory.path)
        #expect(again.status == 0 && !again.output.contains("moved"), "\(again.output)")
        #expect(try ServerKeyFile.read(keyFile) == keys)

        // A start that crashed after writing the file and before deleting the rows: finished next time.
        let crashed = try DatabaseQueue(path: database)
        try crashed.write { db in
            try db.execute(
                sql: "INSERT INTO serverSecret (name, value) VALUES ('lms-credentials', ?), ('record-codes', ?)",
                arguments: [Data(sealingKey), Data(recordCodeKey)])
        }
        try crashed.close()
        #expect(try CommandRunner.run(["migrate", "--database", database], in: directory.path).status == 0)
        #expect(try Self.serverSecretRows(database) == 0)
        #expect(try ServerKeyFile.read(keyFile) == keys)
    }

    @Test func rotatingTheSealingKeyKeepsEveryCredentialReadable() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.file("campuscal.sqlite")
        let keyFile = directory.file("campuscal.keys")
        #expect(try CommandRunner.run(["migrate", "--database", database], in: directory.path).status == 0)
        let before = try #require(try ServerKeyFile.read(keyFile))
        let plaintexts = ["a": "canvas-refresh-a", "b": "feed-url-b", "legacy": "moodle-token-c"]
        try Self.insertCredential(try Self.keyring(before).seal(Array(plaintexts["a"]!.utf8)), id: "a", into: database)
        try Self.insertCredential(try Self.keyring(before).seal(Array(plaintexts["b"]!.utf8)), id: "b", into: database)
        try Self.insertCredential(try Self.legacySeal(plaintexts["legacy"]!, key: before.sealingKey), id: "legacy", into: database)
        let oldBackup = try Self.sealedCredentials(database)

        // Not under a running server, which holds the old key in memory.
        let server = try ServerProcess(database: database, workingDirectory: directory.path)
        try await server.waitUntilReady()
        let underServer = try CommandRunner.run(["keys", "rotate-sealing", "--database", database], in: directory.path)
        #expect(underServer.status != 0 && underServer.output.contains("Stop it first"), "\(underServer.output)")
        #expect(try ServerKeyFile.read(keyFile) == before)
        try await server.stop()

        let rotated = try CommandRunner.run(["keys", "rotate-sealing", "--database", database], in: directory.path)
        #expect(rotated.status == 0, "\(rotated.output)")
        #expect(rotated.output.contains("Re-sealed 3 of 3"), "\(rotated.output)")
        let after = try #require(try ServerKeyFile.read(keyFile))
        #expect(Self.mode(keyFile) == 0o600)
        #expect(after.sealingKey != before.sealingKey && after.retiredSealingKeys == [before.sealingKey])
        #expect(after.recordCodeKey == before.recordCodeKey)
        let keyring = try Self.keyring(after)
        for (id, sealed) in try Self.sealedCredentials(database) {
            #expect(keyring.isSealedWithCurrentKey(sealed), "\(id) still sealed with the old key")
            #expect(try keyring.open(sealed) == Array(plaintexts[id]!.utf8))
            // The new key alone opens it: the old one is no longer needed for the database.
            #expect(try SealingKeyring(current: after.sealingKey).open(sealed) == Array(plaintexts[id]!.utf8))
        }
        // A backup from before the rotation still opens with the file's retired key.
        for (id, sealed) in oldBackup { #expect(try keyring.open(sealed) == Array(plaintexts[id]!.utf8)) }

        // The server starts on the rotated keys; a second rotation keeps both earlier keys.
        let restarted = try ServerProcess(database: database, workingDirectory: directory.path)
        try await restarted.waitUntilReady()
        try await restarted.stop()
        let second = try CommandRunner.run(["keys", "rotate-sealing", "--database", database], in: directory.path)
        #expect(second.status == 0 && second.output.contains("Re-sealed 3 of 3"), "\(second.output)")
        #expect(try ServerKeyFile.read(keyFile)?.retiredSealingKeys == [after.sealingKey, before.sealingKey])
    }

    @Test func databaseWALAndBackupsAre0600() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.file("data/campuscal.sqlite")
        let server = try ServerProcess(database: database, workingDirectory: directory.path)
        try await server.waitUntilReady()
        let (_, status) = try await server.request(
            "POST", "/api/v1/auth/register", json: ["username": "modes", "password": "Secret123", "displayName": "M", "timeZone": "UTC"])
        #expect(status == 201)
        for file in [database, database + "-wal", database + "-shm", directory.file("data/campuscal.keys")] {
            #expect(Self.mode(file) == 0o600, "\(file) is \(Self.mode(file).map { String($0, radix: 8) } ?? "missing")")
        }
        let backup = directory.file("backup.sqlite")
        let made = try CommandRunner.run(["backup", backup, "--database", database], in: directory.path)
        #expect(made.status == 0, "\(made.output)")
        #expect(Self.mode(backup) == 0o600)
        try await server.stop()

        let restored = try CommandRunner.run(["restore", backup, "--database", database], in: directory.path)
        #expect(restored.status == 0, "\(restored.output)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.file("data")).filter { $0.contains(".before-restore-") }
        #expect(!kept.isEmpty)
        for name in kept { #expect(Self.mode(directory.file("data/\(name)")) == 0o600, "\(name)") }
    }

    @Test func environmentKeysWinOverTheKeyFileAndStayOutOfIt() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var configuration = CampusCalConfiguration()
        configuration.databasePath = directory.file("campuscal.sqlite")
        let database = try SQLiteDatabase(path: configuration.databasePath)
        let sealingKey = ServerKeyFile.newKey()
        let recordCodeKey = ServerKeyFile.newKey()
        let environment = [
            ServerKeys.sealingKeyVariable: Data(sealingKey).base64EncodedString(),
            ServerKeys.recordCodeKeyVariable: Data(recordCodeKey).base64EncodedString(),
        ]
        // Both from the environment: no key file is made, and those keys are the ones used.
        let fromEnvironment = try ServerKeys.load(configuration: configuration, database: database, environment: environment)
        #expect(!FileManager.default.fileExists(atPath: directory.file("campuscal.keys")))
        #expect(fromEnvironment.recordCodeKey == recordCodeKey)
        let sealed = try fromEnvironment.sealing.seal(Array("token".utf8))
        #expect(try SealingKeyring(current: sealingKey).open(sealed) == Array("token".utf8))

        // A key file's values keep opening when the sealing key moves to the environment.
        let fromFile = try ServerKeys.load(configuration: configuration, database: database, environment: [:])
        let sealedByFile = try fromFile.sealing.seal(Array("older".utf8))
        let both = try ServerKeys.load(
            configuration: configuration, database: database,
            environment: [ServerKeys.sealingKeyVariable: environment[ServerKeys.sealingKeyVariable]!])
        #expect(try both.sealing.open(sealedByFile) == Array("older".utf8))
        #expect(both.sealing.isSealedWithCurrentKey(try both.sealing.seal([1])))
        #expect(try SealingKeyring(current: sealingKey).open(try both.sealing.seal([1])) == [1])

        // A malformed variable stops the start with its name.
        #expect {
            _ = try ServerKeys.load(configuration: configuration, database: database, environment: [ServerKeys.sealingKeyVariable: "c2hvcnQ="])
        } throws: { "\($0)".contains(ServerKeys.sealingKeyVariable) }
    }
}
