import Foundation

/// Secret subscription URLs for calendars (SRS 3.2.47–3.2.49): Google Calendar, Apple Calendar and
/// Outlook poll such a URL without logging in, so the token in it is the only key.
///
/// A calendar has at most one feed token: making a new one revokes the old one. Only the token's
/// hash is stored, as for session tokens.
public struct CalendarFeeds: Sendable {
    public let calendars: CalendarService
    public let tokens: any TokenIssuing

    public init(calendars: CalendarService, tokens: any TokenIssuing) {
        self.calendars = calendars
        self.tokens = tokens
    }

    /// A new secret feed token for one of the caller's calendars; the previous one stops working.
    public func rotate(_ id: CalendarID, for caller: User) async throws -> String {
        _ = try await calendars.calendar(id, for: caller, to: .manageFeed)
        let issued = tokens.issue()
        try await calendars.calendars.setFeedTokenHash(issued.hash, for: id, at: calendars.clock.now())
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
