/// What can go wrong with calendars, in the domain's words.
public enum CalendarError: Error, Sendable, Equatable {
    /// No calendar with this id that the caller may see. Said the same way whether it does not
    /// exist or belongs to someone else, so ids cannot be probed.
    case notFound
    /// The caller may see the calendar but not do this (their share level is too low); the sentence says why.
    case forbidden(String)
    /// No share with this id on a calendar the caller may see.
    case shareNotFound
    /// The calendar changed since the caller read it (`If-Match` failed).
    case versionMismatch(current: Int)
    /// The owner already has a calendar at this CalDAV address (`CalendarCollection.davName`).
    case addressTaken
}
