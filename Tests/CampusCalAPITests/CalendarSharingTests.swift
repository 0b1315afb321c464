import CampusCalCore
import CampusCalTestSupport
import Foundation
import Testing

/// Shared calendars over HTTP (SRS 3.2.21): sharing with users and groups at each level, what each
/// level lets a recipient see and do, the calendar list and agenda of recipients, unsharing,
/// group meetings calendars, and the notices of shares, level changes and batched changes.
@Suite("Shared calendars: levels, recipients' lists and agendas, unsharing, groups, notices")
struct CalendarSharingTests {
    /// A month window around the events below, in Denver.
    static let window = "from=2026-12-01&to=2027-01-01&tz=America/Denver"

    func people(_ server: TestServer, _ api: APIClient, _ names: [String]) async throws -> [String: String] {
        var result: [String: String] = [:]
        for name in names {
            try await server.createUser(name)
            result[name] = try await api.token(name)
        }
        return result
    }

    /// A calendar named `name` with a public event ("Lab", with a place) and a private one ("Doctor").
    func calendar(_ api: APIClient, _ token: String, name: String = "Chem") async throws -> String {
        let id = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": name]).string("id"))
        for (title, day, classification) in [("Lab", "03", "PUBLIC"), ("Doctor", "04", "PRIVATE")] {
            let created = try await api.request(
                .post, "/api/v1/calendars/\(id)/events", token: token,
                json: [
                    "title": title, "location": "Room 12", "description": "Bring goggles", "classification": classification,
                    "start": ["dateTime": "2026-12-\(day)T10:00:00", "timeZone": "America/Denver"],
                    "end": ["dateTime": "2026-12-\(day)T11:00:00", "timeZone": "America/Denver"],
                ])
            #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
        }
        return id
    }

    func share(_ api: APIClient, _ token: String, _ calendars: [String], users: [String] = [], groups: [String] = [], level: String) async throws
        -> APIClient.Reply
    {
        try await api.request(
            .post, "/api/v1/calendar-shares", token: token, json: ["calendarIds": calendars, "usernames": users, "groupIds": groups, "level": level])
    }

    func items(_ reply: APIClient.Reply) -> [[String: Any]] { (reply.json["items"] as? [[String: Any]]) ?? [] }

    func titles(_ reply: APIClient.Reply) -> [String] { items(reply).compactMap { ($0["title"] as? String) } }

    func shareNotices(_ api: APIClient, _ token: String) async throws -> [String] {
        items(try await api.request(.get, "/api/v1/notifications", token: token)).filter { $0["kind"] as? String == "share" }
            .compactMap { $0["title"] as? String }
    }

    @Test func eachLevelShowsAndAllowsWhatItSays() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "fay", "rex", "wes", "max", "sam"])
            let olga = people["olga"]!
            let chem = try await calendar(api, olga)
            for (name, level) in [("fay", "free-busy"), ("rex", "read"), ("wes", "write"), ("max", "manage")] {
                let shared = try await share(api, olga, [chem], users: [name], level: level)
                #expect(shared.status == .ok, "\(String(decoding: shared.body, as: UTF8.self))")
                #expect((shared.json["results"] as? [[String: Any]])?.first?["outcome"] as? String == "shared")
            }
            // Each recipient finds it in their calendar list with their level; the owner with "owner".
            for (name, level) in [("olga", "owner"), ("fay", "free-busy"), ("rex", "read"), ("wes", "write"), ("max", "manage")] {
                let list = items(try await api.request(.get, "/api/v1/calendars", token: people[name]!))
                #expect(list.map { $0["access"] as? String } == [level], "\(name)")
                #expect(list.first?["id"] as? String == chem)
            }
            #expect(items(try await api.request(.get, "/api/v1/calendars", token: people["sam"]!)).isEmpty)

            // Free-busy sees busy time only; read sees details except private events; the owner everything.
            let busy = items(try await api.request(.get, "/api/v1/calendars/\(chem)/events?\(Self.window)", token: people["fay"]!))
            #expect(busy.map { $0["title"] as? String } == ["Busy", "Busy"])
            #expect(busy.allSatisfy { $0["location"] == nil || $0["location"] is NSNull })
            let read = items(try await api.request(.get, "/api/v1/calendars/\(chem)/events?\(Self.window)", token: people["rex"]!))
            #expect(read.map { $0["title"] as? String } == ["Lab", "Busy"])
            #expect(titles(try await api.request(.get, "/api/v1/calendars/\(chem)/events?\(Self.window)", token: olga)) == ["Lab", "Doctor"])
            #expect(titles(try await api.request(.get, "/api/v1/agenda?\(Self.window)", token: people["rex"]!)) == ["Lab", "Busy"])
            #expect(titles(try await api.request(.get, "/api/v1/agenda?\(Self.window)", token: people["fay"]!)) == ["Busy", "Busy"])

            // Writing events takes write; renaming and sharing take manage; deleting is the owner's alone.
            let newEvent: [String: Any] = [
                "title": "Review", "start": ["dateTime": "2026-12-10T09:00:00", "timeZone": "America/Denver"],
            ]
            for (name, expected) in [("fay", 403), ("rex", 403), ("wes", 201), ("max", 201), ("sam", 404)] {
                let created = try await api.request(.post, "/api/v1/calendars/\(chem)/events", token: people[name]!, json: newEvent)
                #expect(created.status.code == expected, "\(name) \(String(decoding: created.body, as: UTF8.self))")
            }
            let refused = try await api.request(.post, "/api/v1/calendars/\(chem)/events", token: people["rex"]!, json: newEvent)
            #expect(
                refused.json["detail"] as? String
                    == "You may not add, change or delete events in this calendar: it is shared with you at the 'read' level, and this needs 'write'."
            )
            for (name, expected) in [("wes", 403), ("max", 200)] {
                #expect(
                    try await api.request(.patch, "/api/v1/calendars/\(chem)", token: people[name]!, json: ["color": "#123456"]).status.code
                        == expected)
                #expect(try await api.request(.get, "/api/v1/calendars/\(chem)/shares", token: people[name]!).status.code == expected)
            }
            #expect(try await api.request(.delete, "/api/v1/calendars/\(chem)", token: people["max"]!).status == .forbidden)
            #expect(try await api.request(.post, "/api/v1/calendars/\(chem)/feed", token: people["max"]!).status == .forbidden)
            // A manager shares on; a reader may not.
            #expect(try await share(api, people["max"]!, [chem], users: ["sam"], level: "read").status == .ok)
            #expect(try await share(api, people["rex"]!, [chem], users: ["sam"], level: "manage").status == .forbidden)
            let shares = items(try await api.request(.get, "/api/v1/calendars/\(chem)/shares", token: olga))
            #expect(shares.map { ($0["recipient"] as? [String: Any])?["name"] as? String } == ["fay", "max", "rex", "sam", "wes"])
        }
    }

    @Test func unsharingEndsAccessAtOnceAndARecipientMayGiveAShareUp() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "rex", "wes"])
            let olga = people["olga"]!
            let chem = try await calendar(api, olga)
            let shared = try await share(api, olga, [chem], users: ["rex", "wes"], level: "read")
            let shareIDs = ((shared.json["results"] as? [[String: Any]]) ?? []).compactMap { ($0["share"] as? [String: Any])?["id"] as? String }
            #expect(shareIDs.count == 2)
            #expect(try await api.request(.get, "/api/v1/calendars/\(chem)", token: people["rex"]!).status == .ok)
            // Only the owner (or a manager) withdraws someone else's share; a recipient gives up their own.
            #expect(try await api.request(.delete, "/api/v1/calendar-shares/\(shareIDs[1])", token: people["rex"]!).status == .forbidden)
            #expect(try await api.request(.delete, "/api/v1/calendar-shares/\(shareIDs[0])", token: olga).status == .noContent)
            #expect(try await api.request(.get, "/api/v1/calendars/\(chem)", token: people["rex"]!).status == .notFound)
            #expect(try await api.request(.get, "/api/v1/calendars/\(chem)/events?\(Self.window)", token: people["rex"]!).status == .notFound)
            #expect(titles(try await api.request(.get, "/api/v1/agenda?\(Self.window)", token: people["rex"]!)).isEmpty)
            #expect(try await shareNotices(api, people["rex"]!).contains("No longer shared: Chem"))
            #expect(try await api.request(.delete, "/api/v1/calendar-shares/\(shareIDs[1])", token: people["wes"]!).status == .noContent)
            #expect(try await api.request(.get, "/api/v1/calendars/\(chem)", token: people["wes"]!).status == .notFound)
            #expect(try await api.request(.delete, "/api/v1/calendar-shares/\(shareIDs[1])", token: olga).status == .notFound)
        }
    }

    @Test func sharingWithAGroupFollowsItsMembership() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "pia", "quinn"])
            let olga = people["olga"]!
            let chem = try await calendar(api, olga)
            let group = try #require(try await api.request(.post, "/api/v1/groups", token: olga, json: ["name": "Lab partners"]).string("id"))
            let invited = try await api.request(.post, "/api/v1/groups/\(group)/invitations", token: olga, json: ["usernames": ["pia", "quinn"]])
            #expect(invited.status == .ok)
            let shared = try await share(api, olga, [chem], groups: [group], level: "read")
            #expect((shared.json["results"] as? [[String: Any]])?.first?["outcome"] as? String == "shared")
            // Not yet members: nothing. Joining gives access; leaving takes it away.
            #expect(try await api.request(.get, "/api/v1/calendars/\(chem)", token: people["pia"]!).status == .notFound)
            for name in ["pia", "quinn"] {
                let invitation = try #require(
                    items(try await api.request(.get, "/api/v1/group-invitations", token: people[name]!)).first?["id"] as? String)
                #expect(try await api.request(.post, "/api/v1/group-invitations/\(invitation)/accept", token: people[name]!).status == .ok)
            }
            #expect(titles(try await api.request(.get, "/api/v1/agenda?\(Self.window)", token: people["pia"]!)) == ["Lab", "Busy"])
            #expect(try await api.request(.post, "/api/v1/groups/\(group)/leave", token: people["pia"]!).status == .noContent)
            #expect(try await api.request(.get, "/api/v1/calendars/\(chem)", token: people["pia"]!).status == .notFound)
            #expect(try await api.request(.get, "/api/v1/calendars/\(chem)", token: people["quinn"]!).status == .ok)
            // A group one is not in cannot be shared with.
            let other = try #require(try await api.request(.post, "/api/v1/groups", token: people["pia"]!, json: ["name": "Other"]).string("id"))
            let refused = try await share(api, olga, [chem], groups: [other], level: "read")
            #expect((refused.json["results"] as? [[String: Any]])?.first?["outcome"] as? String == "unknownGroup")
        }
    }

    @Test func requestsThatCannotBeHonouredSayWhyAndChangeNothing() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "rex", "sam"])
            let olga = people["olga"]!
            let chem = try await calendar(api, olga)
            let empty = try await share(api, olga, [chem], level: "read")
            #expect(empty.status == .unprocessableContent)
            #expect((empty.json["errors"] as? [[String: Any]])?.first?["message"] as? String == "You must select at least one user or group.")
            #expect(try await share(api, olga, [], users: ["rex"], level: "read").issueCodes == ["calendarIds.empty"])
            #expect(try await share(api, olga, [chem], users: ["rex"], level: "admin").issueCodes == ["level.invalid"])
            // Someone else's calendar is not found, and one unknown calendar fails the whole request.
            let samCalendar = try await calendar(api, people["sam"]!, name: "Sam's")
            #expect(try await share(api, olga, [chem, samCalendar], users: ["rex"], level: "read").status == .notFound)
            #expect(items(try await api.request(.get, "/api/v1/calendars", token: people["rex"]!)).isEmpty)
            let outcomes = try await share(api, olga, [chem], users: ["rex", "ghost", "olga"], level: "read")
            #expect(
                ((outcomes.json["results"] as? [[String: Any]]) ?? []).map { $0["outcome"] as? String } == ["shared", "unknownUser", "owner"])
            // Sharing again at another level changes it (and says so); at the same level, nothing.
            let again = try await share(api, olga, [chem], users: ["rex"], level: "write")
            #expect((again.json["results"] as? [[String: Any]])?.first?["outcome"] as? String == "changed")
            let same = try await share(api, olga, [chem], users: ["rex"], level: "write")
            #expect((same.json["results"] as? [[String: Any]])?.first?["outcome"] as? String == "unchanged")
            let shareID = try #require(((again.json["results"] as? [[String: Any]])?.first?["share"] as? [String: Any])?["id"] as? String)
            #expect(
                try await api.request(.patch, "/api/v1/calendar-shares/\(shareID)", token: olga, json: ["level": "nope"]).issueCodes == [
                    "level.invalid"
                ])
            #expect(
                try await api.request(.patch, "/api/v1/calendar-shares/\(shareID)", token: people["sam"]!, json: ["level": "read"]).status
                    == .notFound)
            let patched = try await api.request(.patch, "/api/v1/calendar-shares/\(shareID)", token: olga, json: ["level": "free-busy"])
            #expect(patched.string("level") == "free-busy")
            // (The clock stands still in tests: same-instant notices come in no particular order.)
            #expect(
                try await shareNotices(api, people["rex"]!).sorted() == [
                    "Shared with you: Chem", "Sharing changed: Chem", "Sharing changed: Chem",
                ])
        }
    }

    @Test func changesReachEveryoneAsOneBatchedNoticeNotOnePerChange() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "rex", "wes"])
            let olga = people["olga"]!
            let chem = try await calendar(api, olga)
            _ = try await share(api, olga, [chem], users: ["rex"], level: "read")
            _ = try await share(api, olga, [chem], users: ["wes"], level: "write")
            for day in 10...12 {
                let created = try await api.request(
                    .post, "/api/v1/calendars/\(chem)/events", token: people["wes"]!,
                    json: ["title": "Review \(day)", "start": ["dateTime": "2026-12-\(day)T09:00:00", "timeZone": "America/Denver"]])
                #expect(created.status == .created)
            }
            let lab = try #require(
                items(try await api.request(.get, "/api/v1/calendars/\(chem)/events?\(Self.window)", token: olga)).first?["eventId"] as? String)
            #expect(try await api.request(.patch, "/api/v1/events/\(lab)", token: olga, json: ["title": "Lab (moved)"]).status == .ok)
            // Nothing before the window closes…
            _ = try await server.services.sharing.sendChangeNotices()
            #expect(try await shareNotices(api, people["rex"]!) == ["Shared with you: Chem"])
            // …then one notice each, naming who changed what; nobody hears of their own changes alone.
            server.clock.advance(by: 301)
            _ = try await server.services.sharing.sendChangeNotices()
            // The server's own notice service may have taken the batch first and still be sending it.
            let changes = "Changes in Chem"
            _ = try await eventually {
                let rex = try await shareNotices(api, people["rex"]!)
                let owner = try await shareNotices(api, olga)
                let writer = try await shareNotices(api, people["wes"]!)
                return rex.contains(changes) && owner.contains(changes) && writer.contains(changes)
            }
            let inbox = items(try await api.request(.get, "/api/v1/notifications", token: people["rex"]!)).filter { $0["kind"] as? String == "share" }
            #expect(inbox.map { $0["title"] as? String } == ["Changes in Chem", "Shared with you: Chem"])
            #expect(inbox.first?["body"] as? String == "In the calendar 'Chem': wes made 3 changes, olga made 1 change.")
            let owner = items(try await api.request(.get, "/api/v1/notifications", token: olga)).filter { $0["kind"] as? String == "share" }
            #expect(owner.map { $0["body"] as? String } == ["In the calendar 'Chem': wes made 3 changes."])
            let writer = items(try await api.request(.get, "/api/v1/notifications", token: people["wes"]!)).filter {
                $0["kind"] as? String == "share"
            }
            #expect(writer.first?["body"] as? String == "In the calendar 'Chem': olga made 1 change.")
            // The batch is gone: another round sends nothing.
            #expect(try await server.services.sharing.sendChangeNotices() == 0)
        }
    }

    @Test func groupMeetingsLiveOnTheGroupsCalendar() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "pia", "quinn", "sam"])
            let olga = people["olga"]!
            let group = try #require(try await api.request(.post, "/api/v1/groups", token: olga, json: ["name": "Lab partners"]).string("id"))
            _ = try await api.request(.post, "/api/v1/groups/\(group)/invitations", token: olga, json: ["usernames": ["pia", "quinn"]])
            for name in ["pia", "quinn"] {
                let invitation = try #require(
                    items(try await api.request(.get, "/api/v1/group-invitations", token: people[name]!)).first?["id"] as? String)
                _ = try await api.request(.post, "/api/v1/group-invitations/\(invitation)/accept", token: people[name]!)
            }
            let members = try await api.request(.get, "/api/v1/groups/\(group)/members", token: olga)
            let piaID = try #require(items(members).first { $0["username"] as? String == "pia" }?["userId"] as? String)
            #expect(
                try await api.request(
                    .patch, "/api/v1/groups/\(group)/members/\(piaID)", token: olga, json: ["permissions": ["chat", "scheduleMeetings"]]
                )
                .status == .ok)

            let opened = try await api.request(.get, "/api/v1/groups/\(group)/calendar", token: people["quinn"]!)
            #expect(opened.status == .ok)
            #expect(opened.string("access") == "read")
            #expect(opened.string("groupId") == group)
            #expect(opened.string("name") == "Lab partners meetings")
            let calendarID = try #require(opened.string("id"))
            #expect(try await api.request(.get, "/api/v1/groups/\(group)/calendar", token: olga).string("access") == "owner")
            #expect(try await api.request(.get, "/api/v1/groups/\(group)/calendar", token: people["pia"]!).string("id") == calendarID)
            #expect(try await api.request(.get, "/api/v1/groups/\(group)/calendar", token: people["sam"]!).status == .notFound)

            let meeting: [String: Any] = [
                "title": "Group meeting", "start": ["dateTime": "2026-12-08T16:00:00", "timeZone": "America/Denver"],
                "end": ["dateTime": "2026-12-08T17:00:00", "timeZone": "America/Denver"],
            ]
            #expect(
                try await api.request(.post, "/api/v1/calendars/\(calendarID)/events", token: people["quinn"]!, json: meeting).status == .forbidden)
            #expect(try await api.request(.post, "/api/v1/calendars/\(calendarID)/events", token: people["pia"]!, json: meeting).status == .created)
            for name in ["olga", "pia", "quinn"] {
                #expect(titles(try await api.request(.get, "/api/v1/agenda?\(Self.window)", token: people[name]!)) == ["Group meeting"], "\(name)")
            }
            #expect(titles(try await api.request(.get, "/api/v1/agenda?\(Self.window)", token: people["sam"]!)).isEmpty)
            // Members hear of the new meeting in the batched notice.
            server.clock.advance(by: 301)
            _ = try await server.services.sharing.sendChangeNotices()
            // As above: the server's own notice service may be sending this batch.
            _ = try await eventually {
                let member = try await shareNotices(api, people["quinn"]!)
                let owner = try await shareNotices(api, olga)
                return !member.isEmpty && !owner.isEmpty
            }
            #expect(try await shareNotices(api, people["quinn"]!) == ["Changes in Lab partners meetings"])
            #expect(try await shareNotices(api, olga) == ["Changes in Lab partners meetings"])
            // Leaving the group ends access to its calendar.
            #expect(try await api.request(.post, "/api/v1/groups/\(group)/leave", token: people["quinn"]!).status == .noContent)
            #expect(try await api.request(.get, "/api/v1/calendars/\(calendarID)", token: people["quinn"]!).status == .notFound)
        }
    }

    @Test func acceptedInvitationsJoinTheAgenda() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "pia"])
            let olga = people["olga"]!
            let chem = try await calendar(api, olga)
            let lab = try #require(
                items(try await api.request(.get, "/api/v1/calendars/\(chem)/events?\(Self.window)", token: olga)).first?["eventId"] as? String)
            let sent = try await api.request(.post, "/api/v1/invitations", token: olga, json: ["eventId": lab, "usernames": ["pia"]])
            let invitation = try #require((sent.json["invitation"] as? [String: Any])?["id"] as? String)
            #expect(titles(try await api.request(.get, "/api/v1/agenda?\(Self.window)", token: people["pia"]!)).isEmpty)
            #expect(
                try await api.request(.post, "/api/v1/invitations/\(invitation)/respond", token: people["pia"]!, json: ["response": "accepted"])
                    .status
                    == .ok)
            #expect(titles(try await api.request(.get, "/api/v1/agenda?\(Self.window)", token: people["pia"]!)) == ["Lab"])
            // The organiser's change shows at once (the agenda's cache key follows the event's version).
            #expect(try await api.request(.patch, "/api/v1/events/\(lab)", token: olga, json: ["title": "Lab 2"]).status == .ok)
            #expect(titles(try await api.request(.get, "/api/v1/agenda?\(Self.window)", token: people["pia"]!)) == ["Lab 2"])
            _ = try await api.request(.post, "/api/v1/invitations/\(invitation)/respond", token: people["pia"]!, json: ["response": "declined"])
            #expect(titles(try await api.request(.get, "/api/v1/agenda?\(Self.window)", token: people["pia"]!)).isEmpty)
        }
    }

    @Test func shareAndInvitationNoticesReachTheLiveStream() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "mia"])
            let olga = people["olga"]!
            let stream = EventStreamReader()
            try await stream.open(port: try #require(api.port), path: "/api/v1/notifications/stream", token: people["mia"]!)
            #expect(await stream.read(until: ": connected") != nil)
            let chem = try await calendar(api, olga)
            _ = try await share(api, olga, [chem], users: ["mia"], level: "read")
            #expect(await stream.read(until: "Shared with you: Chem") != nil)
            _ = try await share(api, olga, [chem], users: ["mia"], level: "write")
            #expect(await stream.read(until: "Sharing changed: Chem") != nil)
            let lab = try #require(
                items(try await api.request(.get, "/api/v1/calendars/\(chem)/events?\(Self.window)", token: olga)).first?["eventId"] as? String)
            _ = try await api.request(.post, "/api/v1/invitations", token: olga, json: ["eventId": lab, "usernames": ["mia"]])
            #expect(await stream.read(until: "Invitation: Lab") != nil)
        }
    }

    @Test func remindersOnASharedCalendarAreTheOwners() async throws {
        let server = try TestServer()
        try await server.run { api in
            let people = try await people(server, api, ["olga", "wes"])
            let chem = try await calendar(api, people["olga"]!)
            _ = try await share(api, people["olga"]!, [chem], users: ["wes"], level: "write")
            let created = try await api.request(
                .post, "/api/v1/calendars/\(chem)/events", token: people["wes"]!,
                json: [
                    "title": "Quiz", "start": ["dateTime": "2026-12-15T09:00:00", "timeZone": "America/Denver"],
                    "reminders": [["minutesBefore": 30]],
                ])
            #expect(created.status == .created)
            server.clock.advance(by: 7_349_500)  // to 08:45 on the day, 15 minutes after the reminder was due
            _ = try await server.services.notifications.fireDue()  // the server's own scheduler may have been first
            func reminders(_ token: String) async throws -> [String] {
                items(try await api.request(.get, "/api/v1/notifications", token: token)).filter { $0["kind"] as? String == "reminder" }
                    .compactMap { $0["title"] as? String }
            }
            // Months later the sessions have ended: log in again.
            #expect(try await reminders(try await api.token("olga")).count == 1)
            #expect(try await reminders(try await api.token("wes")).isEmpty)
        }
    }
}
