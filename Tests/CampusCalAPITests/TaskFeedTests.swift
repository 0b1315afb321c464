import CampusCalTestSupport
import Foundation
import Testing

/// Tasks and assignments outside CampusCal (issue #29): the task list as VTODOs for programs that
/// import files, and a subscription feed that shows them as events at their due times, because
/// Google Calendar and Outlook show no VTODO from a subscribed calendar.
@Suite("Tasks as iCalendar: the VTODO export and the calendar-and-tasks feed")
struct TaskFeedTests {
    static func text(_ reply: APIClient.Reply) -> String { String(decoding: reply.body, as: UTF8.self) }

    @Test func theTaskExportIsTheCallersOwnTasksAsVTODOsFilteredLikeTheList() async throws {
        let server = try TestServer()
        try await server.createUser("pia")
        try await server.createUser("rex")
        try await server.run { api in
            let token = try await api.token("pia")
            let essay: [String: Any] = [
                "title": "History essay", "priority": "high", "course": "HIST 201", "due": ["date": "2027-03-10"],
                "reminders": [["minutesBefore": 1440]],
            ]
            #expect(try await api.request(.post, "/api/v1/tasks", token: token, json: essay).status == .created)
            #expect(
                try await api.request(.post, "/api/v1/tasks", token: token, json: ["title": "Laundry", "priority": "low"]).status == .created)
            let rexToken = try await api.token("rex")
            #expect(
                try await api.request(.post, "/api/v1/tasks", token: rexToken, json: ["title": "Rex's secret", "priority": "medium"]).status
                    == .created)

            let export = try await api.request(.get, "/api/v1/tasks/export.ics", token: token)
            #expect(export.status == .ok && export.headers[.contentType] == "text/calendar; charset=utf-8")
            let text = Self.text(export)
            #expect(text.components(separatedBy: "BEGIN:VTODO").count == 3)
            #expect(text.contains("SUMMARY:History essay") && text.contains("PRIORITY:1") && text.contains("CATEGORIES:HIST 201"))
            #expect(text.contains("DUE;VALUE=DATE:20270310") && text.contains("BEGIN:VALARM") && text.contains("PRIORITY:9"))
            #expect(!text.contains("Rex"))
            // The list's filters apply.
            let high = Self.text(try await api.request(.get, "/api/v1/tasks/export.ics?priority=high", token: token))
            #expect(high.contains("History essay") && !high.contains("Laundry"))
            #expect(try await api.request(.get, "/api/v1/tasks/export.ics?status=maybe", token: token).status == .badRequest)
            #expect(try await api.request(.get, "/api/v1/tasks/export.ics").status == .unauthorized)
        }
    }

    @Test func theCombinedFeedShowsOpenWorkAtItsDueTimesAndItsTagFollowsTheTasks() async throws {
        let server = try TestServer()
        try await server.createUser("pia")
        try await server.run { api in
            let token = try await api.token("pia")
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: token, json: ["name": "Classes"]).string("id"))
            _ = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/events", token: token, json: ["title": "Lecture", "start": ["date": "2027-03-08"]])
            let essay = try #require(
                try await api.request(
                    .post, "/api/v1/tasks", token: token,
                    json: ["title": "Essay", "priority": "high", "course": "HIST 201", "due": ["date": "2027-03-10"]]
                ).string("id"))
            _ = try await api.request(
                .post, "/api/v1/tasks", token: token,
                json: ["title": "Quiz", "priority": "medium", "due": ["dateTime": "2027-03-11T09:30:00", "timeZone": "America/Denver"]])
            _ = try await api.request(.post, "/api/v1/tasks", token: token, json: ["title": "Someday", "priority": "low"])

            let feed = try await api.request(.post, "/api/v1/calendars/\(calendar)/feed", token: token)
            let path = try #require(feed.string("withTasksPath"))
            #expect(feed.string("withTasksUrl")?.hasSuffix(path) == true && path.hasSuffix("/calendar-and-tasks.ics"))
            let fetched = try await api.request(.get, path)
            #expect(fetched.status == .ok && fetched.headers[.cacheControl] == "private, max-age=300")
            let text = Self.text(fetched)
            // Events only (no VTODO, which subscribed Google and Outlook calendars drop): the calendar's
            // own, a due date as an all-day event, a due time as a point in time that is not busy.
            #expect(!text.contains("BEGIN:VTODO") && text.contains("SUMMARY:Lecture"))
            #expect(text.contains("SUMMARY:Due: Essay") && text.contains("DTSTART;VALUE=DATE:20270310"))
            #expect(text.contains("SUMMARY:Due: Quiz") && text.contains("DTSTART;TZID=America/Denver:20270311T093000"))
            #expect(text.contains("TRANSP:TRANSPARENT") && !text.contains("Someday"))
            // The calendar alone stays the calendar alone.
            let alone = Self.text(try await api.request(.get, try #require(feed.string("path"))))
            #expect(alone.contains("SUMMARY:Lecture") && !alone.contains("Due: Essay"))

            // Polls that find nothing new get 304; finishing the essay takes it off the feed.
            let tag = try #require(fetched.headers[.eTag])
            #expect(try await api.request(.get, path, headers: [.ifNoneMatch: tag]).status == .notModified)
            let done = try await api.request(.patch, "/api/v1/tasks/\(essay)", token: token, json: ["status": "completed"])
            #expect(done.status == .ok)
            let after = try await api.request(.get, path, headers: [.ifNoneMatch: tag])
            #expect(after.status == .ok && !Self.text(after).contains("Due: Essay") && after.headers[.eTag] != tag)
            #expect(try await api.request(.get, "/feeds/guess/calendar-and-tasks.ics").status == .notFound)
        }
    }
}
