import GRDB
import Synchronization

/// Every store's writes go through these three, so that `writeNow` knows whether the writer is free.
///
/// Why a write may run on the calling thread: waiting for GRDB's writer queue costs two thread
/// hand-offs — the writer's thread woken, then the event loop woken again with the result — and
/// on an idle 2-core VM each wake-up of a sleeping thread took about 0.35 ms: a CalDAV PUT spent
/// more time being handed over than writing (1.35 ms answered back to back, 3.1 ms with 30 ms
/// between PUTs, as a phone sends them; issue #29). `writeNow` commits a short write where it was
/// asked for when nothing else is writing, which is exactly when those wake-ups are paid; when the
/// writer is busy it waits off the thread like any other write, so an event loop never queues
/// behind an import. The price: the event loop is held for the commit's `fsync` (0.1–0.2 ms
/// here), which is why it is a setting (`database.inline_writes`) for disks that sync slowly.
extension SQLiteDatabase {
    /// A write transaction, waited for off the calling thread (on GRDB's writer queue).
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        writesInFlight.add(1, ordering: .sequentiallyConsistent)
        defer { writesInFlight.subtract(1, ordering: .sequentiallyConsistent) }
        return try await pool.write(body)
    }

    /// A short write transaction (a few rows: an event, a task and their reminders), committed on
    /// the calling thread when no other write is running or waiting, and otherwise as `write`.
    ///
    /// Race: a write started elsewhere just after the check may reach the writer first; this one
    /// then waits for it on the calling thread. Every write counted here is short, or an import
    /// that was counted before it was queued, so the window is the few instructions between the
    /// check and the queue.
    public func writeNow<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        guard inlineWrites, writesInFlight.compareExchange(expected: 0, desired: 1, ordering: .sequentiallyConsistent).exchanged else {
            return try await write(body)
        }
        defer { writesInFlight.subtract(1, ordering: .sequentiallyConsistent) }
        return try commitHere(body)
    }

    /// A write transaction the calling thread waits for (for callers that are not async: plugin
    /// state written from a plugin's own thread, the key file's secrets at start-up).
    public func writeWaiting<T>(_ body: (Database) throws -> T) throws -> T {
        writesInFlight.add(1, ordering: .sequentiallyConsistent)
        defer { writesInFlight.subtract(1, ordering: .sequentiallyConsistent) }
        return try pool.write(body)
    }

    /// GRDB's blocking write: its serial queue runs the block on this very thread when it is idle
    /// (libdispatch's `dispatch_sync`), so nothing is handed over. Not async, so that the call
    /// picks the blocking overload of `write` rather than the awaiting one.
    private func commitHere<T>(_ body: (Database) throws -> T) throws -> T { try pool.write(body) }
}
