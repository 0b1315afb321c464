import CampusCalStorage
import CampusCalTestSupport
import Foundation
import Testing

/// The database, its WAL and backups are made 0600 by the storage code itself, not only by the
/// `campuscal` command's umask (issue #25, review M8): an embedding program's umask (here the test
/// process's, typically 022) does not widen them.
@Suite("Private file modes")
struct PrivateFileModeTests {
    static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int).flatMap { $0 }
    }

    @Test func databaseWALAndBackupsAre0600EvenUnderAWideUmask() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("db.sqlite")
        let database = try SQLiteDatabase(path: path)
        try database.pool.write { db in try db.execute(sql: "CREATE TABLE probe (x)") }
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(Self.mode(file) == 0o600, "\(file) is \(Self.mode(file).map { String($0, radix: 8) } ?? "missing")")
        }
        let backup = directory.file("backup.sqlite")
        try SQLiteBackup.backup(database, to: backup)
        #expect(Self.mode(backup) == 0o600)
    }
}
