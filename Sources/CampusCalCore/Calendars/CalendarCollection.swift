import Foundation

/// A calendar: a named collection of events that belongs to one user, who may share it (SRS 3.2.21, 3.2.27).
///
/// Called a "collection" (as CalDAV does) so that it never shadows `Foundation.Calendar`.
public struct CalendarCollection: Sendable, Equatable {
    public var id: CalendarID
    public var ownerID: UserID
    public var name: String
    public var description: String?
    /// `#RRGGBB`, how clients draw the calendar's events.
    public var color: String
    /// IANA zone that new events of this calendar default to.
    public var timeZone: String
    public var createdAt: Date
    public var updatedAt: Date
    /// Incremented on every change; the API's `ETag`.
    public var version: Int
    /// Changes whenever any of its events is created, changed or deleted (CalDAV's "CTag"), so
    /// that anything computed from its events can be cached under it and never served stale.
    public var eventsVersion: Int
    /// The study group whose calendar this is (group meetings), nil for a personal calendar. Its
    /// members read it; `ownerID` follows the group's owner.
    public var groupID: GroupID?
    /// The last path segment a CalDAV client chose when it made this calendar (MKCALENDAR at
    /// `/dav/calendars/<username>/<davName>/`), so the calendar stays at the address the client
    /// made it at; unique among its owner's calendars. Nil: its address is its id.
    public var davName: String?
    /// Where the owner's calendar apps sort it (Apple's `calendar-order`); nil: never set.
    public var displayOrder: Int?
    /// How many events it holds (a series counts once), as of when it was read: kept by the store
    /// with every event write, for the bound on a calendar's events.
    public var eventCount: Int
    /// How many shares it has (people and groups), as of when it was read: kept by the store.
    public var shareCount: Int

    /// Whether anyone but its owner sees it: a group's calendar, or one shared with someone.
    public var isShared: Bool { groupID != nil || shareCount > 0 }

    public init(
        id: CalendarID, ownerID: UserID, name: String, description: String?, color: String, timeZone: String, createdAt: Date,
        updatedAt: Date, version: Int, eventsVersion: Int = 0, groupID: GroupID? = nil, davName: String? = nil, displayOrder: Int? = nil,
        eventCount: Int = 0, shareCount: Int = 0
    ) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.description = description
        self.color = color
        self.timeZone = timeZone
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
        self.eventsVersion = eventsVersion
        self.groupID = groupID
        self.davName = davName
        self.displayOrder = displayOrder
        self.eventCount = eventCount
        self.shareCount = shareCount
    }
}
