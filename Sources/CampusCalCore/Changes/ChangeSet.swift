/// What changed for one person since a sync token: one page of changes, the calendars they see
/// now, and the token to ask from next time.
public struct ChangeSet: Sendable, Equatable {
    /// Items created, changed or deleted after the token, oldest change first; each item at most
    /// once, as it stands now (deleted, or to be fetched).
    public var changes: [ChangeRecord]
    /// Every calendar the person sees now, with their standing. A calendar a client holds that is
    /// not here was deleted or is no longer shared with them (drop it and its events); one here
    /// the client does not hold, or whose standing changed, is fetched whole: the log lists only
    /// changes after the token, not what a new share or a higher level makes visible.
    public var calendars: [AccessibleCalendar]
    /// The token to send next time (or for the next page): every change up to it has been listed.
    public var next: SyncToken
    /// More changes follow: ask again from `next` at once.
    public var truncated: Bool

    public init(changes: [ChangeRecord], calendars: [AccessibleCalendar], next: SyncToken, truncated: Bool) {
        self.changes = changes
        self.calendars = calendars
        self.next = next
        self.truncated = truncated
    }
}
