import CampusCalTestSupport
import Foundation
import Testing

/// Only a calendar's owner makes, changes or imports over a private event (issue #24): a `write`
/// recipient who knows a private event's UID must not overwrite it through an import, nor add
/// private events they would themselves see only as "Busy".
@Suite("Private events are written by their owner only")
struct PrivateEventWriteTests {
    static func file(classification: String, title: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:therapy@test\r\nDTSTART:20261204T170000Z\r\n"
            + "DTEND:20261204T180000Z\r\nSUMMARY:\(title)\r\nCLASS:\(classification)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    @Test func aWriteRecipientCannotImportOverAPrivateEventNorAddOne() async throws {
        let server = try TestServer()
        try await server.run { api in
            _ = try await api.register("olga")
            _ = try await api.register("walt")
            let owner = try await api.token("olga")
            let writer = try await api.token("walt")
            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: owner, json: ["name": "Personal"]).string("id"))
            let imported = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/import", token: owner, rawBody: Self.file(classification: "PRIVATE", title: "Therapy"),
                headers: [.contentType: "text/calendar"])
            #expect(imported.json["created"] as? Int == 1)
            let shared = try await api.request(
                .post, "/api/v1/calendar-shares", token: owner, json: ["calendarIds": [calendar], "usernames": ["walt"], "level": "write"])
            #expect(shared.status.code < 300)

            // Overwriting it by UID with a public copy would reveal nothing but destroy the owner's details.
            let overwrite = try await api.request(
                .post, "/api/v1/calendars/\(calendar)/import", token: writer, rawBody: Self.file(classification: "PUBLIC", title: "Gotcha"),
                headers: [.contentType: "text/calendar"])
            #expect(overwrite.status == .ok)
            #expect(overwrite.json["updated"] as? Int == 0)
            let problems = (overwrite.json["problems"] as? [[String: Any]]) ?? []
            #expect(problems.contains { ($0["message"] as? String)?.contains("only the calendar's owner may import it") == true })
            let list = try await api.request(.get, "/api/v1/calendars/\(calendar)/events?from=2026-12-01&to=2026-12-31", token: owner)
            #expect((list.json["items"] as? [[String: Any]])?.first?["title"] as? String == "Therapy")

            let event: [String: Any] = [
                "title": "Secret", "classification": "PRIVATE", "start": ["dateTime": "2026-12-05T10:00:00", "timeZone": "America/Denver"],
            ]
            let added = try await api.request(.post, "/api/v1/calendars/\(calendar)/events", token: writer, json: event)
            #expect(added.status == .forbidden)
            #expect(added.headers[.contentType] == "application/problem+json")
        }
    }
}
