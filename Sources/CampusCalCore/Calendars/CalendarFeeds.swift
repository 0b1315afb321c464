import CampusCalICalendar
import Foundation

/// Secret subscription URLs for calendars (SRS 3.2.47–3.2.49): Google Calendar, Apple Calendar and
/// Outlook poll such a URL without logging in, so the token in it is the only key.
///
/// A calendar has at most one feed token: making a new one revokes the old one. Only the token's
/// hash is stored, as for session tokens.
///
/// A feed is its owner's own address and hands out their full view of the calendar, private events
/// included (`FeedRoutes`). So only the owner makes one (`CalendarAction.manageFeed`), and it ends
/// when the calendar changes hands: a group's calendar loses its feed in the same transaction that
/// hands the group over (`SQLiteGroupStore.handOver`, also on account deletion), which is the only
/// way a calendar's owner changes (review L1). The feed row does not record who made it, so the
/// lookup cannot check that separately; the hand-over keeps "made by the current owner" true.
public struct CalendarFeeds: Sendable {
    public let calendars: CalendarService
    public let tokens: any TokenIssuing
    /// Which of an owner's calendars have a feed; nil when the store cannot say (no feed quota then).
    public let feedIndex: (any CalendarFeedIndex)?
    /// Feeds one person's calendars may have (`limits.max_feeds_per_user`), checked when a calendar gets its first.
    public let quota: Quota

    /// - Parameter feedIndex: defaults to the calendar store, when it is one (SQLite's is).
    public init(
        calendars: CalendarService, tokens: any TokenIssuing, feedIndex: (any CalendarFeedIndex)? = nil, limits: ResourceLimits = .standard
    ) {
        self.calendars = calendars
        self.tokens = tokens
        self.feedIndex = feedIndex ?? (calendars.calendars as? any CalendarFeedIndex)
        self.quota = Quota(.feeds, limit: limits.maximumFeedsPerUser)
    }

    /// A new secret feed token for one of the caller's calendars; the previous one stops working.
    /// A calendar's first feed counts towards its owner's `quota` (a new token for a calendar that
    /// has a feed replaces it, and is never refused).
    public func rotate(_ id: CalendarID, for caller: User) async throws -> String {
        let calendar = try await calendars.calendar(id, for: caller, to: .manageFeed)
        let issued = tokens.issue()
        try await quota.admitting(
            calendar.ownerID,
            count: {
                guard let withFeeds = try await feedIndex?.calendarsWithFeeds(ownedBy: calendar.ownerID) else { return nil }
                return withFeeds.contains(id) ? nil : withFeeds.count
            },
            make: { try await calendars.calendars.setFeedTokenHash(issued.hash, for: id, at: calendars.clock.now()) })
        return issued.token
    }

    /// Revokes the calendar's feed: its URL stops working.
    public func revoke(_ id: CalendarID, for caller: User) async throws {
        _ = try await calendars.calendar(id, for: caller, to: .manageFeed)
        try await calendars.calendars.setFeedTokenHash(nil, for: id, at: calendars.clock.now())
    }

    /// The calendar a presented feed token opens, or `CalendarError.notFound`.
    public func calendar(feedToken: String) async throws -> CalendarCollection {
        guard !feedToken.isEmpty, feedToken.count <= 200, let calendar = try await calendars.calendars.calendar(feedTokenHash: tokens.hash(feedToken))
        else { throw CalendarError.notFound }
        return calendar
    }
}

/// Which of an owner's calendars have a subscription feed: what the feed quota counts. A port
/// beside `CalendarStore` (which the SQLite calendar store also implements), so that stores
/// without it still work, only without the feed quota.
public protocol CalendarFeedIndex: Sendable {
    func calendarsWithFeeds(ownedBy owner: UserID) async throws -> Set<CalendarID>
}
