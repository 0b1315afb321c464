import CampusCalCore
import CampusCalICalendar
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Subscription feeds: a secret URL per calendar that calendar programs poll without logging in.
enum FeedRoutes {
    struct FeedRepresentation: Encodable {
        /// The full URL to paste into Google Calendar ("From URL"), Apple Calendar or Outlook.
        var url: String
        var path: String
    }

    static func register(on routes: RouteTable, feeds: CalendarFeeds, events: EventService, publicURL: String?) {
        routes.authenticated(.post, "/api/v1/calendars/{id}/feed") { request, context in
            let token = try await feeds.rotate(CalendarID(rawValue: try context.parameters.require("id")), for: try context.requireCaller().user)
            let path = "/feeds/\(token)/calendar.ics"
            return try JSONResponse.make(
                FeedRepresentation(url: baseURL(request, configured: publicURL) + path, path: path), status: .created)
        }

        routes.authenticated(.delete, "/api/v1/calendars/{id}/feed") { _, context in
            try await feeds.revoke(CalendarID(rawValue: try context.parameters.require("id")), for: try context.requireCaller().user)
            return JSONResponse.noContent()
        }

        routes.open(.get, "/feeds/{token}/calendar.ics") { request, context in
            let calendar: CalendarCollection
            do {
                calendar = try await feeds.calendar(feedToken: try context.parameters.require("token"))
            } catch CalendarError.notFound {
                throw Problem.notFound("This calendar feed does not exist or was revoked; ask its owner for the current link.")
            }
            // Subscribers poll: let them cache briefly, but never in shared caches (the URL is the secret).
            let tag = feedTag(calendar)
            let headers: HTTPFields = [.cacheControl: "private, max-age=300", .eTag: tag]
            // Calendar programs poll every few minutes and most polls find nothing new: those get
            // 304 and no body, without reading or rendering a single event.
            if EntityTag.isCurrent(tag, ifNoneMatch: request.headers) { return Response(status: .notModified, headers: headers) }
            // The feed is the owner's own address: only the owner makes it (`CalendarAction.manageFeed`),
            // and it ends when the calendar changes hands (`CalendarFeeds`), so it carries the owner's
            // full view, private events included — as a calendar program signed in as them would.
            let items = try await events.allEventsAsOwner(of: calendar, owner: calendar.ownerID)
            return CalendarFileRoutes.iCalendarResponse(calendar, items, now: events.clock.now(), headers: headers)
        }
    }

    /// The feed's entity tag: what its text is made from — the calendar (`version`: its name, zone)
    /// and its events (`eventsVersion`, bumped by a trigger on every event write) — and the
    /// rendering (`feedFormat`). Weak, because each answer stamps `DTSTAMP` with the time it was
    /// made: two answers under one tag mean the same, not byte for byte.
    static func feedTag(_ calendar: CalendarCollection) -> String {
        "W/\"feed\(feedFormat)-\(calendar.version)-\(calendar.eventsVersion)\""
    }

    /// Raise when the iCalendar rendering of feeds changes, so subscribed clients fetch it anew.
    static let feedFormat = 1

    /// `server.public_url` when configured (a deployment behind a proxy), else this request's host.
    static func baseURL(_ request: Request, configured: String?) -> String {
        if let configured, !configured.isEmpty { return configured.hasSuffix("/") ? String(configured.dropLast()) : configured }
        let host = request.head.authority ?? "localhost"
        return "http://\(host)"
    }
}
