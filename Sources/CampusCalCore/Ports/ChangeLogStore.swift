import Foundation

/// The change log (issue #29): the latest change of every event and task, deletions included,
/// numbered in the order they were committed. The store keeps it on every write path by itself
/// (in SQLite, triggers), so nothing above it records changes.
public protocol ChangeLogStore: Sendable {
    /// The entries of `collections` numbered after `token`, oldest first, at most `limit`, read in
    /// one snapshot with the log's current number and pruning horizon. Without a token, only items
    /// that exist (an initial sync has nothing to delete).
    func changes(in collections: Set<ChangeCollection>, after token: SyncToken?, limit: Int) async throws -> ChangeLogPage

    /// Notes that the log stood at its current number at `now`, then prunes the deletion records
    /// numbered at or below the newest note taken at or before `cutoff` (so every pruned tombstone
    /// is older than `cutoff`), moving the horizon past them. Returns how many went.
    func pruneTombstones(olderThan cutoff: Date, now: Date) async throws -> Int
}

/// One read of the change log.
public struct ChangeLogPage: Sendable, Equatable {
    /// The entries read, oldest first.
    public var records: [ChangeRecord]
    /// More entries follow the last one (the read stopped at its limit).
    public var hasMore: Bool
    /// The newest change number at the time of the read (in any collection).
    public var latest: SyncToken
    /// The newest pruned deletion record: a client whose token is older may have missed one.
    public var prunedThrough: SyncToken

    public init(records: [ChangeRecord], hasMore: Bool, latest: SyncToken, prunedThrough: SyncToken) {
        self.records = records
        self.hasMore = hasMore
        self.latest = latest
        self.prunedThrough = prunedThrough
    }
}
