import CampusCalCore
import CampusCalTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import CampusCalPlugins

/// The shipped exporter and importer, `csv-files` (C, isolated): a calendar out to CSV in the
/// columns Google Calendar, Outlook and spreadsheets read, and such files back in — through the
/// same routes and import as iCalendar files, with access checked before the plugin sees a byte
/// and each conversion in the calendar owner's disclosure log.
@Suite("csv-files (C, isolated): calendars to and from CSV through a plugin's exporter and importer")
struct CSVFilesPluginTests {
    static let id = "org.campuscal.csv-files"

    static func server(_ directory: TemporaryDirectory, edit: (String) -> String = { $0 }) async throws -> TestServer {
        let plugins = directory.file("plugins")
        try PluginFixture.installShipped("csv-files", into: plugins, edit: edit)
        return try await PluginFixture.server(plugins: plugins, directory: directory)
    }

    static func titles(_ api: APIClient, _ token: String, _ calendar: String) async throws -> [String] {
        let listed = try await api.request(
            .get, "/api/v1/calendars/\(calendar)/events?from=2026-12-01&to=2027-01-01&tz=America/Denver", token: token)
        return ((listed.json["items"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }.sorted()
    }

    static func upload(_ api: APIClient, _ token: String, _ calendar: String, _ text: String, type: String = "text/csv", query: String = "")
        async throws -> APIClient.Reply
    {
        try await api.request(
            .post, "/api/v1/calendars/\(calendar)/import\(query)", token: token, rawBody: text, headers: [.contentType: type])
    }

    @Test func aCalendarGoesOutToCSVAndComesBackUnchanged() async throws {
        let directory = TemporaryDirectory()
        let server = try await Self.server(directory)
        #expect(await server.services.plugins.plugins().map(\.status) == [.active])
        try await server.createUser("avery")
        try await server.createUser("blake")
        try await server.run { api in
            let avery = try await api.token("avery")
            let blake = try await api.token("blake")

            let formats = try await api.request(.get, "/api/v1/file-formats", token: avery)
            let csv = ((formats.json["items"] as? [[String: Any]]) ?? []).first { $0["format"] as? String == "csv" }
            #expect(csv?["import"] as? Bool == true && csv?["export"] as? Bool == true && csv?["pluginId"] as? String == Self.id, "\(formats.json)")

            let calendar = try #require(try await api.request(.post, "/api/v1/calendars", token: avery, json: ["name": "Fall Term"]).string("id"))
            let events: [[String: Any]] = [
                [
                    "title": "Lecture, \"Chem\" 101", "location": "Room 12, Eyring", "description": "Bring goggles\nand a pen",
                    "start": ["dateTime": "2026-12-03T10:00:00", "timeZone": "America/Denver"],
                    "end": ["dateTime": "2026-12-03T11:15:00", "timeZone": "America/Denver"],
                ],
                ["title": "Reading days", "start": ["date": "2026-12-10"], "end": ["date": "2026-12-12"]],
                [
                    "title": "Lab", "start": ["dateTime": "2026-12-01T14:00:00", "timeZone": "America/Denver"],
                    "end": ["dateTime": "2026-12-01T16:00:00", "timeZone": "America/Denver"], "recurrenceRule": "FREQ=WEEKLY;COUNT=3",
                ],
                [
                    "title": "=HYPERLINK(\"http://evil.example\")", "start": ["dateTime": "2026-12-05T09:00:00Z"],
                    "end": ["dateTime": "2026-12-05T09:30:00Z"],
                ],
            ]
            for event in events {
                let created = try await api.request(.post, "/api/v1/calendars/\(calendar)/events", token: avery, json: event)
                #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
            }

            let exported = try await api.request(
                .get, "/api/v1/calendars/\(calendar)/export?format=csv&from=2026-12-01&to=2027-01-01&tz=America/Denver", token: avery)
            #expect(exported.status == .ok)
            #expect(exported.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(exported.headers[.contentDisposition] == "attachment; filename=\"FallTerm.csv\"")
            let text = String(decoding: exported.body, as: UTF8.self)
            let lines = text.components(separatedBy: "\r\n")
            #expect(lines.first?.hasPrefix("Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location") == true, "\(text)")
            #expect(
                text.contains("\"Lecture, \"\"Chem\"\" 101\",12/03/2026,10:00 AM,12/03/2026,11:15 AM,False,\"Bring goggles\nand a pen\""), "\(text)")
            // All-day: the spreadsheet's end date is the last day (the calendar's end is exclusive).
            #expect(text.contains("Reading days,12/10/2026,,12/11/2026,,True"), "\(text)")
            // Each occurrence of a repeating event is a row; 09:00 UTC is 2 AM in Denver.
            #expect(lines.filter { $0.hasPrefix("Lab,") }.count == 3, "\(text)")
            #expect(text.contains("12/05/2026,2:00 AM"), "\(text)")
            // A cell a spreadsheet would run as a formula is made text.
            #expect(text.contains("'=HYPERLINK"), "\(text)")

            // Back in, into another calendar: the same events; a second import changes nothing.
            let copy = try #require(try await api.request(.post, "/api/v1/calendars", token: avery, json: ["name": "Copy"]).string("id"))
            let first = try await Self.upload(api, avery, copy, text, query: "?tz=America/Denver")
            #expect(first.status == .ok, "\(first.json)")
            #expect(first.json["created"] as? Int == 6 && (first.json["problems"] as? [Any])?.isEmpty == true, "\(first.json)")
            let again = try await Self.upload(api, avery, copy, text, query: "?tz=America/Denver")
            #expect(again.json["unchanged"] as? Int == 6 && again.json["created"] as? Int == 0, "\(again.json)")
            let original = try await Self.titles(api, avery, calendar)
            let copied = try await Self.titles(api, avery, copy)
            #expect(copied == original, "\(copied) \(original)")
            let lecture = try await api.request(
                .get, "/api/v1/calendars/\(copy)/events?from=2026-12-03&to=2026-12-04&tz=America/Denver", token: avery)
            let item = ((lecture.json["items"] as? [[String: Any]]) ?? []).first
            #expect(item?["startsAt"] as? String == "2026-12-03T17:00:00Z" && item?["location"] as? String == "Room 12, Eyring", "\(lecture.json)")

            // Google Calendar's own columns (no UID): rows that cannot be read are reported by line, the rest imported.
            let google = """
                Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location,Private\r
                Office hours,01/12/2027,1:00 PM,01/12/2027,2:00 PM,False,"Bring
                questions",Room 3,False\r
                Broken,13/45/2027,1:00 PM,,,False,,,False\r
                Exam week,2027-04-19,,2027-04-23,,True,,,False\r

                """
            let imported = try await Self.upload(api, avery, copy, google, type: "text/csv; charset=utf-8")
            #expect(imported.json["created"] as? Int == 2, "\(imported.json)")
            let problems = (imported.json["problems"] as? [[String: Any]]) ?? []
            #expect(problems.count == 1 && problems.first?["line"] as? Int == 4, "\(problems)")
            #expect((problems.first?["message"] as? String)?.contains("13/45/2027") == true, "\(problems)")
            #expect(try await Self.upload(api, avery, copy, google).json["unchanged"] as? Int == 2)

            // A file the plugin cannot read at all: its words, as a problem; nothing imported.
            let garbage = try await Self.upload(api, avery, copy, "just some words\nnot a calendar\n")
            #expect(garbage.status == .unprocessableContent && garbage.problemCode == "unreadable-file", "\(garbage.json)")
            #expect((garbage.string("detail") ?? "").contains("Subject"), "\(garbage.json)")

            // Formats nobody provides, and uploads of a type nobody reads.
            let unknown = try await api.request(.get, "/api/v1/calendars/\(calendar)/export?format=xlsx", token: avery)
            #expect(unknown.status == .notFound && unknown.problemCode == "format-not-found", "\(unknown.json)")
            let plain = try await Self.upload(api, avery, copy, "hello", type: "text/plain")
            #expect(plain.status == .unsupportedMediaType && (plain.string("detail") ?? "").contains("text/csv"), "\(plain.json)")

            // Someone else's calendar: neither exported nor imported into, and the plugin never runs for it.
            @Sendable func conversions() async throws -> [[String: Any]] {
                let log = try await api.request(.get, "/api/v1/me/disclosures", token: avery)
                return ((log.json["items"] as? [[String: Any]]) ?? []).filter { $0["recipientId"] as? String == Self.id }
            }
            let before = try await conversions().count
            #expect(try await api.request(.get, "/api/v1/calendars/\(calendar)/export?format=csv", token: blake).status == .notFound)
            #expect(try await Self.upload(api, blake, calendar, google).status == .notFound)
            #expect(try await Self.titles(api, avery, calendar) == original)

            // Every conversion is in Avery's disclosure log, as a release to the plugin at Avery's request.
            let entries = try await conversions()
            #expect(entries.count == before && entries.count == 6, "\(entries)")
            #expect(entries.allSatisfy { $0["basis"] as? String == "legal" && ($0["categories"] as? [String]) == ["events"] }, "\(entries)")
        }
        await server.services.plugins.stopAll()
    }

    @Test func anExporterWithoutPermissionToReadEventsIsRefused() async throws {
        let directory = TemporaryDirectory()
        let server = try await Self.server(directory) { $0.replacingOccurrences(of: "data = [\"events\"]", with: "data = []") }
        let status = await server.services.plugins.plugins().first?.status
        guard case .failed(let reason) = status else {
            Issue.record("loaded: \(String(describing: status))")
            return
        }
        #expect(reason.contains("do not include data = [\"events\"]"), "\(reason)")
        await server.services.plugins.stopAll()
    }
}
