import CSQLiteShim
import CampusCalCore
import Foundation
import GRDB
import Synchronization

/// The SQLite database file: opened in WAL mode with one writer and concurrent readers.
///
/// Durability: `synchronous=FULL` fsyncs the write-ahead log on every commit, so a write is on disk
/// before the API acknowledges it; a killed process or a power cut loses nothing acknowledged.
/// Concurrency: reads run in parallel on their own connections and never wait for the writer;
/// writes are serialised by SQLite, but each is a short transaction (slow work such as bcrypt is
/// done before it starts), so one slow request never holds the whole server.
public final class SQLiteDatabase: Sendable {
    /// The GRDB pool; stores use it directly.
    public let pool: DatabasePool
    public let path: String

    /// Read-only connections of our own for `readNow` (see `ReaderConnections` for why not the pool's).
    private let readers: ReaderConnections

    /// Whether `writeNow` may commit on the calling thread (`database.inline_writes`).
    let inlineWrites: Bool
    /// Writes started through `write`, `writeNow` and `writeWaiting` and not yet finished: `writeNow`
    /// commits on the calling thread only while this is zero (`SQLiteDatabase+Writes.swift`).
    let writesInFlight = Atomic<Int>(0)

    /// Runs a short read on the calling thread (a snapshot on a reader connection), instead of
    /// hopping to GRDB's queue and back as `pool.read`'s async form does. For small indexed reads on
    /// the hot path; anything that can take long keeps the async form.
    public func readNow<T>(_ body: (Database) throws -> T) throws -> T { try readers.read(body) }

    /// Process-wide SQLite settings, made before this process opens its first connection.
    ///
    /// Memory statistics off: with them on, every allocation inside SQLite takes one process-wide
    /// mutex to count it, and reads running at once on the two event loops queued on it (futex
    /// waits and wake-ups, ≈ 8% of the server's CPU at the campus peak; issue #11). Nothing here
    /// reads the statistics. Had something opened a connection first, SQLite refuses the change
    /// (SQLITE_MISUSE) and simply runs as before.
    private static let sqliteConfigured: Bool = csqlite_disable_memory_statistics() == 0

    /// Opens (creating if needed) the database at `path` and applies every pending migration.
    ///
    /// - Parameter migrate: pass false to open without migrating (the `migrate` command migrates explicitly).
    /// - Parameter inlineWrites: let `writeNow` commit on the calling thread when the writer is free
    ///   (`database.inline_writes`; off where commits are slow, such as network storage).
    public init(path: String, migrate: Bool = true, inlineWrites: Bool = true) throws {
        _ = Self.sqliteConfigured
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Self.createPrivateFile(path)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // Wait for a competing writer (another process, e.g. the CLI) instead of failing at once.
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        self.pool = try DatabasePool(path: path, configuration: configuration)
        self.readers = ReaderConnections(path: path, configuration: configuration)
        // GRDB switches the writer to synchronous=NORMAL when it enables WAL (after prepareDatabase
        // ran), which can lose the last commits on power loss. Only the writer commits, so set FULL there.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        self.path = path
        self.inlineWrites = inlineWrites
        if migrate { try self.migrate() }
    }

    /// Makes the file at `path`, empty and mode 0600, unless it exists: the database holds every
    /// student's data, so nobody but the server's user may read it, whatever the process umask
    /// (issue #25, review M8). SQLite gives the `-wal` and `-shm` files it makes later the
    /// database file's mode. An existing file keeps its mode.
    public static func createPrivateFile(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw CocoaError(
                .fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
        }
    }

    /// A database a newer CampusCal migrated: this one does not know its schema, and writing to it
    /// could damage what the newer one keeps.
    public struct NewerSchema: Error, CustomStringConvertible {
        public var unknown: [String]
        public var description: String {
            "This database was migrated by a newer CampusCal (migrations this version does not know: \(unknown.joined(separator: ", "))). Run that version, or restore a backup made before the upgrade (campuscal restore)."
        }
    }

    /// Applies the migrations not yet applied; returns their names. Refuses (`NewerSchema`) a
    /// database with migrations this build does not know, before changing anything.
    @discardableResult
    public func migrate() throws -> [String] {
        try refuseNewerSchema()
        let before = try pool.read { try CampusCalMigrations.migrator.appliedIdentifiers($0) }
        try CampusCalMigrations.migrator.migrate(pool)
        readers.closeIdle()
        let after = try pool.read { try CampusCalMigrations.migrator.appliedIdentifiers($0) }
        return CampusCalMigrations.migrator.migrations.filter { after.contains($0) && !before.contains($0) }
    }

    /// Throws `NewerSchema` when the file has migrations this build does not know.
    public func refuseNewerSchema() throws {
        let recorded = try pool.read { db -> [String] in
            guard try db.tableExists("grdb_migrations") else { return [] }
            return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
        let known = Set(CampusCalMigrations.migrator.migrations)
        let unknown = recorded.filter { !known.contains($0) }
        if !unknown.isEmpty { throw NewerSchema(unknown: unknown) }
    }

    /// Migrations known to this build that the file has not had yet.
    public func pendingMigrations() throws -> [String] {
        try refuseNewerSchema()
        let applied = try pool.read { try CampusCalMigrations.migrator.appliedIdentifiers($0) }
        return CampusCalMigrations.migrator.migrations.filter { !applied.contains($0) }
    }

    /// Succeeds when the database answers a query (the `/readyz` probe).
    public func ping() async throws {
        try await pool.read { db in _ = try Int.fetchOne(db, sql: "SELECT 1") }
    }
}
