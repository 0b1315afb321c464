import Foundation
import GRDB

/// Online backup and restore of the database file, with SQLite's backup API.
///
/// A backup reads the database inside one read transaction, so it is the database as it was at one
/// instant — every write committed (acknowledged) before the backup began, none half-applied —
/// while the server goes on writing (WAL readers never block the writer). It is written to a
/// temporary file beside the destination, checked with `PRAGMA integrity_check`, flushed to disk and
/// only then renamed into place: a backup file that exists is a whole one.
public enum SQLiteBackup {
    public struct Report: Sendable, Equatable {
        /// The migrations the copy has (which CampusCal versions can open it).
        public var migrations: [String]
        public var bytes: Int
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Copies `database` into a new file at `destination` (which must not exist).
    @discardableResult
    public static func backup(_ database: SQLiteDatabase, to destination: String) throws -> Report {
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw Failure(description: "\(destination) already exists; name a new file (backups are never overwritten)")
        }
        let partial = destination + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        do {
            // A backup is as secret as the database: mode 0600 from the start (issue #25, review M8).
            try SQLiteDatabase.createPrivateFile(partial)
            let copy = try DatabaseQueue(path: partial)
            try database.pool.backup(to: copy)
            // The copy is a standalone file in rollback-journal mode: one file to move, archive or mail.
            try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            let report = try check(copy, named: destination)
            try copy.close()
            try flush(partial)
            guard rename(partial, destination) == 0 else { throw Failure(description: "could not move the backup into place: \(errno)") }
            return report
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
    }

    /// Replaces the contents of the database at `path` with the backup at `source`, after checking
    /// that the backup is whole and was made by this or an earlier CampusCal (its migrations are
    /// all known here; `serve` applies the missing ones). Stop the server first. The database as it
    /// was is kept beside it (`<path>.before-restore-<time>`), unless there was none.
    @discardableResult
    public static func restore(from source: String, to path: String, now: Date = Date()) throws -> (Report, kept: String?) {
        guard FileManager.default.fileExists(atPath: source) else { throw Failure(description: "\(source) does not exist") }
        let lock: ServerLock
        do {
            lock = try ServerLock(databasePath: path)
        } catch let held as ServerLock.Held {
            throw Failure(description: held.description + " Nothing was restored.")
        }
        defer { withExtendedLifetime(lock) {} }
        var configuration = Configuration()
        configuration.readonly = true
        let backup: DatabaseQueue
        let report: Report
        do {
            backup = try DatabaseQueue(path: source, configuration: configuration)
            report = try check(backup, named: source)
        } catch let error as DatabaseError {
            throw Failure(
                description: "\(source) is not a readable SQLite database (\(error.message ?? "\(error.resultCode)")); nothing was restored")
        }
        let known = Set(CampusCalMigrations.migrator.migrations)
        let unknown = report.migrations.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw Failure(
                description:
                    "\(source) was made by a newer CampusCal (it has migrations this one does not know: \(unknown.joined(separator: ", "))); restore it with that version"
            )
        }
        var kept: String?
        var handedOut: Int64 = 0
        if FileManager.default.fileExists(atPath: path) {
            let stamp = ISO8601DateFormatter().string(from: now).replacingOccurrences(of: ":", with: "")
            let before = "\(path).before-restore-\(stamp)"
            let current = try SQLiteDatabase(path: path, migrate: false)
            handedOut = try latestChange(in: current.pool)
            try self.backup(current, to: before)
            kept = before
        }
        let target = try SQLiteDatabase(path: path, migrate: false)
        try backup.backup(to: target.pool)
        try backup.close()
        try expireTokens(through: handedOut, in: target.pool)
        return (report, kept)
    }

    private static func check(_ database: some DatabaseReader, named name: String) throws -> Report {
        try database.read { db in
            let result = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            guard result == ["ok"] else {
                throw Failure(description: "\(name) failed SQLite's integrity check: \(result.prefix(5).joined(separator: "; "))")
            }
            guard try db.tableExists("grdb_migrations") else { throw Failure(description: "\(name) is not a CampusCal database") }
            let migrations = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            let size = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            return Report(migrations: migrations, bytes: pages * size)
        }
    }

    /// The file's bytes on disk before it is renamed into place.
    private static func flush(_ path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw Failure(description: "could not open \(path) to flush it") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Failure(description: "could not flush \(path) to disk") }
    }
}
