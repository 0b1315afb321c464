import CampusCalAPI
import CampusCalCore
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

/// What each viewer SEES of an event (security review 2026-11: H2, M5, L1, I1): every endpoint that
/// hands out event data, for a public, a private and a confidential series, asked by the owner and
/// by everyone else who can stand with the calendar (manage, write, read, free-busy, a member of
/// the group whose calendar it is, an invitee) or cannot (a stranger, an administrator). Nobody but
/// the owner ever gets a private title, description, place or UID in any body, and busy time never
/// carries an id that leads to the event. `everyEndpointThatReturnsEventsIsInTheMatrix` fails when
/// an endpoint that returns events is added without being asked here.
@Suite("Who sees what of an event: the visibility matrix")
struct VisibilityMatrixTests {
    enum Viewer: String, CaseIterable {
        case owner, manage, write, read
        case freeBusy = "freebusy"
        case member, invitee, stranger, admin
    }

    static let window = "from=2026-12-01&to=2027-01-01&tz=America/Denver"

    /// The words of the private and the confidential series (and their UIDs, which can say as much).
    static let secrets = [
        "PrivTitle-Therapy", "PrivDesc-anxiety", "PrivLoc-Counseling", "privuid-clinic", "ConfTitle-Hearing", "ConfDesc-panel",
        "ConfLoc-Dean", "confuid-dean",
    ]

    /// The GET endpoints (as the catalogue names them) that return events, occurrences or what they
    /// are made of, each asked of every viewer by `everyViewerSeesOnlyWhatTheyMay`.
    static let asked: Set<String> = [
        "/api/v1/calendars/{id}/events", "/api/v1/agenda", "/api/v1/events/{id}", "/api/v1/events/{id}/occurrences/{occurrenceId}",
        "/api/v1/calendars/{id}/export.ics", "/api/v1/calendars/{id}/export", "/api/v1/groups/{id}/free-busy", "/api/v1/invitations",
        "/api/v1/invitations/sent", "/api/v1/invitations/{id}", "/api/v1/invitations/agenda", "/api/v1/agenda/summary", "/api/v1/agenda/next",
        "/api/v1/me/export", "/feeds/{token}/calendar.ics", "/feeds/{token}/calendar-and-tasks.ics", "/api/v1/changes",
    ]

    /// Endpoints the guard's patterns match that hand out no one else's event, and why.
    static let exempt: [String: String] = [
        // Group invitations are to groups, not events.
        "/api/v1/group-invitations": "group invitations name a group, never an event",
        // FERPA: an administrator's export of a person's records needs a reason and is logged (PersonalDataExportTests).
        "/api/v1/admin/users/{id}/export": "an administrator's logged FERPA export of the person's own records",
        // The caller's own tasks as VTODOs; no event of anyone's (TaskFeedTests).
        "/api/v1/tasks/export.ics": "the caller's own tasks, never an event",
    ]

    struct World {
        var tokens: [Viewer: String]
        var users: [Viewer: User]
        var calendar: String
        var group: String
        /// Event ids by classification, and an occurrence id of each.
        var events: [String: String]
        var occurrences: [String: String]
        var invitation: String
        var feed: String
    }

    /// The group's meetings calendar (so its members read it) with a weekly public, private and
    /// confidential series, shared at every level; `write` invites `invitee` to the public series.
    func world(_ server: TestServer, _ api: APIClient) async throws -> World {
        var users: [Viewer: User] = [:]
        var tokens: [Viewer: String] = [:]
        for viewer in Viewer.allCases {
            users[viewer] = try await server.createUser(viewer.rawValue, role: viewer == .admin ? .admin : .student)
            tokens[viewer] = try await api.token(viewer.rawValue)
        }
        let owner = tokens[.owner]!
        let group = try #require(try await api.request(.post, "/api/v1/groups", token: owner, json: ["name": "Study"]).string("id"))
        let invited = try await api.request(.post, "/api/v1/groups/\(group)/invitations", token: owner, json: ["usernames": ["member"]])
        let groupInvitation = try #require((invited.json["results"] as? [[String: Any]])?.first?["invitationId"] as? String)
        #expect(try await api.request(.post, "/api/v1/group-invitations/\(groupInvitation)/accept", token: tokens[.member]!).status == .ok)
        let calendar = try #require(try await api.request(.get, "/api/v1/groups/\(group)/calendar", token: owner).string("id"))
        for (viewer, level) in [(Viewer.manage, "manage"), (.write, "write"), (.read, "read"), (.freeBusy, "free-busy")] {
            let shared = try await api.request(
                .post, "/api/v1/calendar-shares", token: owner, json: ["calendarIds": [calendar], "usernames": [viewer.rawValue], "level": level])
            #expect(shared.status == .ok)
        }
        var events: [String: String] = [:]
        let series: [(String, String, String, String, String, String)] = [
            ("PUBLIC", "Seminar", "Weekly seminar", "Room 1", "seminar-1@uni", "02"),
            ("PRIVATE", "PrivTitle-Therapy", "PrivDesc-anxiety follow-up", "PrivLoc-Counseling 204", "privuid-clinic@x", "03"),
            ("CONFIDENTIAL", "ConfTitle-Hearing", "ConfDesc-panel", "ConfLoc-Dean 9", "confuid-dean@x", "04"),
        ]
        for (classification, title, description, location, uid, day) in series {
            let created = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: owner,
                json: [
                    "uid": uid, "title": title, "description": description, "location": location, "classification": classification,
                    "recurrenceRule": "FREQ=WEEKLY;COUNT=3", "start": ["dateTime": "2026-12-\(day)T10:00:00", "timeZone": "America/Denver"],
                    "end": ["dateTime": "2026-12-\(day)T11:00:00", "timeZone": "America/Denver"],
                ])
            #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
            events[classification] = try #require(created.string("id"))
        }
        var occurrences: [String: String] = [:]
        let listed = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?\(Self.window)", token: owner)
        for (classification, id) in events {
            occurrences[classification] = try #require(
                Self.items(listed).first { $0["eventId"] as? String == id }?["occurrenceId"] as? String)
        }
        let invitation = try await api.request(
            .post, "/api/v1/invitations", token: tokens[.write]!, json: ["eventId": events["PUBLIC"]!, "usernames": ["invitee"]])
        let invitationID = try #require((invitation.json["invitation"] as? [String: Any])?["id"] as? String)
        #expect(
            try await api.request(.post, "/api/v1/invitations/\(invitationID)/respond", token: tokens[.invitee]!, json: ["response": "accepted"])
                .status == .ok)
        let feed = try #require(try await api.request(.post, "/api/v1/calendars/\(calendar)/feed", token: owner).string("path"))
        return World(
            tokens: tokens, users: users, calendar: calendar, group: group, events: events, occurrences: occurrences, invitation: invitationID,
            feed: feed)
    }

    static func items(_ reply: APIClient.Reply) -> [[String: Any]] { (reply.json["items"] as? [[String: Any]]) ?? [] }

    /// The combined feed beside a calendar feed: the same secret.
    static func withTasks(_ feed: String) -> String { feed.replacingOccurrences(of: "/calendar.ics", with: "/calendar-and-tasks.ics") }

    static func text(_ reply: APIClient.Reply) -> String { String(decoding: reply.body, as: UTF8.self) }

    /// Every concrete request of `asked`, with the catalogue path it stands for.
    static func requests(_ world: World) -> [(endpoint: String, path: String)] {
        var result: [(String, String)] = [
            ("/api/v1/calendars/{id}/events", "/api/v1/calendars/\(world.calendar)/events?\(window)"),
            ("/api/v1/agenda", "/api/v1/agenda?\(window)"),
            ("/api/v1/calendars/{id}/export.ics", "/api/v1/calendars/\(world.calendar)/export.ics"),
            ("/api/v1/calendars/{id}/export", "/api/v1/calendars/\(world.calendar)/export?format=ics"),
            ("/api/v1/groups/{id}/free-busy", "/api/v1/groups/\(world.group)/free-busy?\(window)"),
            ("/api/v1/invitations", "/api/v1/invitations"), ("/api/v1/invitations/sent", "/api/v1/invitations/sent"),
            ("/api/v1/invitations/{id}", "/api/v1/invitations/\(world.invitation)"),
            ("/api/v1/invitations/agenda", "/api/v1/invitations/agenda?\(window)"),
            ("/api/v1/agenda/summary", "/api/v1/agenda/summary?range=month"), ("/api/v1/agenda/next", "/api/v1/agenda/next"),
            ("/api/v1/me/export", "/api/v1/me/export"), ("/api/v1/changes", "/api/v1/changes"),
        ]
        for (classification, id) in world.events.sorted(by: { $0.key < $1.key }) {
            result.append(("/api/v1/events/{id}", "/api/v1/events/\(id)"))
            result.append(
                ("/api/v1/events/{id}/occurrences/{occurrenceId}", "/api/v1/events/\(id)/occurrences/\(world.occurrences[classification]!)"))
        }
        return result
    }

    /// Busy time in an occurrence list or a single occurrence carries no id that leads to the event.
    static func expectNoIDOnBusyTime(_ reply: APIClient.Reply, _ comment: Comment) {
        var entries = items(reply)
        if entries.isEmpty, reply.json["startsAt"] != nil { entries = [reply.json] }
        for entry in entries where entry["title"] as? String == CalendarEvent.busyTitle {
            #expect(entry["eventId"] is NSNull && entry["occurrenceId"] is NSNull, comment)
        }
    }

    /// The change log lists an event's id only to those who read it: the public series to readers
    /// of the calendar, the private ones to the owner alone, nothing below `read`.
    static func expectOnlyReadableIDs(_ body: String, _ world: World, _ viewer: Viewer) {
        let readers: Set<Viewer> = [.owner, .manage, .write, .read, .member]
        for (classification, id) in world.events {
            let shown = viewer == .owner || (classification == "PUBLIC" && readers.contains(viewer))
            #expect(body.contains(id) == shown, "\(viewer) /api/v1/changes, \(classification) event: \(body.prefix(400))")
        }
    }

    @Test func everyViewerSeesOnlyWhatTheyMay() async throws {
        let server = try TestServer()
        try await server.run { api in
            let world = try await world(server, api)
            var asked = Set<String>()
            for viewer in Viewer.allCases {
                for (endpoint, path) in Self.requests(world) {
                    asked.insert(endpoint)
                    let reply = try await api.request(.get, path, token: world.tokens[viewer]!)
                    #expect(reply.status.code < 500, "\(viewer) \(path)")
                    let body = Self.text(reply)
                    if viewer != .owner {
                        for secret in Self.secrets {
                            #expect(!body.contains(secret), "\(viewer) \(path) shows '\(secret)': \(body.prefix(400))")
                        }
                    }
                    Self.expectNoIDOnBusyTime(reply, "\(viewer) \(path)")
                    if endpoint == "/api/v1/changes" { Self.expectOnlyReadableIDs(body, world, viewer) }
                }
            }
            // The owner's secret feed is theirs alone: their full view, private events included.
            asked.insert("/feeds/{token}/calendar.ics")
            let feed = Self.text(try await api.request(.get, world.feed))
            #expect(feed.contains("PrivTitle-Therapy") && feed.contains("ConfLoc-Dean"))
            // The same secret with the owner's tasks: the same full view, and only the owner's.
            asked.insert("/feeds/{token}/calendar-and-tasks.ics")
            let combined = Self.text(try await api.request(.get, Self.withTasks(world.feed)))
            #expect(combined.contains("PrivTitle-Therapy") && combined.contains("ConfLoc-Dean"))
            #expect(asked == Self.asked)

            // The owner sees everything (so the absences above mean something).
            let mine = Self.text(
                try await api.request(.get, "/api/v1/calendars/\(world.calendar)/events?\(Self.window)", token: world.tokens[.owner]!))
            #expect(mine.contains("PrivTitle-Therapy") && mine.contains("ConfLoc-Dean"))
            let export = Self.text(try await api.request(.get, "/api/v1/calendars/\(world.calendar)/export.ics", token: world.tokens[.owner]!))
            #expect(export.contains("PrivDesc-anxiety") && export.contains("privuid-clinic"))
        }
    }

    /// `GET /api/v1/events/{id}` of a private event: the busy view for those who see the calendar's
    /// events, 403 below read, 404 for everyone else — the same for the confidential one.
    @Test func privateEventsByIdAreBusyTimeForReadersAndNothingForOthers() async throws {
        let server = try TestServer()
        try await server.run { api in
            let world = try await world(server, api)
            let expected: [Viewer: Int] = [
                .owner: 200, .manage: 200, .write: 200, .read: 200, .member: 200, .freeBusy: 403, .invitee: 404, .stranger: 404, .admin: 404,
            ]
            for classification in ["PRIVATE", "CONFIDENTIAL"] {
                let id = world.events[classification]!
                for viewer in Viewer.allCases {
                    let reply = try await api.request(.get, "/api/v1/events/\(id)", token: world.tokens[viewer]!)
                    #expect(Int(reply.status.code) == expected[viewer], "\(viewer) \(classification)")
                    if reply.status == .ok && viewer != .owner {
                        #expect(reply.string("title") == "Busy" && reply.json["location"] is NSNull && reply.json["description"] is NSNull)
                    }
                }
            }
        }
    }

    @Test func readShareRecipientCannotReadPrivateEventDetails() async throws {
        let server = try TestServer()
        try await server.run { api in
            let world = try await world(server, api)
            let read = world.tokens[.read]!
            let list = try await api.request(.get, "/api/v1/calendars/\(world.calendar)/events?\(Self.window)", token: read)
            let busy = Self.items(list).filter { $0["title"] as? String == "Busy" }
            #expect(busy.count == 6)
            #expect(busy.allSatisfy { $0["eventId"] is NSNull && $0["occurrenceId"] is NSNull && $0["location"] is NSNull })
            let seminar = Self.items(list).filter { $0["title"] as? String == "Seminar" }
            #expect(seminar.count == 3 && seminar.allSatisfy { $0["eventId"] as? String == world.events["PUBLIC"] })
        }
    }

    @Test func nonOwnersCannotChangeOrDeletePrivateEvents() async throws {
        let server = try TestServer()
        try await server.run { api in
            let world = try await world(server, api)
            let id = world.events["PRIVATE"]!
            let occurrence = world.occurrences["PRIVATE"]!
            for viewer in [Viewer.manage, .write] {
                let token = world.tokens[viewer]!
                let patched = try await api.request(.patch, "/api/v1/events/\(id)", token: token, json: ["title": "Mine now"])
                #expect(patched.status == .forbidden, "\(viewer)")
                #expect(patched.string("detail")?.contains("private") == true)
                #expect(try await api.request(.delete, "/api/v1/events/\(id)", token: token).status == .forbidden)
                #expect(
                    try await api.request(.patch, "/api/v1/events/\(id)/occurrences/\(occurrence)", token: token, json: ["title": "x"]).status
                        == .forbidden)
                #expect(try await api.request(.delete, "/api/v1/events/\(id)/occurrences/\(occurrence)", token: token).status == .forbidden)
            }
            // Those who see only busy time below write, or nothing, are told what they always were.
            #expect(try await api.request(.patch, "/api/v1/events/\(id)", token: world.tokens[.read]!, json: ["title": "x"]).status == .forbidden)
            #expect(try await api.request(.delete, "/api/v1/events/\(id)", token: world.tokens[.stranger]!).status == .notFound)
            let owner = try await api.request(.get, "/api/v1/events/\(id)", token: world.tokens[.owner]!)
            #expect(owner.string("title") == "PrivTitle-Therapy")
        }
    }

    @Test func readRecipientCannotInviteOthersToAnEvent() async throws {
        let server = try TestServer()
        try await server.run { api in
            let world = try await world(server, api)
            let reply = try await api.request(
                .post, "/api/v1/invitations", token: world.tokens[.read]!, json: ["eventId": world.events["PUBLIC"]!, "usernames": ["stranger"]])
            #expect(reply.status == .forbidden)
            #expect(reply.string("detail")?.contains("write") == true)
            // Nor a group member (read through membership), nor a free-busy recipient.
            for viewer in [Viewer.member, .freeBusy] {
                let refused = try await api.request(
                    .post, "/api/v1/invitations", token: world.tokens[viewer]!, json: ["eventId": world.events["PUBLIC"]!, "usernames": ["stranger"]])
                #expect(refused.status == .forbidden, "\(viewer)")
            }
            // Strangers are told the event does not exist.
            let stranger = try await api.request(
                .post, "/api/v1/invitations", token: world.tokens[.stranger]!, json: ["eventId": world.events["PUBLIC"]!, "usernames": ["read"]])
            #expect(stranger.status == .notFound)
        }
    }

    @Test func onlyTheOwnerInvitesToAPrivateEventAndTheirInvitationDisclosesIt() async throws {
        let server = try TestServer()
        try await server.run { api in
            let world = try await world(server, api)
            for viewer in [Viewer.manage, .write] {
                let refused = try await api.request(
                    .post, "/api/v1/invitations", token: world.tokens[viewer]!,
                    json: ["eventId": world.events["PRIVATE"]!, "usernames": ["stranger"]])
                #expect(refused.status == .forbidden, "\(viewer)")
                #expect(refused.string("detail")?.contains("private") == true)
            }
            // The owner inviting is an explicit disclosure: the invitee sees what the owner sent.
            let sent = try await api.request(
                .post, "/api/v1/invitations", token: world.tokens[.owner]!, json: ["eventId": world.events["PRIVATE"]!, "usernames": ["stranger"]])
            let id = try #require((sent.json["invitation"] as? [String: Any])?["id"] as? String)
            let seen = try await api.request(.get, "/api/v1/invitations/\(id)", token: world.tokens[.stranger]!)
            #expect((seen.json["event"] as? [String: Any])?["title"] as? String == "PrivTitle-Therapy")
        }
    }

    /// The review's M5: a recipient invites someone, then loses the share; the invitation no longer shows the event.
    @Test func invitationShowsNoEventOnceTheOrganisersShareIsWithdrawn() async throws {
        let server = try TestServer()
        try await server.run { api in
            let world = try await world(server, api)
            let path = "/api/v1/invitations/\(world.invitation)"
            #expect(
                (try await api.request(.get, path, token: world.tokens[.invitee]!).json["event"] as? [String: Any])?["title"] as? String == "Seminar")
            #expect(Self.items(try await api.request(.get, "/api/v1/invitations/agenda?\(Self.window)", token: world.tokens[.invitee]!)).count == 3)
            let shares = Self.items(try await api.request(.get, "/api/v1/calendars/\(world.calendar)/shares", token: world.tokens[.owner]!))
            let share = try #require(shares.first { ($0["recipient"] as? [String: Any])?["name"] as? String == "write" }?["id"] as? String)
            #expect(try await api.request(.delete, "/api/v1/calendar-shares/\(share)", token: world.tokens[.owner]!).status == .noContent)
            for viewer in [Viewer.invitee, .write] {
                let reply = try await api.request(.get, path, token: world.tokens[viewer]!)
                #expect(reply.status == .ok && reply.json["event"] is NSNull, "\(viewer) \(Self.text(reply))")
            }
            #expect(Self.items(try await api.request(.get, "/api/v1/invitations/agenda?\(Self.window)", token: world.tokens[.invitee]!)).isEmpty)
            #expect(
                !Self.text(try await api.request(.get, "/api/v1/agenda?\(Self.window)", token: world.tokens[.invitee]!)).contains("Seminar"))
        }
    }

    @Test func eventMadePrivateAfterAnInvitationShowsItsInviteesOnlyBusyTime() async throws {
        let server = try TestServer()
        try await server.run { api in
            let world = try await world(server, api)
            let owner = world.tokens[.owner]!
            let changed = try await api.request(
                .patch, "/api/v1/events/\(world.events["PUBLIC"]!)", token: owner,
                json: ["classification": "PRIVATE", "title": "PrivTitle-Therapy 2"])
            #expect(changed.status == .ok)
            let seen = try await api.request(.get, "/api/v1/invitations/\(world.invitation)", token: world.tokens[.invitee]!)
            #expect((seen.json["event"] as? [String: Any])?["title"] as? String == "Busy")
            #expect(!Self.text(seen).contains("PrivTitle"))
            let agenda = try await api.request(.get, "/api/v1/invitations/agenda?\(Self.window)", token: world.tokens[.invitee]!)
            #expect(Self.items(agenda).count == 3 && !Self.text(agenda).contains("PrivTitle"))
            Self.expectNoIDOnBusyTime(agenda, "invitation agenda")
            // Nor does the notice of the change name it.
            let inbox = Self.text(try await api.request(.get, "/api/v1/notifications", token: world.tokens[.invitee]!))
            #expect(!inbox.contains("PrivTitle"))
        }
    }

    /// Two invitees with the same calendars (none) ask for the same event's agenda: the owner's
    /// invitee sees it in full, the other one only as busy time — never the first one's cached list.
    @Test func inviteesOfDifferentOrganisersNeverShareACachedAgenda() async throws {
        let server = try TestServer()
        try await server.run { api in
            let world = try await world(server, api)
            let owner = world.tokens[.owner]!
            let sent = try await api.request(
                .post, "/api/v1/invitations", token: owner, json: ["eventId": world.events["PUBLIC"]!, "usernames": ["stranger"]])
            let id = try #require((sent.json["invitation"] as? [String: Any])?["id"] as? String)
            #expect(
                try await api.request(.post, "/api/v1/invitations/\(id)/respond", token: world.tokens[.stranger]!, json: ["response": "accepted"])
                    .status == .ok)
            let changed = try await api.request(
                .patch, "/api/v1/events/\(world.events["PUBLIC"]!)", token: owner, json: ["classification": "PRIVATE", "title": "PrivTitle-2"])
            #expect(changed.status == .ok)
            let full = Self.text(try await api.request(.get, "/api/v1/agenda?\(Self.window)", token: world.tokens[.stranger]!))
            #expect(full.contains("PrivTitle-2"))
            let busy = try await api.request(.get, "/api/v1/agenda?\(Self.window)", token: world.tokens[.invitee]!)
            #expect(!Self.text(busy).contains("PrivTitle-2") && Self.items(busy).count == 3)
            Self.expectNoIDOnBusyTime(busy, "agenda of the write recipient's invitee")
        }
    }

    /// Invitees hear of changes made through the core's event service, whichever front calls it.
    @Test func changesThroughTheEventServiceReachInviteesWithoutAnyRoute() async throws {
        let server = try TestServer()
        try await server.run { api in
            let world = try await world(server, api)
            let events = server.services.invitations.events
            _ = try await events.update(
                EventID(rawValue: world.events["PUBLIC"]!), for: world.users[.owner]!, changes: EventChanges(title: "Seminar (room change)"),
                expectedVersion: nil)
            let inbox = Self.items(try await api.request(.get, "/api/v1/notifications", token: world.tokens[.invitee]!))
            #expect(inbox.contains { ($0["title"] as? String) == "Updated: Seminar (room change)" })
            try await events.delete(EventID(rawValue: world.events["PUBLIC"]!), for: world.users[.owner]!, expectedVersion: nil)
            let cancelled = try await api.request(.get, "/api/v1/invitations/\(world.invitation)", token: world.tokens[.invitee]!)
            #expect(cancelled.string("status") == "cancelled")
        }
    }

    @Test func groupFeedEndsWhenOwnershipIsHandedOver() async throws {
        let server = try TestServer()
        try await server.run { api in
            let world = try await world(server, api)
            #expect(try await api.request(.get, world.feed).status == .ok)
            let member = world.users[.member]!.id.rawValue
            let handed = try await api.request(
                .post, "/api/v1/groups/\(world.group)/transfer", token: world.tokens[.owner]!, json: ["userId": member])
            #expect(handed.status == .ok)
            #expect(try await api.request(.get, world.feed).status == .notFound)
            #expect(try await api.request(.get, Self.withTasks(world.feed)).status == .notFound)
            // And the old owner, removed by the new one, has no way back to the meetings.
            let oldOwner = world.users[.owner]!.id.rawValue
            #expect(
                try await api.request(.delete, "/api/v1/groups/\(world.group)/members/\(oldOwner)", token: world.tokens[.member]!).status
                    == .noContent)
            #expect(try await api.request(.get, world.feed).status == .notFound)
            #expect(try await api.request(.get, "/api/v1/calendars/\(world.calendar)/export.ics", token: world.tokens[.owner]!).status == .notFound)
        }
    }

    /// The review's H2 reproduction, step by step: a `read` recipient lists the calendar, then asks
    /// for the private event by id and exports the calendar. None of it shows the private details.
    @Test func reviewH2ReadRecipientGetsNoPrivateDetailsFromListEventOrExport() async throws {
        let server = try TestServer()
        try await server.createUser("alice")
        try await server.createUser("bob")
        try await server.run { api in
            let alice = try await api.token("alice")
            let bob = try await api.token("bob")
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: alice, json: ["name": "Personal"]).string("id"))
            let created = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: alice,
                json: [
                    "title": "Therapy - Dr Smith", "description": "anxiety follow-up", "location": "Counseling 204", "classification": "PRIVATE",
                    "start": ["dateTime": "2026-12-04T10:00:00", "timeZone": "America/Denver"],
                    "end": ["dateTime": "2026-12-04T11:00:00", "timeZone": "America/Denver"],
                ])
            let event = try #require(created.string("id"))
            let shared = try await api.request(
                .post, "/api/v1/calendar-shares", token: alice, json: ["calendarIds": [calendar], "usernames": ["bob"], "level": "read"])
            #expect(shared.status == .ok)
            let list = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?from=2026-12-01&to=2026-12-31", token: bob)
            #expect(Self.items(list).first?["title"] as? String == "Busy")
            #expect(Self.items(list).first?["eventId"] is NSNull)
            for path in [
                "/api/v1/events/\(event)", "/api/v1/calendars/\(calendar)/export.ics", "/api/v1/calendars/\(calendar)/export?format=ics",
            ] {
                let body = Self.text(try await api.request(.get, path, token: bob))
                for secret in ["Therapy", "anxiety", "Counseling"] { #expect(!body.contains(secret), "\(path): \(body.prefix(300))") }
            }
            // And the M5 continuation: bob cannot pass it on through an invitation.
            try await server.createUser("bob2")
            let invited = try await api.request(.post, "/api/v1/invitations", token: bob, json: ["eventId": event, "usernames": ["bob2"]])
            #expect(invited.status == .forbidden)
        }
    }

    // MARK: The matrix covers every endpoint that returns events

    /// Words of paths that may return events, occurrences or what they are made of.
    static let eventish = ["events", "occurrences", "agenda", "export", "feed", "free-busy", "invitations"]

    /// Schemas made of events (or the invitations and occurrences that carry them).
    static let eventSchemas: Set<String> = ["Event", "Occurrence", "OccurrenceList", "Invitation", "InvitationEventSummary", "InvitationList"]

    @Test func everyEndpointThatReturnsEventsIsInTheMatrix() throws {
        let server = try TestServer()
        let served = server.services.httpAPI().catalog.endpoints.filter { $0.method == .get }.map(\.path)
        var mustBeAsked = Set(served.filter { path in Self.eventish.contains { path.contains($0) } })

        // And every GET whose documented answer holds an event schema, whatever its path.
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        for (path, operations) in paths {
            guard let get = operations["get"] as? [String: Any], let responses = get["responses"] else { continue }
            if Self.references(responses, schemas: schemas, seen: []).contains(where: Self.eventSchemas.contains) { mustBeAsked.insert(path) }
        }
        let covered = Self.asked.union(Self.exempt.keys)
        #expect(
            mustBeAsked.subtracting(covered).isEmpty,
            "return events but are not in the visibility matrix: \(mustBeAsked.subtracting(covered).sorted())")
        #expect(Self.asked.isSubset(of: Set(served)), "in the matrix but not served: \(Self.asked.subtracting(served).sorted())")
    }

    /// The names of the component schemas `value` refers to, followed through the schemas they refer to.
    static func references(_ value: Any, schemas: [String: Any], seen: Set<String>) -> Set<String> {
        var found = Set<String>()
        if let object = value as? [String: Any] {
            if let ref = object["$ref"] as? String, ref.hasPrefix("#/components/schemas/") {
                let name = String(ref.dropFirst("#/components/schemas/".count))
                found.insert(name)
                if !seen.contains(name), let schema = schemas[name] {
                    found.formUnion(references(schema, schemas: schemas, seen: seen.union([name])))
                }
            }
            for child in object.values { found.formUnion(references(child, schemas: schemas, seen: seen.union(found))) }
        } else if let array = value as? [Any] {
            for child in array { found.formUnion(references(child, schemas: schemas, seen: seen.union(found))) }
        }
        return found
    }
}
