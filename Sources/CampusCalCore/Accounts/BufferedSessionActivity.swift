import Foundation
import Synchronization

/// A `SessionStore` that keeps session activity (`lastSeenAt`) in memory and writes it in one
/// transaction per `flush()`, instead of one write per active session per minute on the path of the
/// request that happened to be due.
///
/// Why: with 9,000 students active at a campus peak, the once-a-minute touch is 150 write
/// transactions a second, each waiting for SQLite's only writer while its (read-only) request
/// waits too — more writes than the students' own changes. Batched, it is one transaction every few
/// seconds, off every request's path.
///
/// What a crash costs: the activity since the last flush (a few seconds). Activity is bookkeeping,
/// not something a user was told is saved; losing it can only make a session's idle deadline come
/// that much earlier, never later, so no session outlives its idle timeout.
///
/// Everything else passes through. Reads see pending activity (so the idle deadline moves at once),
/// a revoked session's pending activity is dropped, and `deleteExpired` flushes first so that it
/// never deletes a session that was just used.
public final class BufferedSessionActivity: SessionStore {
    public let base: any SessionStore
    /// Session id → the latest activity not yet written.
    private let pending = Mutex<[String: Date]>([:])

    public init(base: any SessionStore) { self.base = base }

    /// How many sessions have activity waiting to be written.
    public var pendingCount: Int { pending.withLock { $0.count } }

    /// Writes the pending activity in one transaction. On failure it is kept for the next flush
    /// (merged with anything newer), and the error is rethrown for the caller to log.
    public func flush() async throws {
        let batch = pending.withLock { pending in
            defer { pending = [:] }
            return pending
        }
        guard !batch.isEmpty else { return }
        do {
            try await base.touch(batch)
        } catch {
            pending.withLock { pending in pending.merge(batch) { max($0, $1) } }
            throw error
        }
    }

    public func insert(_ session: Session, tokenHash: String) async throws { try await base.insert(session, tokenHash: tokenHash) }

    public func session(tokenHash: String) async throws -> (Session, User)? {
        guard let (stored, user) = try await base.session(tokenHash: tokenHash) else { return nil }
        var session = stored
        if let seen = pending.withLock({ $0[session.id] }), seen > session.lastSeenAt { session.lastSeenAt = seen }
        return (session, user)
    }

    public func touch(sessionID: String, at date: Date) async throws {
        pending.withLock { pending in
            if let seen = pending[sessionID], seen >= date { return }
            pending[sessionID] = date
        }
    }

    public func touch(_ lastSeen: [String: Date]) async throws {
        pending.withLock { pending in pending.merge(lastSeen) { max($0, $1) } }
    }

    public func revoke(sessionID: String) async throws {
        pending.withLock { _ = $0.removeValue(forKey: sessionID) }
        try await base.revoke(sessionID: sessionID)
    }

    public func revokeAll(of userID: UserID, keeping: String?) async throws {
        // Pending activity of the revoked sessions stays until the next flush, which skips them.
        try await base.revokeAll(of: userID, keeping: keeping)
    }

    public func deleteExpired(before date: Date, idleSince: Date) async throws -> Int {
        try await flush()
        return try await base.deleteExpired(before: date, idleSince: idleSince)
    }
}
