import CampusCalCore
import CampusCalDAV
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

/// A VTODO as a task app (Apple Reminders, tasks.org through DAVx5, Thunderbird) would PUT it.
func vtodoText(uid: String, summary: String, due: String? = "20261207T170000Z", extra: [String] = []) -> String {
    var lines = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//dav//EN", "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20261101T000000Z", "SUMMARY:\(summary)",
    ]
    if let due { lines.append("DUE:\(due)") }
    lines += extra + ["END:VTODO", "END:VCALENDAR"]
    return lines.joined(separator: "\r\n") + "\r\n"
}

/// Issue #29's task calendar: each person's tasks and assignments as one VTODO calendar in their
/// home, the same tasks as REST, with the LMS's fields of an assignment read-only.
@Suite("CalDAV tasks: one task calendar of VTODOs, the same tasks as REST")
struct CalDAVTaskTests {
    static let ifMatch = HTTPField.Name("If-Match")!
    static let ifNoneMatch = HTTPField.Name("If-None-Match")!

    static func tasks(_ api: APIClient, _ token: String) async throws -> [[String: Any]] {
        (try await api.request(.get, "/api/v1/tasks", token: token).json["items"] as? [[String: Any]]) ?? []
    }

    @Test func theTaskCalendarIsListedInTheHomeAsOneVTODOCalendarTheOwnerMayWrite() async throws {
        let server = try TestServer()
        try await server.createUser("ada")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "ada")
            let path = "/dav/calendars/ada/tasks/"
            let home = try ParsedMultistatus(
                try await dav.propfind(
                    "/dav/calendars/ada/", depth: "1",
                    properties: [
                        "d:displayname", "d:resourcetype", "c:supported-calendar-component-set", "cs:getctag", "d:current-user-privilege-set",
                    ]))
            #expect(home.text(path, .dav("displayname")) == "Tasks")
            #expect(home.found[path]?[.dav("resourcetype")]?.child(.calDAV("calendar")) != nil)
            let components = home.found[path]?[.calDAV("supported-calendar-component-set")]?.children.compactMap { $0.attributes["name"] }
            #expect(components == ["VTODO"])
            let privileges = home.found[path]?[.dav("current-user-privilege-set")]?.children.compactMap { $0.children.first?.name } ?? []
            #expect(privileges.contains(.dav("write-content")) && privileges.contains(.dav("write-properties")))
            let ctag = try #require(home.text(path, .calendarServer("getctag")))
            #expect(try await dav.put(path + "t1.ics", vtodoText(uid: "t1", summary: "Read chapter 3")).status == .created)
            let after = try ParsedMultistatus(try await dav.propfind(path, depth: "1", properties: ["cs:getctag", "d:getetag"]))
            #expect(after.text(path, .calendarServer("getctag")) != ctag)
            #expect(after.text(path + "t1.ics", .dav("getetag"))?.isEmpty == false)
        }
    }

    @Test func aVTODOPutOnThePhoneIsATaskInREST() async throws {
        let server = try TestServer()
        try await server.createUser("bob")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "bob")
            let token = try await api.token("bob")
            let resource = "/dav/calendars/bob/tasks/essay%40phone.ics"
            let created = try await dav.put(
                resource, vtodoText(uid: "essay@phone", summary: "Essay draft", extra: ["PRIORITY:2", "CATEGORIES:HIST 101"]),
                headers: [Self.ifNoneMatch: "*"])
            #expect(created.status == .created)
            let etag = try #require(created.headers[.eTag])
            let listed = try await Self.tasks(api, token)
            #expect(listed.count == 1)
            #expect(listed.first?["title"] as? String == "Essay draft" && listed.first?["priority"] as? String == "high")
            #expect(listed.first?["course"] as? String == "HIST 101")
            // Read back under its own UID, with the same strong ETag.
            let read = try await dav.request("GET", resource)
            #expect(read.status == .ok && read.headers[.eTag] == etag)
            let text = String(decoding: read.body, as: UTF8.self)
            #expect(text.contains("BEGIN:VTODO") && text.contains("UID:essay@phone") && text.contains("PRIORITY:1"))
            // Conditional writes: made already, and a stale tag.
            #expect(try await dav.put(resource, vtodoText(uid: "essay@phone", summary: "Again"), headers: [Self.ifNoneMatch: "*"]).status.code == 412)
            #expect(
                try await dav.put(resource, vtodoText(uid: "essay@phone", summary: "Again"), headers: [Self.ifMatch: "\"x-9\""]).status.code == 412)
            let changed = try await dav.put(resource, vtodoText(uid: "essay@phone", summary: "Essay final"), headers: [Self.ifMatch: etag])
            #expect(changed.status == .noContent && changed.headers[.eTag] != etag)
            #expect(try await Self.tasks(api, token).first?["title"] as? String == "Essay final")
            #expect(try await dav.request("DELETE", resource).status == .noContent)
            #expect(try await Self.tasks(api, token).isEmpty)
            #expect(try await dav.request("GET", resource).status == .notFound)
        }
    }

    @Test func completionAndPriorityRoundTripBetweenRESTAndDAV() async throws {
        let server = try TestServer()
        try await server.createUser("cyd")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "cyd")
            let token = try await api.token("cyd")
            let made = try await api.request(
                .post, "/api/v1/tasks", token: token, json: ["title": "Problem set", "priority": "low", "due": ["dateTime": "2026-12-10T17:00:00Z"]])
            let id = try #require(made.string("id"))
            let resource = "/dav/calendars/cyd/tasks/\(id)%40campuscal.ics"
            let read = String(decoding: try await dav.request("GET", resource).body, as: UTF8.self)
            #expect(read.contains("PRIORITY:9") && read.contains("STATUS:NEEDS-ACTION"))
            // Ticked off on the phone: completed in REST; PRIORITY 5 is medium.
            let done = vtodoText(uid: "\(id)@campuscal", summary: "Problem set", due: "20261210T170000Z", extra: ["STATUS:COMPLETED", "PRIORITY:5"])
            #expect(try await dav.put(resource, done).status == .noContent)
            let task = try await api.request(.get, "/api/v1/tasks/\(id)", token: token)
            #expect(task.string("status") == "completed" && task.string("priority") == "medium" && task.string("completedAt") != nil)
            // Reopened with PRIORITY 7 (low); then made high in REST, which the phone reads as PRIORITY 1.
            let reopened = vtodoText(
                uid: "\(id)@campuscal", summary: "Problem set", due: "20261210T170000Z", extra: ["STATUS:NEEDS-ACTION", "PRIORITY:7"])
            #expect(try await dav.put(resource, reopened).status == .noContent)
            let again = try await api.request(.get, "/api/v1/tasks/\(id)", token: token)
            #expect(again.string("status") == "open" && again.string("priority") == "low")
            _ = try await api.request(.patch, "/api/v1/tasks/\(id)", token: token, json: ["priority": "high", "status": "completed"])
            let final = String(decoding: try await dav.request("GET", resource).body, as: UTF8.self)
            #expect(final.contains("PRIORITY:1") && final.contains("STATUS:COMPLETED") && final.contains("PERCENT-COMPLETE:100"))
        }
    }

    @Test func aVALARMIsAReminderAndAReminderIsAVALARM() async throws {
        let server = try TestServer()
        try await server.createUser("ivy")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "ivy")
            let token = try await api.token("ivy")
            let resource = "/dav/calendars/ivy/tasks/quiz.ics"
            let alarm = ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Quiz", "TRIGGER;RELATED=END:-PT2H", "END:VALARM"]
            #expect(try await dav.put(resource, vtodoText(uid: "quiz", summary: "Quiz", extra: alarm)).status == .created)
            let listed = try await Self.tasks(api, token)
            let reminders = listed.first?["reminders"] as? [[String: Any]]
            #expect(reminders?.first?["minutesBefore"] as? Int == 120)
            let id = try #require(listed.first?["id"] as? String)
            _ = try await api.request(.patch, "/api/v1/tasks/\(id)", token: token, json: ["reminders": [["minutesBefore": 30]]])
            let read = String(decoding: try await dav.request("GET", resource).body, as: UTF8.self)
            #expect(read.contains("BEGIN:VALARM") && read.contains("TRIGGER;RELATED=END:-PT30M"))
        }
    }

    @Test func anAssignmentsLMSFieldsAreReadOnlyOverDAV() async throws {
        let server = try TestServer()
        let student = try await server.createUser("eve")
        let now = server.clock.now()
        let assignment = TaskItem(
            id: .generate(), ownerID: student.id, title: "Lab report 2", course: "CHEM 105",
            due: .utc(.init(year: 2026, month: 12, day: 9, hour: 23)),
            source: .lms(system: "canvas", nativeID: "77"), createdAt: now, updatedAt: now)
        try await server.services.tasks.tasks.insert(assignment)
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "eve")
            let token = try await api.token("eve")
            let resource = "/dav/calendars/eve/tasks/\(assignment.id.rawValue)%40campuscal.ics"
            let uid = "\(assignment.id.rawValue)@campuscal"
            let renamed = vtodoText(uid: uid, summary: "Lab report (mine)", due: "20261209T230000Z", extra: ["CATEGORIES:CHEM 105"])
            let refused = try await dav.put(resource, renamed)
            #expect(refused.status == .forbidden)
            let body = String(decoding: refused.body, as: UTF8.self)
            #expect(body.contains("valid-calendar-object-resource") && body.contains("Canvas") && body.contains("change it there"))
            #expect(try await api.request(.get, "/api/v1/tasks/\(assignment.id.rawValue)", token: token).string("title") == "Lab report 2")
            // The student's own fields are theirs: priority and completion.
            let mine = vtodoText(
                uid: uid, summary: "Lab report 2", due: "20261209T230000Z", extra: ["CATEGORIES:CHEM 105", "PRIORITY:1", "STATUS:COMPLETED"])
            #expect(try await dav.put(resource, mine).status == .noContent)
            let stored = try await api.request(.get, "/api/v1/tasks/\(assignment.id.rawValue)", token: token)
            #expect(stored.string("priority") == "high" && stored.string("status") == "completed")
        }
    }

    @Test func anotherPersonsTaskCalendarIsNotFound() async throws {
        let server = try TestServer()
        try await server.createUser("ada")
        try await server.createUser("bob")
        try await server.run { api in
            let ada = try await DAVClient.signIn(api, "ada")
            let bob = try await DAVClient.signIn(api, "bob")
            _ = try await ada.put("/dav/calendars/ada/tasks/secret.ics", vtodoText(uid: "secret", summary: "Secret"))
            #expect(try await bob.propfind("/dav/calendars/ada/tasks/", depth: "1", properties: ["d:displayname"]).status == .notFound)
            #expect(try await bob.request("GET", "/dav/calendars/ada/tasks/secret.ics").status == .notFound)
            #expect(try await bob.put("/dav/calendars/ada/tasks/secret.ics", vtodoText(uid: "secret", summary: "Mine")).status == .notFound)
            // Under bob's own home the name is free, and is bob's own task.
            #expect(try await bob.request("GET", "/dav/calendars/bob/tasks/secret.ics").status == .notFound)
            #expect(try await bob.put("/dav/calendars/bob/tasks/secret.ics", vtodoText(uid: "secret", summary: "Bob's")).status == .created)
            let adas = String(decoding: try await ada.request("GET", "/dav/calendars/ada/tasks/secret.ics").body, as: UTF8.self)
            #expect(adas.contains("SUMMARY:Secret"))
        }
    }

    @Test func aVEVENTIsRefusedInTheTaskCalendarAndAVTODOInAnEventCalendarAndNothingIsStored() async throws {
        let server = try TestServer()
        try await server.createUser("fay")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "fay")
            let token = try await api.token("fay")
            let event = try await dav.put("/dav/calendars/fay/tasks/e1.ics", veventText(uid: "e1", summary: "Lecture"))
            #expect(event.status == .forbidden && String(decoding: event.body, as: UTF8.self).contains("supported-calendar-component"))
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Classes"]).string("id"))
            let todo = try await dav.put("/dav/calendars/fay/\(calendar)/t1.ics", vtodoText(uid: "t1", summary: "Task"))
            #expect(todo.status == .forbidden && String(decoding: todo.body, as: UTF8.self).contains("supported-calendar-component"))
            let misnamed = try await dav.put("/dav/calendars/fay/tasks/other.ics", vtodoText(uid: "t2", summary: "Task"))
            #expect(misnamed.status == .forbidden && String(decoding: misnamed.body, as: UTF8.self).contains("valid-calendar-object-resource"))
            #expect(try await Self.tasks(api, token).isEmpty)
        }
    }

    @Test func calendarQueryFindsTasksByTheirDueTimeAndMultigetByHref() async throws {
        let server = try TestServer()
        try await server.createUser("gus")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "gus")
            let path = "/dav/calendars/gus/tasks/"
            _ = try await dav.put(path + "early.ics", vtodoText(uid: "early", summary: "Early", due: "20261203T120000Z"))
            _ = try await dav.put(path + "late.ics", vtodoText(uid: "late", summary: "Late", due: "20261220T120000Z"))
            _ = try await dav.put(path + "undated.ics", vtodoText(uid: "undated", summary: "Whenever", due: nil))
            func query(_ filter: String) async throws -> APIClient.Reply {
                let body = """
                    <?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
                    <d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR">\(filter)</c:comp-filter></c:filter></c:calendar-query>
                    """
                return try await dav.request("REPORT", path, body: body, headers: [HTTPField.Name("Depth")!: "1"])
            }
            let all = try ParsedMultistatus(try await query(#"<c:comp-filter name="VTODO"/>"#))
            #expect(all.found.keys.sorted() == ["early", "late", "undated"].map { path + "\($0).ics" })
            // Due in the first week of December; an undated open task is in any range ending after
            // it was made (RFC 4791 §9.9: `end > CREATED`), so in this one but not in one before September.
            let week = try ParsedMultistatus(
                try await query(#"<c:comp-filter name="VTODO"><c:time-range start="20261201T000000Z" end="20261208T000000Z"/></c:comp-filter>"#))
            #expect(week.found.keys.sorted() == [path + "early.ics", path + "undated.ics"])
            let before = try ParsedMultistatus(
                try await query(#"<c:comp-filter name="VTODO"><c:time-range start="20260101T000000Z" end="20260201T000000Z"/></c:comp-filter>"#))
            #expect(before.found.isEmpty)
            #expect(week.text(path + "early.ics", .calDAV("calendar-data"))?.contains("SUMMARY:Early") == true)
            // A task calendar holds no VEVENT: a filter for events finds nothing (RFC 4791 §9.7.1).
            let events = try ParsedMultistatus(try await query(#"<c:comp-filter name="VEVENT"/>"#))
            #expect(events.hrefs.isEmpty)
            let multiget = """
                <?xml version="1.0"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
                <d:prop><d:getetag/><c:calendar-data/></d:prop><d:href>\(path)late.ics</d:href><d:href>\(path)gone.ics</d:href></c:calendar-multiget>
                """
            let got = try ParsedMultistatus(try await dav.request("REPORT", path, body: multiget))
            #expect(got.text(path + "late.ics", .calDAV("calendar-data"))?.contains("SUMMARY:Late") == true)
            #expect(got.statuses[path + "gone.ics"]?.contains("404") == true)
        }
    }

    @Test func aPhoneSyncingTheTaskCalendarLearnsRESTAndDAVChangesAndDeletions() async throws {
        let server = try TestServer()
        try await server.createUser("hal")
        try await server.run { api in
            let dav = try await DAVClient.signIn(api, "hal")
            let token = try await api.token("hal")
            let path = "/dav/calendars/hal/tasks/"
            for uid in ["keep", "change", "drop"] { _ = try await dav.put(path + "\(uid).ics", vtodoText(uid: uid, summary: uid)) }
            let first = try await CalDAVSyncTests.sync(dav, path, token: "")
            #expect(try ParsedMultistatus(first).found.keys.sorted() == ["change", "drop", "keep"].map { path + "\($0).ics" })
            let since = try CalDAVSyncTests.token(first)

            _ = try await dav.put(path + "change.ics", vtodoText(uid: "change", summary: "changed on the phone"))
            #expect(try await dav.request("DELETE", path + "drop.ics").status == .noContent)
            let rest = try #require(
                try await api.request(.post, "/api/v1/tasks", token: token, json: ["title": "From the web", "priority": "medium"]).string("id"))
            let restGone = try #require(
                try await api.request(.post, "/api/v1/tasks", token: token, json: ["title": "Brief", "priority": "low"]).string("id"))
            #expect(try await api.request(.delete, "/api/v1/tasks/\(restGone)", token: token).status == .noContent)

            let second = try ParsedMultistatus(try await CalDAVSyncTests.sync(dav, path, token: since))
            #expect(Set(second.found.keys) == [path + "change.ics", path + "\(rest)%40campuscal.ics"])
            #expect(second.statuses[path + "drop.ics"]?.contains("404") == true)
            #expect(second.statuses[path + "\(restGone)%40campuscal.ics"]?.contains("404") == true)
            #expect(second.found[path + "keep.ics"] == nil)
        }
    }
}
