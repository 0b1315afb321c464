import CampusCalCore
import CampusCalDAV
import CampusCalICalendar
import Foundation
import HTTPTypes
import Hummingbird

/// CalDAV for events (issue #29): discovery, PROPFIND, REPORT, GET/PUT/DELETE of `.ics`
/// resources, through the same services as the REST API — `CalendarService` and `EventService`
/// decide access, store, plan reminders, tell plugins and invitees — so a change here is a change there.
///
/// Every request but OPTIONS authenticates with HTTP Basic: the username and one of the person's
/// app passwords (`AppPasswordService`). A route parses, calls one service method, renders.
struct DAVRoutes: Sendable {
    let appPasswords: AppPasswordService
    let calendars: CalendarService
    let events: EventService
    /// The largest body read: XML requests and `.ics` resources alike (CALDAV:max-resource-size).
    let maximumBodyBytes: Int
    /// Events' calendar data, kept per version for multigets and syncs.
    var calendarData = CalendarDataCache()
    /// What sync-collection reads (`ChangeFeed.log`); nil: the report is refused as unsupported.
    var changeLog: (any ChangeLogStore)? = nil
    /// The task calendar's tasks (`DAVRoutes+Tasks.swift`); nil: there is no task calendar.
    var tasks: TaskService? = nil
    /// Invitations through CalDAV (`DAVRoutes+Scheduling`); nil: no scheduling.
    var scheduling: DAVScheduling? = nil

    func handle(_ request: Request, context: APIRequestContext) async throws -> Response {
        if request.method == .options {
            return optionsResponse()
        }
        guard let path = DAVPath(requestPath: request.uri.path) else {
            throw DAVRefusal(status: .notFound, message: "Nothing is at this address; CalDAV starts at /dav/.")
        }
        let user = try await authenticate(request, context: context)
        // Another person's tree looks exactly like one that does not exist.
        if let owner = path.username, owner != user.username {
            throw DAVRefusal(status: .notFound, message: "Nothing is at this address, or you may not see it.")
        }
        // Calendars a CalDAV client made are at the names it chose: read once, used by every href.
        let addresses = path.isInCalendarHome ? DAVAddresses(names: try await calendars.davNames(ownedBy: user)) : DAVAddresses()
        let byReference = request.headers[DAVProperties.timeZonesHeader]?.trimmingHTTPWhitespace.uppercased() == "F"
        return try await DAVAddresses.$current.withValue(addresses) {
            try await DAVProperties.$timeZonesByReference.withValue(byReference) {
                try await dispatch(request, at: path, resolved: path.resolved(addresses), for: user)
            }
        }
    }

    /// `path` as the request wrote it (MKCALENDAR makes what it names); `resolved`, its calendar
    /// segment read as the calendar it names, for everything else.
    private func dispatch(_ request: Request, at written: DAVPath, resolved path: DAVPath, for user: User) async throws -> Response {
        // The task calendar (`tasks`) has routes of its own; no calendar can be made at its address.
        if let tasks, let taskPath = DAVTaskPath(path) { return try await handleTasks(taskPath, tasks, request: request, for: user) }
        if let answer = try await invitationsRoute(path, request, for: user) { return answer }
        switch request.method.rawValue {
        case "MKCALENDAR", "MKCOL":
            return try await makeCalendar(written, body: try await body(request), extended: request.method.rawValue == "MKCOL", for: user)
        case "PROPPATCH": return try await proppatch(path, body: try await body(request), for: user)
        case "PROPFIND": return try await propfind(path, depth: request.headers[DAVReply.depth], body: try await body(request), for: user)
        case "REPORT": return try await report(path, body: try await body(request), for: user)
        case "GET", "HEAD": return try await get(path, for: user, headOnly: request.method == .head)
        case "PUT": return try await put(path, request: request, for: user)
        case "DELETE": return try await delete(path, request: request, for: user)
        default:
            throw DAVRefusal(
                status: .methodNotAllowed, message: "\(request.method.rawValue) is not supported here; see the Allow header.",
                headers: [.allow: DAVReply.allowed])
        }
    }

    // MARK: Authentication and bodies

    func authenticate(_ request: Request, context: APIRequestContext) async throws -> User {
        guard let header = request.headers[.authorization], header.prefix(6).lowercased() == "basic ",  // the scheme only, not the credentials
            let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmingHTTPWhitespace),
            let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { throw AccountError.missingToken }
        return try await appPasswords.authenticate(
            username: String(text[..<colon]), secret: String(text[text.index(after: colon)...]), from: LoginSource(address: context.remoteIP))
    }

    func body(_ request: Request) async throws -> [UInt8] {
        do {
            return Array(try await request.body.collect(upTo: maximumBodyBytes).readableBytesView)
        } catch {
            throw DAVXMLError.tooLarge(maximumBytes: maximumBodyBytes)
        }
    }

    // MARK: PROPFIND

    func propfind(_ path: DAVPath, depth: String?, body: [UInt8], for user: User) async throws -> Response {
        let request = try PropfindRequest(body: body)
        // `infinity` (or no Depth) is answered as 1: the tree is never deeper below a collection.
        let deep = depth?.trimmingHTTPWhitespace != "0"
        let syncToken = try await currentSyncToken(ifAskedBy: request)
        func calendarProperties(_ accessible: AccessibleCalendar) -> [DAVElement] {
            self.calendarProperties(accessible, for: user, syncToken: syncToken)
        }
        var responses: [Multistatus.Response] = []
        func add(_ path: DAVPath, _ available: [DAVElement]) {
            responses.append(DAVProperties.response(href: path.href, available: available, request: request))
        }
        switch path {
        case .root:
            add(path, DAVProperties.root(for: user))
        case .principal:
            add(path, DAVProperties.principal(user) + schedulingPrincipalProperties(for: user))
        case .home(let username):
            add(path, DAVProperties.home(for: user))
            if deep {
                for accessible in try await calendars.all(for: user) {
                    add(.calendar(username: username, accessible.calendar.id), calendarProperties(accessible))
                }
                if let tasks { add(DAVTaskPath.collection(username: username).path, try await taskCalendarProperties(tasks, for: user)) }
                if scheduling != nil { add(.calendar(username: username, Self.invitationsID), Self.invitationsProperties(for: user)) }
            }
        case .calendar(let username, let id):
            let accessible = try await calendars.access(id, for: user, to: .seeFreeBusy)
            // A free-busy share answers free-busy-query only: its collection, never its events.
            if deep && accessible.access >= .read {
                let (accessible, resources) = try await events.resources(in: id, for: user)
                let listing = eventResponses(request, in: path, accessible)
                var writer = MultistatusWriter(capacity: 320 * resources.events.count + 2048)
                writer.add(DAVProperties.response(href: path.href, available: calendarProperties(accessible), request: request))
                // By index: each event is read where it is kept, not copied out first.
                for index in resources.events.indices { listing.add(resources.events[index], to: &writer) }
                return DAVReply.multistatus(body: writer.finish())
            } else {
                add(path, calendarProperties(accessible))
            }
        case .event(_, let id, let uid):
            add(path, DAVProperties.event(try await events.resource(uid: uid, in: id, for: user), withData: DAVProperties.wantsData(request)))
        }
        return DAVReply.multistatus(responses)
    }

    /// A calendar's properties as the caller stands with it: a free-busy share's say nothing of its events.
    func calendarProperties(_ accessible: AccessibleCalendar, for user: User, syncToken: String? = nil) -> [DAVElement] {
        let properties = DAVProperties.calendar(accessible, for: user, maximumResourceSize: maximumBodyBytes, syncToken: syncToken)
        return accessible.access < .read ? Self.freeBusyCalendarProperties(properties) : properties
    }

    // MARK: REPORT

    func report(_ path: DAVPath, body: [UInt8], for user: User) async throws -> Response {
        if let answer = try await principalReport(path, body: body, for: user) { return answer }
        guard case .calendar(let username, let id) = path else {
            throw DAVRefusal(status: .forbidden, condition: .dav("supported-report"), message: "Reports are made on a calendar collection.")
        }
        let report = try CalendarReport(body: body)
        switch report {
        case .multiget(let names, let hrefs, let expand):
            let (accessible, resources) = try await events.resources(in: id, for: user)
            let answers = eventResponses(Self.propertyRequest(names), in: path, accessible, expand: expand)
            var writer = MultistatusWriter(capacity: (answers.wantsData ? 1024 : 320) * hrefs.count + 512)
            for href in hrefs {
                if let uid = answers.uid(inHref: href, username: username, calendar: id), let position = resources.position(ofUID: uid) {
                    answers.add(resources.events[position], href: href, to: &writer)
                } else {
                    writer.add(Multistatus.Response(href: href, status: 404))
                }
            }
            return DAVReply.multistatus(body: writer.finish())
        case .syncCollection(let names, let token, let limit):
            return try await syncCollection(username, id, names: names, token: token, limit: limit, for: user)
        case .freeBusy(let range):
            return try await freeBusyQuery(id, range: range, for: user)
        case .query(let names, let filter, let expand):
            // An event calendar holds VEVENTs only: a filter that needs any other component matches nothing.
            if !filter.asksOnlyFor("VEVENT") { return DAVReply.multistatus([]) }
            let range = filter.timeRange(of: "VEVENT").map { (start: $0.start, end: $0.end) }
            // Matched against what this caller may see: a share's private event is busy time, so its
            // title and notes cannot be found by searching for them.
            let (accessible, candidates) = try await events.resources(in: id, for: user, overlapping: range)
            let answers = eventResponses(Self.propertyRequest(names), in: path, accessible, expand: expand)
            var writer = MultistatusWriter(capacity: (answers.wantsData ? 1024 : 320) * candidates.count + 512)
            for event in candidates where filter.matches(events: event.iCalendarEvents) { answers.add(event, to: &writer) }
            return DAVReply.multistatus(body: writer.finish())
        }
    }

    static func propertyRequest(_ names: [DAVName]) -> PropfindRequest { names.isEmpty ? .allProperties : .properties(names) }

    /// How this request's events are answered in `calendar` (a calendar path), seen as the caller may.
    func eventResponses(
        _ request: PropfindRequest, in calendar: DAVPath, _ accessible: AccessibleCalendar, expand: CalendarReport.TimeRange? = nil
    ) -> DAVEventResponses {
        DAVEventResponses(request, collection: calendar, view: CalendarEventView(accessible.access), expand: expand, calendarData: calendarData)
    }

    // MARK: GET, PUT, DELETE

    func get(_ path: DAVPath, for user: User, headOnly: Bool) async throws -> Response {
        guard case .event(_, let id, let uid) = path else {
            throw DAVRefusal(
                status: .methodNotAllowed, message: "Collections have no body to GET here; PROPFIND them, or GET one of their .ics resources.",
                headers: [.allow: "OPTIONS, PROPFIND, REPORT, DELETE"])
        }
        let event = try await events.resource(uid: uid, in: id, for: user)
        return DAVReply.resource(
            DAVProperties.calendarData(event), contentType: DAVProperties.eventContentType, etag: DAVProperties.etag(event),
            lastModified: DAVProperties.httpDate(event.updatedAt), headOnly: headOnly)
    }

    func put(_ path: DAVPath, request: Request, for user: User) async throws -> Response {
        guard case .event(let username, let id, let uid) = path else {
            throw DAVRefusal(
                status: .methodNotAllowed, message: "PUT an event as <UID>.ics inside a calendar; make calendars with MKCALENDAR.",
                headers: [.allow: "OPTIONS, PROPFIND, REPORT, DELETE"])
        }
        let file = try await calendarFile(request)
        if file.events.isEmpty {
            if !file.todos.isEmpty {
                throw EventResourceError.unsupportedComponent("This server stores events (VEVENT) only; tasks over CalDAV are not supported yet.")
            }
            // A VEVENT the reader could not take (no DTSTART, a bad date) is reported among its issues.
            let issues = file.issues.prefix(3).map(\.message).joined(separator: " ")
            throw EventResourceError.invalidCalendarData(issues.isEmpty ? "it holds no VEVENT." : issues)
        }
        let expecting = DAVProperties.expectation(ifMatch: request.headers[.ifMatch], ifNoneMatch: request.headers[.ifNoneMatch])
        do {
            let (event, created) = try await events.putResource(file.events, named: uid, in: id, for: user, expecting: expecting)
            try await scheduleAttendees(file.events, of: event, for: user)
            return DAVReply.empty(created ? .created : .noContent, headers: [.eTag: DAVProperties.etag(event)])
        } catch EventResourceError.uidConflict(let other) {
            return DAVReply.error(
                .conflict, DAVElement(.calDAV("no-uid-conflict"), children: [DAVProperties.href(.event(username: username, id, uid: other))]),
                "Another resource of this calendar holds UID \(other.prefix(80)).")
        }
    }

    func delete(_ path: DAVPath, request: Request, for user: User) async throws -> Response {
        let expecting = DAVProperties.expectation(ifMatch: request.headers[.ifMatch], ifNoneMatch: request.headers[.ifNoneMatch])
        switch path {
        case .event(_, let id, let uid):
            try await events.deleteResource(named: uid, in: id, for: user, expecting: expecting)
        case .calendar(_, let id):
            try await calendars.delete(id, for: user, expectedVersion: nil)
        default:
            throw DAVRefusal(status: .forbidden, condition: .dav("need-privileges"), message: "Only calendars and their events can be deleted.")
        }
        return DAVReply.empty(.noContent)
    }
}
