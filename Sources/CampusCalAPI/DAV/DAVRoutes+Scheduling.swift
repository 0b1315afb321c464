import CampusCalCore
import CampusCalDAV
import CampusCalICalendar
import Foundation
import HTTPTypes
import Hummingbird

/// What scheduling needs beyond the calendar routes: the invitations, and confirmed addresses to
/// find the accounts an ATTENDEE's `mailto:` names.
struct DAVScheduling: Sendable {
    let invitations: InvitationService
    let addresses: any AccountRecoveryStore
}

/// RFC 6638 scheduling between CampusCal users, mapped onto invitations (issue #29, docs/CALDAV.md).
///
/// - Organiser: after a PUT stores an event, its ATTENDEEs that are CampusCal accounts — a
///   *confirmed* email (`mailto:`) or a principal URL — are invited through `InvitationService`,
///   as `POST /api/v1/invitations` would. Attendees are not stored on the event (the model has none).
/// - Invitee: invited events are not in their calendars, so they are a collection of their own,
///   `/dav/calendars/<user>/invitations/`, each as the invitee may see it with `ORGANIZER` and their
///   own `ATTENDEE;PARTSTAT`. A PUT changing that PARTSTAT answers (ACCEPTED, DECLINED, TENTATIVE);
///   a DELETE declines; nothing else in the PUT is read — an invitee does not change the event.
extension DAVRoutes {
    /// The invitee's collection; calendar ids are UUIDs, so no calendar can have this one.
    static let invitationsID = CalendarID(rawValue: "invitations")

    /// OPTIONS: RFC 6638's `calendar-auto-schedule` joins the DAV classes when invitations are served.
    func optionsResponse() -> Response {
        var headers: HTTPFields = [.allow: DAVReply.allowed]
        if scheduling != nil { headers[DAVReply.dav] = DAVReply.compliance + ", calendar-auto-schedule" }
        var response = DAVReply.empty(.ok)
        for field in headers { response.headers[field.name] = field.value }
        return response
    }

    // MARK: Organiser

    /// Invites the CampusCal accounts among the ATTENDEEs of a stored event.
    func scheduleAttendees(_ vevents: [ICalendarEvent], of event: CalendarEvent, for user: User) async throws {
        guard let scheduling else { return }
        let addresses = Set(vevents.flatMap(\.attendees).map { $0.value.trimmingCharacters(in: .whitespaces) })
        var people: [UserID] = []
        for address in addresses.sorted().prefix(InvitationService.maximumRecipients) {
            people += try await accounts(at: address, scheduling)
        }
        _ = try await scheduling.invitations.inviteAttendees(people, to: event.id, for: user)
    }

    /// The accounts a calendar user address names: a confirmed email, or a principal URL.
    func accounts(at address: String, _ scheduling: DAVScheduling) async throws -> [UserID] {
        if address.lowercased().hasPrefix("mailto:") {
            let email = String(address.dropFirst("mailto:".count))
            return email.isEmpty ? [] : try await scheduling.addresses.users(confirmed: email, channel: .email)
        }
        guard case .principal(let username) = DAVPath(requestPath: DAVPath.path(ofHref: address)),
            let user = try await scheduling.invitations.users.credentials(username: username)?.user
        else { return [] }
        return [user.id]
    }

    // MARK: Invitee

    /// Answers requests to the invitations collection and its resources; nil for any other path.
    func invitationsRoute(_ path: DAVPath, _ request: Request, for user: User) async throws -> Response? {
        guard let scheduling else { return nil }
        switch path {
        case .calendar(let username, Self.invitationsID):
            switch request.method.rawValue {
            case "PROPFIND":
                let deep = request.headers[DAVReply.depth]?.trimmingHTTPWhitespace != "0"
                let propfind = try PropfindRequest(body: try await body(request))
                let invited = deep ? try await scheduling.invitations.invitedEvents(for: user) : []
                return DAVReply.multistatus(
                    [DAVProperties.response(href: path.href, available: Self.invitationsProperties(for: user), request: propfind)]
                        + invitedResponses(invited, username, propfind, for: user))
            case "REPORT":
                return try await invitationsReport(username, try CalendarReport(body: try await body(request)), for: user, scheduling)
            default:
                throw DAVRefusal(
                    status: .methodNotAllowed, message: "Invitations are read with PROPFIND, REPORT and GET and answered with PUT or DELETE of each.",
                    headers: [.allow: "OPTIONS, PROPFIND, REPORT"])
            }
        case .calendar(_, Self.outboxID):
            return try await outboxRoute(path, request, for: user, scheduling)
        case .event(_, Self.invitationsID, let uid):
            return try await invitedResource(uid, request, for: user, scheduling)
        default:
            return nil
        }
    }

    func invitedResponses(_ invited: [InvitationService.InvitedEvent], _ username: String, _ request: PropfindRequest, for user: User)
        -> [Multistatus.Response]
    {
        invited.map { invited in
            let href = DAVPath.event(username: username, Self.invitationsID, uid: invited.event.uid).href
            return DAVProperties.response(href: href, available: invitedProperties(invited, for: user), request: request)
        }
    }

    /// calendar-multiget and calendar-query (its time range matched on occurrences, as in a
    /// calendar); sync-collection and free-busy-query are not made here.
    func invitationsReport(_ username: String, _ report: CalendarReport, for user: User, _ scheduling: DAVScheduling) async throws -> Response {
        let invited = try await scheduling.invitations.invitedEvents(for: user)
        switch report {
        case .multiget(let names, let hrefs, _):
            let byUID = Dictionary(invited.map { ($0.event.uid, $0) }, uniquingKeysWith: { first, _ in first })
            return DAVReply.multistatus(
                hrefs.map { href in
                    guard case .event(username, Self.invitationsID, let uid) = DAVPath(requestPath: DAVPath.path(ofHref: href)),
                        let found = byUID[uid]
                    else { return Multistatus.Response(href: href, status: 404) }
                    return DAVProperties.response(href: href, available: invitedProperties(found, for: user), request: Self.propertyRequest(names))
                })
        case .query(let names, let filter, _):
            if !filter.asksOnlyFor("VEVENT") { return DAVReply.multistatus([]) }
            let range = filter.timeRange(of: "VEVENT")
            // Open ends as the widest instants the calendar engine writes (years 1900 and 9999), as in a calendar.
            let from = range?.start ?? Date(timeIntervalSince1970: -2_208_988_800)
            let to = range?.end ?? Date(timeIntervalSince1970: 253_402_300_799)
            let matching = invited.filter {
                (range == nil || !$0.event.occurrences(from: from, to: to, viewerTimeZone: .gmt, limit: 1).isEmpty)
                    && filter.matches(events: $0.event.iCalendarEvents)
            }
            return DAVReply.multistatus(invitedResponses(matching, username, Self.propertyRequest(names), for: user))
        case .syncCollection, .freeBusy:
            throw DAVRefusal(
                status: .forbidden, condition: .dav("supported-report"), message: "Invitations answer calendar-multiget and calendar-query.")
        }
    }

    func invitedResource(_ uid: String, _ request: Request, for user: User, _ scheduling: DAVScheduling) async throws -> Response {
        switch request.method.rawValue {
        case "PUT":
            let bytes = try await body(request)
            let reading = events.importReadingLimits
            let file = await OffTheEventLoop.run { ICalendarImport(bytes: bytes, limits: reading) }
            guard let answer = Self.participation(in: file.events, of: user) else {
                throw EventResourceError.invalidCalendarData("it holds no ATTENDEE for you with PARTSTAT ACCEPTED, DECLINED or TENTATIVE.")
            }
            try await answerInvitation(uid, answer, for: user, scheduling)
        case "DELETE":
            try await answerInvitation(uid, .declined, for: user, scheduling)
        default:
            break
        }
        guard let invited = try await scheduling.invitations.invitedEvents(for: user).first(where: { $0.event.uid == uid }) else {
            throw EventError.notFound
        }
        switch request.method.rawValue {
        case "PUT": return DAVReply.empty(.noContent, headers: [.eTag: Self.invitedETag(invited)])
        case "DELETE": return DAVReply.empty(.noContent)
        case "GET", "HEAD":
            let text = invitedCalendarData(invited, for: user)
            var headers: HTTPFields = [
                .contentType: DAVProperties.eventContentType, .eTag: Self.invitedETag(invited), DAVReply.dav: DAVReply.compliance,
            ]
            headers[.contentLength] = String(text.utf8.count)
            return Response(status: .ok, headers: headers, body: request.method == .head ? .init() : .init(byteBuffer: ByteBuffer(string: text)))
        case "PROPFIND":
            let propfind = try PropfindRequest(body: try await body(request))
            let href = DAVPath.event(username: user.username, Self.invitationsID, uid: uid).href
            return DAVReply.multistatus([DAVProperties.response(href: href, available: invitedProperties(invited, for: user), request: propfind)])
        default:
            throw DAVRefusal(
                status: .methodNotAllowed, message: "An invitation is read with GET and answered with PUT (your PARTSTAT) or DELETE (declined).",
                headers: [.allow: "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND"])
        }
    }

    func answerInvitation(_ uid: String, _ answer: InvitationResponse, for user: User, _ scheduling: DAVScheduling) async throws {
        do {
            try await scheduling.invitations.respond(toEventNamed: uid, response: answer, for: user)
        } catch InvitationError.notFound, InvitationError.cancelled {
            throw EventError.notFound
        }
    }

    /// The caller's PARTSTAT in a PUT of their copy: the ATTENDEE that is their address (or the
    /// only one); NEEDS-ACTION and anything else are not answers.
    static func participation(in vevents: [ICalendarEvent], of user: User) -> InvitationResponse? {
        let mine = Set(calendarUserAddresses(user).map { $0.lowercased() })
        let attendees = vevents.first?.attendees ?? []
        let attendee = attendees.first { mine.contains($0.value.lowercased()) } ?? (attendees.count == 1 ? attendees.first : nil)
        switch attendee?.parameters.first(where: { $0.name.uppercased() == "PARTSTAT" })?.value.uppercased() {
        case "ACCEPTED": return .accepted
        case "DECLINED": return .declined
        case "TENTATIVE": return .tentative
        default: return nil
        }
    }

    /// How the caller is named as a calendar user: their email when they have one, and their principal.
    static func calendarUserAddresses(_ user: User) -> [String] {
        var addresses = [DAVPath.principal(username: user.username).href]
        if let email = user.email, !email.isEmpty { addresses.insert("mailto:" + email, at: 0) }
        return addresses
    }

    static func partstat(_ response: InvitationResponse) -> String {
        switch response {
        case .pending: "NEEDS-ACTION"
        case .accepted: "ACCEPTED"
        case .declined: "DECLINED"
        case .tentative: "TENTATIVE"
        }
    }

    /// Changes with the event and with the caller's answer (an answer does not change the event's version).
    static func invitedETag(_ invited: InvitationService.InvitedEvent) -> String {
        "\"\(invited.event.id.rawValue)-\(invited.event.version)-\(invited.response.rawValue)\""
    }

    /// The invited event with its organiser (by principal, not their email) and the caller as its attendee.
    func invitedCalendarData(_ invited: InvitationService.InvitedEvent, for user: User) -> String {
        let organizer = invited.organizer.map { organizer in
            ICalendarProperty(
                name: "ORGANIZER", parameters: [ICalendarParameter(name: "CN", value: organizer.displayName)],
                value: DAVPath.principal(username: organizer.username).href)
        }
        let attendee = ICalendarProperty(
            name: "ATTENDEE",
            parameters: [
                ICalendarParameter(name: "CN", value: user.displayName), ICalendarParameter(name: "PARTSTAT", value: Self.partstat(invited.response)),
            ], value: Self.calendarUserAddresses(user)[0])
        let vevents = invited.event.iCalendarEvents.map { vevent in
            var vevent = vevent
            vevent.organizer = organizer
            vevent.attendees = [attendee]
            return vevent
        }
        return ICalendarExport.text(events: vevents, timestamp: invited.event.updatedAt)
    }

    func invitedProperties(_ invited: InvitationService.InvitedEvent, for user: User) -> [DAVElement] {
        [
            DAVElement(.dav("resourcetype")),
            DAVElement(.dav("getetag"), text: Self.invitedETag(invited)),
            DAVElement(.dav("getcontenttype"), text: DAVProperties.eventContentType),
            DAVElement(.calDAV("calendar-data"), text: invitedCalendarData(invited, for: user)),
        ]
    }

    /// The collection: a calendar the invitee reads and answers in (write-content: their PARTSTAT).
    static func invitationsProperties(for user: User) -> [DAVElement] {
        let privileges: [DAVName] = [.calDAV("read-free-busy"), .dav("read"), .dav("write-content")]
        return [
            DAVElement(.dav("resourcetype"), children: [DAVElement(.dav("collection")), DAVElement(.calDAV("calendar"))]),
            DAVElement(.dav("displayname"), text: "Invitations"),
            DAVElement(.calDAV("supported-calendar-component-set"), children: [DAVElement(.calDAV("comp"), attributes: ["name": "VEVENT"])]),
            // No sync-collection: a client lists the collection again (it holds open invitations only).
            DAVElement(
                .dav("supported-report-set"),
                children: [DAVName.calDAV("calendar-multiget"), .calDAV("calendar-query")].map { report in
                    DAVElement(.dav("supported-report"), children: [DAVElement(.dav("report"), children: [DAVElement(report)])])
                }),
            DAVElement(.dav("current-user-privilege-set"), children: privileges.map { DAVElement(.dav("privilege"), children: [DAVElement($0)]) }),
        ] + DAVProperties.common(for: user)
    }
}
