import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// "A server is running on this database": an exclusive `flock` on `<database>.lock`, held by
/// `campuscal serve` for as long as it runs (the kernel drops it when the process ends, however it
/// ends). A second server on the same file, and `campuscal restore` under a running one, are
/// refused instead of corrupting what the first one holds. A lock file of its own, not the database
/// file: closing any descriptor of the database would drop SQLite's own (POSIX) locks.
public final class ServerLock: Sendable {
    private let descriptor: Int32

    public struct Held: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            "A CampusCal server is running on \(path) (it holds \(path).lock). Stop it first."
        }
    }

    /// Takes the lock for the database at `databasePath`, or throws `Held` at once when another process has it.
    public init(databasePath: String) throws {
        let lockPath = databasePath + ".lock"
        try? FileManager.default.createDirectory(
            atPath: (databasePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Held(path: databasePath) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw Held(path: databasePath)
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
