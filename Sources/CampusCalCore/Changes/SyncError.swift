/// What can go wrong when a client asks what changed.
public enum SyncError: Error, Sendable, Equatable {
    /// The token is older than the deletion records kept (`sync.tombstone_days`), or newer than
    /// anything recorded (the database was restored from a backup): the changes since it can no
    /// longer be told completely, so the client must start over with a full sync.
    case tokenExpired(SyncToken, keptDays: Int)
}
