/// The three ways an event can be seen, one per kind of standing with its calendar
/// (`AccessPolicy+Events` says why): everything; what a share may see (private parts as busy
/// time); busy time only.
///
/// Everything cached per viewer keys on this rather than on the access level, so that two levels
/// that see the same thing share one entry, and no two that see differently ever do.
public enum CalendarEventView: Sendable, Hashable {
    /// The calendar's owner: the event as stored.
    case whole
    /// Someone it is shared with at `read` or above: private events, and private occurrences of
    /// public series, as busy time.
    case shared
    /// A free-busy share: every event as busy time.
    case busyTime

    public init(_ level: CalendarAccessLevel) {
        self =
            switch level {
            case .owner: .whole
            case .read, .write, .manage: .shared
            case .freeBusy: .busyTime
            }
    }
}
