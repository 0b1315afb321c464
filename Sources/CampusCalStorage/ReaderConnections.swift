import GRDB
import Synchronization

/// Read-only connections for the short reads on the hot path (`SQLiteDatabase.readNow`): each is
/// used by one caller at a time, on the caller's thread, and handed back after.
///
/// Why not `DatabasePool.read`: at the campus peak a request makes about three reads, and the
/// pool's bookkeeping around each one cost about as much as a small read itself (issue #11). Taking
/// a pooled reader instantiates a key path at run time (GRDB's generic `Pool.get` filters its items
/// by `\.isAvailable`) under a reader-writer lock made of a Dispatch queue; the snapshot is begun
/// and ended with `BEGIN DEFERRED TRANSACTION` and `COMMIT TRANSACTION` compiled anew every time;
/// and `PRAGMA schema_version` is read to keep GRDB's schema cache fresh. Here a connection comes
/// off a stack under one mutex, and the snapshot is begun and ended with statements each
/// connection compiles once.
///
/// The guarantees are the pool's: each read sees one committed snapshot (a deferred transaction
/// that ends before the call returns), never waits for the writer (WAL), and cannot write (the
/// connection is opened read-only). The schema only changes in migrations, after which
/// `SQLiteDatabase.migrate` closes the idle connections; SQLite recompiles a cached statement by
/// itself if its tables ever did change.
final class ReaderConnections: Sendable {
    private let path: String
    private let configuration: Configuration
    /// Connections not in use. As many exist as reads ever ran at once (the event loops, plus the
    /// occasional read from elsewhere); beyond `maximumIdle` a returned one is closed.
    private let idle = Mutex<[DatabaseQueue]>([])
    static let maximumIdle = 8

    init(path: String, configuration: Configuration) {
        var configuration = configuration
        configuration.readonly = true
        self.path = path
        self.configuration = configuration
    }

    /// Runs `body` in a read transaction on an idle connection (a new one if none is idle).
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        let connection = try idle.withLock { $0.popLast() } ?? DatabaseQueue(path: path, configuration: configuration)
        var reusable = true
        defer {
            if reusable { idle.withLock { if $0.count < Self.maximumIdle { $0.append(connection) } } }
        }
        return try connection.inDatabase { db in
            try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
            defer { reusable = Self.endTransaction(db) }
            return try body(db)
        }
    }

    /// Closes the idle connections, so that later reads open fresh ones: after a migration, since
    /// a connection's GRDB schema cache (table columns, primary keys) is not rechecked per read.
    func closeIdle() { idle.withLock { $0.removeAll() } }

    /// Ends the read transaction; false when the connection could not leave it (then it is not
    /// used again). A read has nothing to keep, so a failed COMMIT is answered with ROLLBACK.
    private static func endTransaction(_ db: Database) -> Bool {
        if (try? db.cachedStatement(sql: "COMMIT TRANSACTION").execute()) != nil { return true }
        try? db.execute(sql: "ROLLBACK TRANSACTION")
        return !db.isInsideTransaction
    }
}
