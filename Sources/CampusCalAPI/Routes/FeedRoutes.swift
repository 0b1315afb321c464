import CampusCalCore
import CampusCalICalendar
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Subscription feeds: a secret URL per calendar that calendar programs poll without logging in.
/// The same secret opens the calendar alone (`calendar.ics`) or combined with its owner's open
/// tasks and assignments as events at their due times (`calendar-and-tasks.ics`), for programs
/// such as Google Calendar and Outlook that show no VTODO from a subscription.
enum FeedRoutes {
    struct FeedRepresentation: Encodable {
        /// The full URL to paste into Google Calendar ("From URL"), Apple Calendar or Outlook.
        var url: String
        var path: String
        /// The same calendar with the owner's open tasks and assignments on their due dates.
        var withTasksUrl: String
        var withTasksPath: String
    }

    static func register(on routes: RouteTable, feeds: CalendarFeeds, events: EventService, tasks: TaskService, publicURL: String?) {
        routes.authenticated(.post, "/api/v1/calendars/{id}/feed") { request, context in
            let token = try await feeds.rotate(CalendarID(rawValue: try context.parameters.require("id")), for: try context.requireCaller().user)
            let path = "/feeds/\(token)/calendar.ics"
            let withTasks = "/feeds/\(token)/calendar-and-tasks.ics"
            let base = baseURL(request, configured: publicURL)
            return try JSONResponse.make(
                FeedRepresentation(url: base + path, path: path, withTasksUrl: base + withTasks, withTasksPath: withTasks), status: .created)
        }

        routes.authenticated(.delete, "/api/v1/calendars/{id}/feed") { _, context in
            try await feeds.revoke(CalendarID(rawValue: try context.parameters.require("id")), for: try context.requireCaller().user)
            return JSONResponse.noContent()
        }

        routes.open(.get, "/feeds/{token}/calendar.ics") { request, context in
            let calendar = try await feedCalendar(feeds, context)
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

        routes.open(.get, "/feeds/{token}/calendar-and-tasks.ics") { request, context in
            let calendar = try await feedCalendar(feeds, context)
            // The owner's own address, like the calendar alone: their open work, whatever its calendar.
            let due = try await tasks.tasks.tasks(ownedBy: calendar.ownerID, .listed(status: .open)).compactMap(\.dueEvent)
            let tag = feedTag(calendar, tasks: due)
            let headers: HTTPFields = [.cacheControl: "private, max-age=300", .eTag: tag]
            if EntityTag.isCurrent(tag, ifNoneMatch: request.headers) { return Response(status: .notModified, headers: headers) }
            let items = try await events.allEventsAsOwner(of: calendar, owner: calendar.ownerID)
            return CalendarFileRoutes.iCalendarResponse(calendar, items, extra: due, now: events.clock.now(), headers: headers)
        }
    }

    /// The calendar a feed's secret opens, or a 404 that tells the subscriber what to do.
    private static func feedCalendar(_ feeds: CalendarFeeds, _ context: APIRequestContext) async throws -> CalendarCollection {
        do {
            return try await feeds.calendar(feedToken: try context.parameters.require("token"))
        } catch CalendarError.notFound {
            throw Problem.notFound("This calendar feed does not exist or was revoked; ask its owner for the current link.")
        }
    }

    /// The combined feed's tag: the calendar's, and what its task events are made from (each one's
    /// UID and SEQUENCE, which is the task's version), folded by FNV-1a so that it is the same in
    /// every process and after a restart, unlike Swift's seeded `Hasher`.
    static func feedTag(_ calendar: CalendarCollection, tasks: [ICalendarEvent]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for event in tasks {
            for byte in "\(event.uid)#\(event.sequence ?? 0);".utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return "W/\"feed\(feedFormat)-\(calendar.version)-\(calendar.eventsVersion)-t\(tasks.count)-\(String(hash, radix: 16))\""
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
