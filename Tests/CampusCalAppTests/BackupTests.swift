import CampusCalTestSupport
import Foundation
import GRDB
import Synchronization
import Testing

/// `campuscal backup` and `campuscal restore`, the real executable against a live server's
/// database: a backup taken while events are being written holds every write acknowledged before
/// it began and passes SQLite's integrity check, and restores to a database that does too.
@Suite("Backup while the server writes, and restore")
struct BackupTests {
    /// The writers' acknowledged event ids, and when to stop.
    final class Load: Sendable {
        let acknowledged = Mutex<[String]>([])
        let stop = Atomic<Bool>(false)
    }

    /// Runs the executable off the cooperative pool (it blocks until the command exits).
    static func campuscal(_ arguments: [String], in directory: TemporaryDirectory) async throws -> CommandRunner.Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try CommandRunner.run(arguments, in: directory.path) }) }
        }
    }

    @Test func aBackupUnderWriteLoadHoldsEveryAcknowledgedWriteAndRestores() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try TestServer(directory: directory)
        try await server.createUser("avery")
        let database = directory.file("campuscal.sqlite")
        let backup = directory.file("backup.sqlite")
        try await server.run { api in
            let token = try await api.token("avery")
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Load"]).string("id"))
            let load = Load()
            // Two writers, each creating events one after another until told to stop.
            let writers = (0..<2).map { writer in
                Task {
                    var n = 0
                    while !load.stop.load(ordering: .relaxed) {
                        n += 1
                        let reply = try await api.request(
                            .post, "/api/v1/calendars/\(calendar)/events", token: token,
                            json: ["title": "W\(writer)-\(n)", "start": ["dateTime": "2026-12-01T10:00:00Z"]])
                        if reply.status == .created, let id = reply.string("id") { load.acknowledged.withLock { $0.append(id) } }
                    }
                }
            }
            while load.acknowledged.withLock({ $0.count }) < 50 { try await Task.sleep(for: .milliseconds(20)) }
            let before = load.acknowledged.withLock { $0 }
            let made = try await Self.campuscal(["backup", backup, "--database", database], in: directory)
            // The writers never stopped for it: more writes are acknowledged after it, too. (How many
            // land while the backup runs depends on the machine's load; the copy takes milliseconds.)
            let after = load.acknowledged.withLock { $0.count }
            #expect(try await eventually { load.acknowledged.withLock { $0.count } > after }, "the writers stalled after the backup")
            load.stop.store(true, ordering: .relaxed)
            for writer in writers { try await writer.value }
            #expect(made.status == 0, "\(made.output)")
            #expect(made.output.contains("integrity ok"), "\(made.output)")

            // Never overwritten.
            let again = try await Self.campuscal(["backup", backup, "--database", database], in: directory)
            #expect(again.status != 0 && again.output.contains("already exists"), "\(again.output)")

            // Restored into a fresh place: whole, and every write acknowledged before the backup began is there.
            let restored = directory.file("restored.sqlite")
            let restore = try await Self.campuscal(["restore", backup, "--database", restored], in: directory)
            #expect(restore.status == 0, "\(restore.output)")
            let queue = try DatabaseQueue(path: restored)
            let (integrity, ids) = try await queue.read { db in
                (try String.fetchAll(db, sql: "PRAGMA integrity_check"), Set(try String.fetchAll(db, sql: "SELECT id FROM event")))
            }
            #expect(integrity == ["ok"])
            #expect(before.allSatisfy(ids.contains), "\(before.filter { !ids.contains($0) }.count) acknowledged writes missing")
            try queue.close()

            // Restoring over an existing database keeps that one beside it.
            let replaced = try await Self.campuscal(["restore", backup, "--database", restored], in: directory)
            #expect(replaced.status == 0 && replaced.output.contains("before-restore"), "\(replaced.output)")

            // A file that is not a whole CampusCal database is refused, and nothing changes.
            let garbage = directory.file("garbage.sqlite")
            try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: garbage))
            let refused = try await Self.campuscal(["restore", garbage, "--database", restored], in: directory)
            #expect(refused.status != 0, "\(refused.output)")
            #expect(refused.output.contains("garbage.sqlite"), "\(refused.output)")
        }
    }

    /// A running server holds its database: a restore under it, and a second server on it, are
    /// refused with a message saying so — and the server serves on.
    @Test func aRunningServerKeepsRestoreAndASecondServerAway() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.file("campuscal.sqlite")
        let server = try ServerProcess(database: database, workingDirectory: directory.path)
        try await server.waitUntilReady()
        let backup = directory.file("backup.sqlite")
        #expect(try await Self.campuscal(["backup", backup, "--database", database], in: directory).status == 0)
        let restore = try await Self.campuscal(["restore", backup, "--database", database], in: directory)
        #expect(restore.status != 0 && restore.output.contains("is running on"), "\(restore.output)")
        // Under `timeout`: were the lock not kept, this second server would serve on forever.
        let second = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        try CommandRunner.run(
                            program: URL(fileURLWithPath: "/usr/bin/timeout"),
                            [String(Int(TestTime.budget(20))), ServerProcess.executable.path, "serve", "--database", database, "--port", "0"],
                            in: directory.path)
                    })
            }
        }
        #expect(second.status != 0 && second.output.contains("is running on"), "\(second.output)")
        #expect(try await server.request("GET", "/readyz").1 == 200)
        #expect(try await server.stop() == 0)
        // Stopped: the restore goes ahead.
        let restored = try await Self.campuscal(["restore", backup, "--database", database], in: directory)
        #expect(restored.status == 0, "\(restored.output)")
    }
}
