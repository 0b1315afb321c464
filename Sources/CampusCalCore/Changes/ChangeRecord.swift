/// What kind of item a change is about.
public enum ChangeKind: String, Sendable, CaseIterable {
    case event, task
}

/// A collection of items the change log is kept for: a calendar's events, or one person's tasks
/// (their task list; CalDAV will show it as a task calendar).
public enum ChangeCollection: Hashable, Sendable {
    case calendar(CalendarID)
    case tasks(of: UserID)

    /// The kind of the items it holds.
    public var kind: ChangeKind {
        switch self {
        case .calendar: .event
        case .tasks: .task
        }
    }

    /// The calendar's id, or the owner's user id.
    public var id: String {
        switch self {
        case .calendar(let calendar): calendar.rawValue
        case .tasks(let owner): owner.rawValue
        }
    }

    /// The collection holding items of `kind` whose collection id is `id`.
    public init(kind: ChangeKind, id: String) {
        switch kind {
        case .event: self = .calendar(CalendarID(rawValue: id))
        case .task: self = .tasks(of: UserID(rawValue: id))
        }
    }
}

/// One entry of the change log as stored: the latest change of one item in one collection.
public struct ChangeRecord: Sendable, Equatable {
    /// The number of this change; a client at this token has seen it.
    public var token: SyncToken
    public var collection: ChangeCollection
    /// The event's or task's id.
    public var itemID: String
    /// A deletion record (tombstone): the item left the collection (deleted, or moved away).
    public var deleted: Bool
    /// A private or confidential event: busy time without an id to everyone but the owner.
    public var hidden: Bool
    /// The event was public at some point in this collection, so the calendar's other viewers may hold it.
    public var shown: Bool
    /// The event's or task's UID (its CalDAV resource name), kept in deletion records too.
    public var uid: String?

    public init(
        token: SyncToken, collection: ChangeCollection, itemID: String, deleted: Bool, hidden: Bool = false, shown: Bool = false,
        uid: String? = nil
    ) {
        self.uid = uid
        self.token = token
        self.collection = collection
        self.itemID = itemID
        self.deleted = deleted
        self.hidden = hidden
        self.shown = shown
    }
}
