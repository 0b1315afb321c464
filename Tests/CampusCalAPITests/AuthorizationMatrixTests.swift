import CampusCalCore
import CampusCalTestSupport
import Crypto
import Foundation
import HTTPTypes
import Testing

/// Every endpoint that takes an object id (groups have their own table, `GroupAuthorizationTests`),
/// called by each kind of caller, against a table of what each may do.
///
/// The objects belong to `owner`: a calendar shared with `manage`, `write`, `read` and `freeBusy`
/// at those levels, a weekly event in it, a share of it with a sixth user, a task, a to-do entry,
/// a notice, and an invitation to the event sent to `write`. Share recipients get 403 where their
/// level is too low (they know the calendar exists); strangers and administrators get 404 for
/// students' own objects (FERPA: an administrator has no business in a student's calendar); the
/// administrators' own endpoints answer everyone else 403; anonymous callers always get 401.
@Suite("Every endpoint with an object id: the authorization matrix")
struct AuthorizationMatrixTests {
    enum Caller: String, CaseIterable {
        case owner, manage, write, read
        case freeBusy = "freebusy"
        case stranger, admin, anonymous
    }

    /// What each caller gets, in `Caller` order without `anonymous` (always 401).
    struct Row: Sendable {
        var method: HTTPRequest.Method
        /// `{c}` calendar, `{e}` event, `{o}` one of its occurrences, `{s}` a share, `{t}` task,
        /// `{d}` to-do entry, `{n}` notice, `{i}` invitation, `{u}` a sixth user's id, `{m}` a maintenance notice, `{k}` a course the owner takes,
        /// `{x}` the owner's consent, `{v}` a fresh account to delete, `{l}` the owner's LMS feed connection, `{a}` the owner's app password,
        /// `{p}` a browser the owner subscribed to Web Push.
        var path: String
        var body: String?
        var contentType: String?
        var expected: [Int]
    }

    static let window = "from=2026-12-01&to=2027-01-01&tz=America/Denver"
    static let ics =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:m@t\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261210T150000Z\r\nSUMMARY:Imported\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"

    static let table: [Row] = [
        //                                                                 owner manage write read freeBusy stranger admin
        Row(method: .get, path: "/api/v1/calendars/{c}", expected: [200, 200, 200, 200, 200, 404, 404]),
        Row(method: .patch, path: "/api/v1/calendars/{c}", body: ##"{"color": "#112233"}"##, expected: [200, 200, 403, 403, 403, 404, 404]),
        Row(method: .delete, path: "/api/v1/calendars/{c}", expected: [204, 403, 403, 403, 403, 404, 404]),
        Row(method: .get, path: "/api/v1/calendars/{c}/events?\(window)", expected: [200, 200, 200, 200, 200, 404, 404]),
        Row(
            method: .post, path: "/api/v1/calendars/{c}/events",
            body: #"{"title": "New", "start": {"dateTime": "2026-12-10T09:00:00", "timeZone": "America/Denver"}}"#,
            expected: [201, 201, 201, 403, 403, 404, 404]),
        Row(method: .get, path: "/api/v1/calendars/{c}/export.ics", expected: [200, 200, 200, 200, 403, 404, 404]),
        // The plugin formats' route (with the server's own iCalendar here; CSVFilesPluginTests takes a plugin's).
        Row(method: .get, path: "/api/v1/calendars/{c}/export?format=ics", expected: [200, 200, 200, 200, 403, 404, 404]),
        Row(
            method: .post, path: "/api/v1/calendars/{c}/import", body: ics, contentType: "text/calendar",
            expected: [200, 200, 200, 403, 403, 404, 404]),
        Row(method: .post, path: "/api/v1/calendars/{c}/feed", expected: [201, 403, 403, 403, 403, 404, 404]),
        Row(method: .delete, path: "/api/v1/calendars/{c}/feed", expected: [204, 403, 403, 403, 403, 404, 404]),
        Row(method: .get, path: "/api/v1/calendars/{c}/shares", expected: [200, 200, 403, 403, 403, 404, 404]),
        Row(method: .patch, path: "/api/v1/calendar-shares/{s}", body: #"{"level": "write"}"#, expected: [200, 200, 403, 403, 403, 404, 404]),
        Row(method: .delete, path: "/api/v1/calendar-shares/{s}", expected: [204, 204, 403, 403, 403, 404, 404]),
        Row(method: .get, path: "/api/v1/events/{e}", expected: [200, 200, 200, 200, 403, 404, 404]),
        Row(method: .patch, path: "/api/v1/events/{e}", body: #"{"title": "Renamed"}"#, expected: [200, 200, 200, 403, 403, 404, 404]),
        Row(method: .delete, path: "/api/v1/events/{e}", expected: [204, 204, 204, 403, 403, 404, 404]),
        Row(method: .get, path: "/api/v1/events/{e}/occurrences/{o}", expected: [200, 200, 200, 200, 403, 404, 404]),
        Row(
            method: .patch, path: "/api/v1/events/{e}/occurrences/{o}", body: #"{"title": "Moved"}"#,
            expected: [200, 200, 200, 403, 403, 404, 404]),
        Row(method: .delete, path: "/api/v1/events/{e}/occurrences/{o}", expected: [204, 204, 204, 403, 403, 404, 404]),
        Row(method: .get, path: "/api/v1/tasks/{t}", expected: [200, 404, 404, 404, 404, 404, 404]),
        Row(method: .patch, path: "/api/v1/tasks/{t}", body: #"{"title": "Renamed"}"#, expected: [200, 404, 404, 404, 404, 404, 404]),
        Row(method: .delete, path: "/api/v1/tasks/{t}", expected: [204, 404, 404, 404, 404, 404, 404]),
        // Everyone's own day: nobody else's tasks are in it.
        Row(method: .get, path: "/api/v1/tasks/day/2026-12-01", expected: [200, 200, 200, 200, 200, 200, 200]),
        Row(method: .patch, path: "/api/v1/todo/{d}", body: #"{"completed": true}"#, expected: [200, 404, 404, 404, 404, 404, 404]),
        Row(method: .delete, path: "/api/v1/todo/{d}", expected: [204, 404, 404, 404, 404, 404, 404]),
        Row(method: .get, path: "/api/v1/todo/{d}/next", expected: [200, 404, 404, 404, 404, 404, 404]),
        Row(method: .get, path: "/api/v1/todo/{d}/previous", expected: [200, 404, 404, 404, 404, 404, 404]),
        Row(method: .post, path: "/api/v1/notifications/{n}/read", expected: [204, 404, 404, 404, 404, 404, 404]),
        // The organiser and the invitee (`write`) see it; only the invitee answers.
        Row(method: .get, path: "/api/v1/invitations/{i}", expected: [200, 404, 200, 404, 404, 404, 404]),
        Row(
            method: .post, path: "/api/v1/invitations/{i}/respond", body: #"{"response": "accepted"}"#,
            expected: [404, 404, 200, 404, 404, 404, 404]),
        // A class list is for the class (the owner is enrolled, nobody else).
        Row(method: .get, path: "/api/v1/courses/{k}/members", expected: [200, 404, 404, 404, 404, 404, 404]),
        Row(method: .get, path: "/api/v1/admin/users/{u}", expected: [403, 403, 403, 403, 403, 403, 200]),
        Row(method: .patch, path: "/api/v1/admin/users/{u}", body: #"{"role": "faculty"}"#, expected: [403, 403, 403, 403, 403, 403, 200]),
        Row(method: .post, path: "/api/v1/admin/users/{u}/unlock", expected: [403, 403, 403, 403, 403, 403, 204]),
        Row(
            method: .post, path: "/api/v1/admin/users/{u}/password", body: #"{"password": "N3w-Passw0rd!x"}"#,
            expected: [403, 403, 403, 403, 403, 403, 204]),
        Row(method: .delete, path: "/api/v1/admin/maintenance-notices/{m}", expected: [403, 403, 403, 403, 403, 403, 204]),
        // Agreements are for everyone to read; a consent is its giver's alone.
        Row(method: .get, path: "/api/v1/agreements/ilearn-sync", expected: [200, 200, 200, 200, 200, 200, 200]),
        Row(method: .post, path: "/api/v1/me/consents/{x}/withdraw", expected: [200, 404, 404, 404, 404, 404, 404]),
        // An app password (CalDAV) is its maker's alone.
        Row(method: .delete, path: "/api/v1/me/app-passwords/{a}", expected: [204, 404, 404, 404, 404, 404, 404]),
        Row(method: .delete, path: "/api/v1/me/push-subscriptions/{p}", expected: [204, 404, 404, 404, 404, 404, 404]),
        // An administrator's export of a person's data needs a reason, and is logged (`PersonalDataExportTests`).
        Row(method: .get, path: "/api/v1/admin/users/{u}/export?reason=ticket%204411", expected: [403, 403, 403, 403, 403, 403, 200]),
        Row(method: .delete, path: "/api/v1/admin/users/{v}", expected: [403, 403, 403, 403, 403, 403, 200]),
        // An LMS connection is its owner's alone (the owner's feed link is dead here: 409 lms-reconnect-needed).
        Row(method: .get, path: "/api/v1/lms/connections/{l}", expected: [200, 404, 404, 404, 404, 404, 404]),
        Row(method: .post, path: "/api/v1/lms/connections/{l}/sync", expected: [409, 404, 404, 404, 404, 404, 404]),
        // A feed has no LMS sign-in to repeat: 422 for its owner.
        Row(method: .post, path: "/api/v1/lms/connections/{l}/authorize", expected: [422, 404, 404, 404, 404, 404, 404]),
        Row(method: .delete, path: "/api/v1/lms/connections/{l}", expected: [204, 404, 404, 404, 404, 404, 404]),
        // Plugins: a panel is asked for oneself only (none installed here: 404 for all); only
        // administrators manage plugins (`PluginAdministrationTests`, `TaskRewardsPluginTests` with real ones).
        Row(method: .get, path: "/api/v1/plugins/org.example.none/panel", expected: [404, 404, 404, 404, 404, 404, 404]),
        Row(method: .post, path: "/api/v1/admin/plugins/org.example.none/enable", expected: [403, 403, 403, 403, 403, 403, 404]),
        Row(method: .post, path: "/api/v1/admin/plugins/org.example.none/disable", expected: [403, 403, 403, 403, 403, 403, 404]),
        Row(method: .delete, path: "/api/v1/admin/plugins/org.example.none", expected: [403, 403, 403, 403, 403, 403, 404]),
    ]

    /// Fresh objects of `owner`'s (through the API, as a client would make them), shared as the suite says.
    func fixture(_ server: TestServer, _ api: APIClient, _ tokens: [Caller: String], _ users: [Caller: User], bystander: UserID) async throws
        -> [String: String]
    {
        let owner = tokens[.owner]!
        // The previous fixture's calendars go first: a person holds a bounded number (`ResourceLimits`).
        for old in try await server.services.calendars.owned(by: users[.owner]!) {
            try await server.services.calendars.delete(old.id, for: users[.owner]!, expectedVersion: nil)
        }
        let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: owner, json: ["name": "Matrix"]).string("id"))
        for (caller, level) in [(Caller.manage, "manage"), (.write, "write"), (.read, "read"), (.freeBusy, "free-busy")] {
            let shared = try await api.request(
                .post, "/api/v1/calendar-shares", token: owner, json: ["calendarIds": [calendar], "usernames": [caller.rawValue], "level": level])
            #expect(shared.status == .ok)
        }
        let other = try await api.request(
            .post, "/api/v1/calendar-shares", token: owner, json: ["calendarIds": [calendar], "usernames": ["bystander"], "level": "read"])
        let share = try #require(((other.json["results"] as? [[String: Any]])?.first?["share"] as? [String: Any])?["id"] as? String)
        let event = try #require(
            try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: owner,
                json: [
                    "title": "Seminar", "start": ["dateTime": "2026-12-02T15:00:00", "timeZone": "America/Denver"],
                    "recurrenceRule": "FREQ=WEEKLY;COUNT=4",
                ]
            ).string("id"))
        let listed = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?\(Self.window)", token: owner)
        let occurrence = try #require(
            ((listed.json["items"] as? [[String: Any]]) ?? []).first { $0["eventId"] as? String == event }?["occurrenceId"] as? String)
        let task = try #require(
            try await api.request(.post, "/api/v1/tasks", token: owner, json: ["title": "Essay", "priority": "high"]).string("id"))
        // The middle of three lines: it has a next and a previous one.
        var lines: [String] = []
        for text in ["Buy paper", "Print notes", "Return books"] {
            lines.append(try #require(try await api.request(.post, "/api/v1/todo", token: owner, json: ["text": text]).string("id")))
        }
        let todo = lines[1]
        let notice = try await server.services.notifications.notify(users[.owner]!.id, kind: .announcement, title: "Hello", body: "World")
        let invited = try await api.request(.post, "/api/v1/invitations", token: owner, json: ["eventId": event, "usernames": ["write"]])
        let invitation = try #require((invited.json["invitation"] as? [String: Any])?["id"] as? String)
        let maintenance = try await api.request(
            .post, "/api/v1/admin/maintenance-notices", token: tokens[.admin]!,
            json: [
                "title": "Upgrade", "message": "Down for an upgrade.", "startsAt": "2027-01-10T06:00:00Z", "endsAt": "2027-01-10T08:00:00Z",
                "urgent": false,
            ])
        let notice2 = try #require((maintenance.json["notice"] as? [String: Any])?["id"] as? String)
        let course = Course(id: .generate(), code: "M 1", name: "Matrix", createdAt: server.clock.now())
        try await server.services.courses.courses.insert(course)
        try await server.services.courses.courses.enrol(users[.owner]!.id, in: course.id, as: .student)
        let consent = try await server.services.consents.agree(users[.owner]!, to: "ilearn-sync", version: 1)
        // Someone to delete (a fresh account each time: a deletion cannot be undone).
        let doomed = try await server.createUser("leaving-\(UUID().uuidString.prefix(8).lowercased())")
        // A feed this server does not have: the sync gets a 404 and asks the owner to reconnect (409).
        let feed = "http://127.0.0.1:\(api.port ?? 0)/feeds/missing.ics"
        // One connection, made again only after a row deleted it: a person holds a bounded number.
        var connection = try await server.services.lms.connections(of: users[.owner]!).first
        if connection == nil {
            connection = try await server.services.lms.connect(users[.owner]!, kind: .ics, baseURL: feed, credentials: .feedURL(feed))
        }
        // One app password, made again each time: a person holds a bounded number.
        for old in try await server.services.appPasswords.list(for: users[.owner]!) {
            try await server.services.appPasswords.revoke(old.id, for: users[.owner]!)
        }
        let appPassword = try await server.services.appPasswords.create(for: users[.owner]!, name: "Matrix phone").appPassword.id
        // One browser subscribed to Web Push, subscribed again each time (the same endpoint keeps at most one row).
        let browserKey = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
        let push = try await server.services.pushSubscriptions.subscribe(
            users[.owner]!, endpoint: "https://push.example.invalid/matrix", publicKey: browserKey,
            authSecret: Base64URL.encode([UInt8](repeating: 1, count: 16))
        ).subscription.id
        return [
            "{a}": appPassword, "{p}": push,
            "{l}": connection!.id.rawValue,
            "{x}": consent.id.rawValue, "{v}": doomed.id.rawValue,
            "{c}": calendar, "{e}": event, "{o}": occurrence, "{s}": share, "{t}": task, "{d}": todo, "{n}": notice.id.rawValue, "{i}": invitation,
            "{u}": bystander.rawValue, "{m}": notice2, "{k}": course.id.rawValue,
        ]
    }

    static func fill(_ text: String, _ values: [String: String]) -> String {
        values.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
    }

    @Test func everyEndpointAnswersEachCallerAsTheTableSays() async throws {
        let server = try TestServer()
        var users: [Caller: User] = [:]
        for caller in Caller.allCases where caller != .anonymous {
            users[caller] = try await server.createUser(caller.rawValue, role: caller == .admin ? .admin : .student)
        }
        let bystander = try await server.createUser("bystander").id
        let people = users
        try await server.run { api in
            var tokens: [Caller: String] = [:]
            for caller in Caller.allCases where caller != .anonymous { tokens[caller] = try await api.token(caller.rawValue) }
            let sessions = tokens
            var served = Set<String>()
            for row in Self.table {
                served.insert("\(row.method) \(row.path.split(separator: "?")[0])")
                var values = try await fixture(server, api, sessions, people, bystander: bystander)
                for (index, caller) in Caller.allCases.enumerated() {
                    let expected = caller == .anonymous ? 401 : row.expected[index]
                    var headers: HTTPFields = [:]
                    if let type = row.contentType { headers[.contentType] = type }
                    let reply = try await api.request(
                        row.method, Self.fill(row.path, values), token: sessions[caller], rawBody: row.body.map { Self.fill($0, values) },
                        headers: headers)
                    #expect(
                        Int(reply.status.code) == expected,
                        "\(caller) \(row.method) \(row.path): \(String(decoding: reply.body, as: UTF8.self).prefix(300))")
                    // Refusals are problem documents, and a 404 is exactly the one a missing object gets.
                    if expected >= 400 { #expect(reply.headers[.contentType]?.hasPrefix("application/problem+json") == true) }
                    if expected == 404 {
                        let missing = try await api.request(
                            row.method, Self.fill(Self.withMissingIDs(row.path), values), token: sessions[caller],
                            rawBody: row.body.map { Self.fill($0, values) }, headers: headers)
                        #expect(missing.status == .notFound && missing.string("detail") == reply.string("detail"), "\(caller) \(row.path)")
                    }
                    // A success may have changed the objects; start the next caller on fresh ones.
                    if (200..<300).contains(Int(reply.status.code)) {
                        values = try await fixture(server, api, sessions, people, bystander: bystander)
                    }
                }
            }
            // The table and the groups' table cover every endpoint that takes an object id (the
            // subscription feed is reached by its secret token alone, tested in `CalendarFileTests`).
            let names = [
                "{c}": "{id}", "{e}": "{id}", "{o}": "{occurrenceId}", "{s}": "{id}", "{t}": "{id}", "{d}": "{id}", "{n}": "{id}", "{i}": "{id}",
                "{u}": "{id}", "{m}": "{id}", "{k}": "{id}", "2026-12-01": "{date}", "{x}": "{id}", "{v}": "{id}", "ilearn-sync": "{id}",
                "{l}": "{id}", "{a}": "{id}", "{p}": "{id}", "org.example.none": "{id}",
            ]
            let withIDs = server.services.httpAPI().catalog.endpoints.map { "\($0.method) \($0.path)" }
                .filter {
                    $0.contains("{") && !$0.contains("/api/v1/groups/") && !$0.contains("/api/v1/group-invitations/") && !$0.contains("/feeds/")
                        // Not an object id: which of the caller's own two addresses (`AccountRecoveryTests`).
                        && !$0.contains("{channel}")
                }
            #expect(Set(served.map { Self.fill($0, names) }) == Set(withIDs))
        }
    }

    /// The same path with every object id replaced by one that does not exist.
    static func withMissingIDs(_ path: String) -> String {
        var result = path
        for placeholder in ["{c}", "{e}", "{s}", "{t}", "{d}", "{n}", "{i}", "{k}", "{x}", "{l}", "{a}", "{p}"] {
            result = result.replacingOccurrences(of: placeholder, with: "00000000-0000-0000-0000-000000000000")
        }
        return result
    }
}
