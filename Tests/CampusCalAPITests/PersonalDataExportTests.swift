import CampusCalCore
import CampusCalICalendar
import CampusCalStorage
import CampusCalTestSupport
import Foundation
import GRDB
import Testing

/// The right of access (FERPA §99.10, SRS 3.2.13.4) and leaving: `GET /api/v1/me/export` holds
/// every record about the person and nobody else's; `DELETE /api/v1/me` removes them.
///
/// The archive is opened by Python's `zipfile` (an independent reader), and its record counts are
/// checked against the database itself, table by table.
@Suite("Personal data: the full export, and deleting an account")
struct PersonalDataExportTests {
    static let python = URL(fileURLWithPath: "/usr/bin/python3")

    /// `ada` with something of every kind; `bo` with private things of his own that must stay out of her archive.
    func seed(_ server: TestServer, _ api: APIClient) async throws -> (ada: String, bo: String) {
        let ada = try await api.token("ada")
        let bo = try await api.token("ben")
        let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: ada, json: ["name": "Ada's classes"]).string("id"))
        var event = ""
        for (title, rule) in [("Linear algebra", "FREQ=WEEKLY;COUNT=10"), ("Dentist", ""), ("Lab", "")] {
            var body: [String: Any] = ["title": title, "start": ["dateTime": "2026-12-02T15:00:00", "timeZone": "America/Denver"]]
            if !rule.isEmpty { body["recurrenceRule"] = rule }
            event = try #require(try await api.request(.post, "/api/v1/calendars/\(calendar)/events", token: ada, json: body).string("id"))
        }
        #expect(try await api.request(.post, "/api/v1/calendars/\(calendar)/feed", token: ada).status == .created)
        for title in ["Essay draft", "Problem set 4"] {
            #expect(try await api.request(.post, "/api/v1/tasks", token: ada, json: ["title": title, "priority": "high"]).status == .created)
        }
        #expect(try await api.request(.post, "/api/v1/todo", token: ada, json: ["text": "Buy paper"]).status == .created)
        let group = try #require(try await api.request(.post, "/api/v1/groups", token: ada, json: ["name": "Study group"]).string("id"))
        let invited = try await api.request(.post, "/api/v1/groups/\(group)/invitations", token: ada, json: ["usernames": ["ben"]])
        let groupInvitation = try #require((invited.json["results"] as? [[String: Any]])?.first?["invitationId"] as? String)
        #expect(try await api.request(.post, "/api/v1/group-invitations/\(groupInvitation)/accept", token: bo).status == .ok)
        #expect(try await api.request(.post, "/api/v1/groups/\(group)/messages", token: ada, json: ["body": "Hi all"]).status == .created)
        #expect(try await api.request(.post, "/api/v1/groups/\(group)/messages", token: bo, json: ["body": "Bo's own message"]).status == .created)
        #expect(try await api.request(.post, "/api/v1/invitations", token: ada, json: ["eventId": event, "usernames": ["ben"]]).status == .created)
        let shared = try await api.request(
            .post, "/api/v1/calendar-shares", token: ada, json: ["calendarIds": [calendar], "usernames": ["ben"], "level": "read"])
        #expect(shared.status == .ok)
        let course = Course(id: .generate(), code: "MATH 215", name: "Linear Algebra", term: "Fall 2026", createdAt: server.clock.now())
        try await server.services.courses.courses.insert(course)
        let adaUser = try await server.services.accounts.user(username: "ada")
        try await server.services.courses.courses.enrol(adaUser.id, in: course.id, as: .student)
        _ = try await server.services.consents.agree(adaUser, to: "ilearn-sync", version: 1)
        _ = try await server.services.privacyGate.discloseWithConsent(of: adaUser.id, to: "ilearn-sync", categories: [.tasks]) { ((), 2) }
        // Bo's own things.
        let boCalendar = try #require(
            try await api.request(.post, "/api/v1/calendars", token: bo, json: ["name": "Bo secret calendar"]).string("id"))
        let boEvent: [String: Any] = ["title": "Bo private appointment", "start": ["dateTime": "2026-12-03T10:00:00", "timeZone": "UTC"]]
        #expect(try await api.request(.post, "/api/v1/calendars/\(boCalendar)/events", token: bo, json: boEvent).status == .created)
        #expect(try await api.request(.post, "/api/v1/tasks", token: bo, json: ["title": "Bo private task", "priority": "low"]).status == .created)
        _ = try await server.services.consents.agree(try await server.services.accounts.user(username: "ben"), to: "ilearn-sync", version: 1)
        return (ada, bo)
    }

    /// The archive unpacked by Python's zipfile (which checks every CRC) into `directory`.
    func unpack(_ bytes: Data, into directory: TemporaryDirectory) throws {
        try bytes.write(to: URL(fileURLWithPath: directory.file("export.zip")))
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                assert z.testzip() is None, "bad CRC"
                z.extractall(sys.argv[2])
            print("ok")
            """
        let result = try CommandRunner.run(
            program: Self.python, ["-c", script, directory.file("export.zip"), directory.file("out")], in: directory.path)
        #expect(result.status == 0, "\(result.output)")
    }

    func records(_ directory: TemporaryDirectory, _ name: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory.file("out/data/\(name).json")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs /usr/bin/python3"))
    func theExportHoldsEveryRecordOfThePersonAndNobodyElses() async throws {
        let server = try TestServer()
        let ada = try await server.createUser("ada")
        try await server.createUser("ben")
        try await server.createUser("root", role: .admin)
        try await server.run { api in
            let (token, _) = try await seed(server, api)
            let reply = try await api.request(.get, "/api/v1/me/export", token: token)
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType] == "application/zip")
            #expect(reply.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"campuscal-ada-") == true)
            let directory = TemporaryDirectory()
            defer { directory.remove() }
            try unpack(reply.body, into: directory)

            // Every table that refers to a person directly: the archive holds exactly the rows that refer to ada.
            let database = server.services.database
            let tables = try await database.pool.read { db in
                try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'"
                )
                .compactMap { table -> (String, [String])? in
                    let columns = try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(table))").filter { $0["table"] as String == "user" }
                        .map { $0["from"] as String }
                    return columns.isEmpty ? nil : (table, columns)
                }
            }
            let exported = SQLitePersonalDataStore.exportedTables
            #expect(tables.count >= 20)
            for (table, columns) in tables {
                let name = try #require(exported[table], "table \(table) refers to users but is not in the export")
                let expected = try await database.pool.read { db in
                    try Int.fetchOne(
                        db, sql: "SELECT COUNT(*) FROM \(table) WHERE " + columns.map { "\($0) = ?" }.joined(separator: " OR "),
                        arguments: StatementArguments(Array(repeating: ada.id.rawValue, count: columns.count)))
                }
                #expect(try records(directory, name).count == expected, "\(table) → \(name).json")
            }
            // The rows reached through ada's calendars and inbox, counted in the database the same way.
            for (name, sql) in [
                ("events", "SELECT COUNT(*) FROM event WHERE calendarID IN (SELECT id FROM calendar WHERE ownerID = ?)"),
                ("calendar-feeds", "SELECT COUNT(*) FROM calendarFeed WHERE calendarID IN (SELECT id FROM calendar WHERE ownerID = ?)"),
                ("notification-deliveries", "SELECT COUNT(*) FROM noticeDelivery WHERE noticeID IN (SELECT id FROM notice WHERE userID = ?)"),
            ] {
                let expected = try await database.pool.read { db in try Int.fetchOne(db, sql: sql, arguments: [ada.id.rawValue]) }
                #expect(try records(directory, name).count == expected, "\(name).json")
            }
            #expect(try records(directory, "events").count == 3)
            #expect(try records(directory, "tasks").count == 2)
            #expect(try records(directory, "disclosures").first?["recordCount"] as? Int == 2)
            // Secrets that protect her are withheld, and the README says so.
            #expect(try records(directory, "profile").first?["passwordHash"] == nil)
            #expect(try records(directory, "profile").first?["username"] as? String == "ada")
            #expect(try records(directory, "calendar-feeds").first?["tokenHash"] == nil)
            let readme = try String(contentsOfFile: directory.file("out/README.txt"), encoding: .utf8)
            #expect(readme.contains("withheld: passwordHash") && readme.contains("34 CFR 99.10"))
            // Calendars and tasks in iCalendar, readable by our importer (and any calendar program).
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.file("out/calendars"))
            #expect(files.contains("Adas classes.ics"))
            let ics = ICalendarImport(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: directory.file("out/calendars/Adas classes.ics")))))
            #expect(ics.events.count == 3 && ics.events.contains { $0.recurrenceRule == "FREQ=WEEKLY;COUNT=10" })
            let tasks = ICalendarImport(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: directory.file("out/tasks.ics")))))
            #expect(Set(tasks.todos.compactMap(\.summary)) == ["Essay draft", "Problem set 4"] && tasks.todos.allSatisfy { $0.priority == 1 })
            // The manifest counts what each file holds.
            let manifest = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory.file("out/manifest.json")))) as? [String: Any])
            let listed = (manifest["files"] as? [[String: Any]]) ?? []
            #expect(listed.first { $0["path"] as? String == "data/events.json" }?["records"] as? Int == 3)

            // Nothing of bo's own: not his calendar, events, tasks, messages or consent.
            var everything = ""
            for path in try FileManager.default.subpathsOfDirectory(atPath: directory.file("out")) {
                everything += (try? String(contentsOfFile: directory.file("out/\(path)"), encoding: .utf8)) ?? ""
            }
            for foreign in ["Bo secret calendar", "Bo private appointment", "Bo private task", "Bo's own message"] {
                #expect(!everything.contains(foreign), "\(foreign) in ada's export")
            }
            #expect(try records(directory, "consents").count == 1)
        }
    }

    @Test func anAdministratorsExportNeedsAReasonAndIsLogged() async throws {
        let server = try TestServer()
        let ada = try await server.createUser("ada")
        try await server.createUser("root", role: .admin)
        try await server.run { api in
            let root = try await api.token("root")
            let noReason = try await api.request(.get, "/api/v1/admin/users/\(ada.id)/export", token: root)
            #expect(noReason.status == .unprocessableContent && noReason.issueCodes == ["reason.required"])
            let missing = try await api.request(.get, "/api/v1/admin/users/nobody/export?reason=ticket%201", token: root)
            #expect(missing.status == .notFound)
            let reply = try await api.request(.get, "/api/v1/admin/users/\(ada.id)/export?reason=ticket%204411", token: root)
            #expect(reply.status == .ok && reply.headers[.contentType] == "application/zip")
            let log = try await api.request(.get, "/api/v1/me/disclosures", token: try await api.token("ada"))
            let entry = try #require((log.json["items"] as? [[String: Any]])?.first)
            #expect(entry["basis"] as? String == "legal" && entry["purpose"] as? String == "ticket 4411")
            #expect(entry["recipientId"] as? String == "administrator" && entry["requestedBy"] as? String != nil)
        }
    }

    @Test func deletingAnAccountRemovesItsDataAndHandsGroupsOn() async throws {
        let server = try TestServer()
        let ada = try await server.createUser("ada")
        let bo = try await server.createUser("ben")
        try await server.createUser("root", role: .admin)
        try await server.run { api in
            let (token, boToken) = try await seed(server, api)
            // Bo shares his calendar with ada at manage level; ada re-shares it with root: that share stays when she goes.
            let boCalendar = try #require(
                ((try await api.request(.get, "/api/v1/calendars", token: boToken)).json["items"] as? [[String: Any]])?
                    .first { $0["name"] as? String == "Bo secret calendar" }?["id"] as? String)
            #expect(
                try await api.request(
                    .post, "/api/v1/calendar-shares", token: boToken, json: ["calendarIds": [boCalendar], "usernames": ["ada"], "level": "manage"]
                ).status == .ok)
            #expect(
                try await api.request(
                    .post, "/api/v1/calendar-shares", token: token, json: ["calendarIds": [boCalendar], "usernames": ["root"], "level": "read"]
                ).status == .ok)

            let unconfirmed = try await api.request(.delete, "/api/v1/me", token: token, json: ["confirmUsername": "someone"])
            #expect(unconfirmed.status == .unprocessableContent && unconfirmed.problemCode == "confirmation-mismatch")
            #expect(try await api.request(.get, "/api/v1/me", token: token).status == .ok)

            let deleted = try await api.request(.delete, "/api/v1/me", token: token, json: ["confirmUsername": "ada"])
            #expect(deleted.status == .ok)
            let counts = (deleted.json["counts"] as? [String: Int]) ?? [:]
            #expect(counts["events"] == 3 && counts["tasks"] == 2 && counts["groupsHandedOver"] == 1)
            // Her session is gone with her, and so is her login.
            #expect(try await api.request(.get, "/api/v1/me", token: token).status == .unauthorized)
            #expect(try await api.login("ada").status == .unauthorized)
            // Her study group lives on with bo as its owner; her own message went with her, his stayed.
            let groups = ((try await api.request(.get, "/api/v1/groups", token: boToken)).json["items"] as? [[String: Any]]) ?? []
            let group = try #require(groups.first { $0["name"] as? String == "Study group" })
            #expect(group["ownerId"] as? String == bo.id.rawValue)
            let messages = try await api.request(.get, "/api/v1/groups/\(group["id"] as? String ?? "")/messages", token: boToken)
            #expect(((messages.json["items"] as? [[String: Any]]) ?? []).map { $0["body"] as? String } == ["Bo's own message"])
            // Root still sees bo's calendar through the share ada gave.
            let rootCalendars =
                ((try await api.request(.get, "/api/v1/calendars", token: try await api.token("root"))).json["items"]
                    as? [[String: Any]]) ?? []
            #expect(rootCalendars.contains { $0["id"] as? String == boCalendar })
            // Nothing of hers is left in any table, and the deletion is on record without her name.
            let database = server.services.database
            let left = try await database.pool.read { db in
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT (SELECT COUNT(*) FROM user WHERE id = ?1) + (SELECT COUNT(*) FROM task WHERE ownerID = ?1)
                             + (SELECT COUNT(*) FROM calendar WHERE ownerID = ?1) + (SELECT COUNT(*) FROM consent WHERE userID = ?1)
                             + (SELECT COUNT(*) FROM disclosure WHERE userID = ?1) + (SELECT COUNT(*) FROM groupMember WHERE userID = ?1)
                        """, arguments: [ada.id.rawValue])
            }
            #expect(left == 0)
            let log = try await api.request(.get, "/api/v1/admin/account-deletions", token: try await api.token("root"))
            let entry = try #require((log.json["items"] as? [[String: Any]])?.first)
            #expect(entry["userId"] as? String == ada.id.rawValue && entry["requestedBy"] is NSNull)
            #expect(!String(decoding: log.body, as: UTF8.self).contains("ada\""))
            // Students cannot delete others, and the last administrator cannot go.
            let refused = try await api.request(.delete, "/api/v1/admin/users/\(bo.id)", token: boToken)
            #expect(refused.status == .forbidden, "\(String(decoding: refused.body, as: UTF8.self))")
            let root = try await api.token("root")
            let last = try await api.request(.delete, "/api/v1/me", token: root, json: ["confirmUsername": "root"])
            #expect(last.status == .unprocessableContent && last.issueCodes == ["last-admin"])
            let byAdmin = try await api.request(.delete, "/api/v1/admin/users/\(bo.id)", token: root)
            #expect(byAdmin.status == .ok && byAdmin.string("requestedBy") != nil, "\(String(decoding: byAdmin.body, as: UTF8.self))")
        }
    }
}
