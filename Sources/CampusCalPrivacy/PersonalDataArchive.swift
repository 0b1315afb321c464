import CampusCalCore
import CampusCalICalendar
import Foundation

/// Everything the server holds about one person, as one ZIP archive in open formats (FERPA §99.10,
/// SRS 3.2.13.4): every stored record as JSON, calendars and tasks as iCalendar, and a README that
/// says what each file is and what was withheld (secrets that protect the person).
public enum PersonalDataArchive {
    /// One calendar and its events, for its `.ics` file.
    public struct CalendarFile: Sendable {
        public var calendar: CalendarCollection
        public var events: [CalendarEvent]

        public init(calendar: CalendarCollection, events: [CalendarEvent]) {
            self.calendar = calendar
            self.events = events
        }
    }

    /// The archive's bytes. Paths: `README.txt`, `manifest.json`, `data/<kind>.json` (one JSON array
    /// per kind of record), `calendars/<name>.ics`, `tasks.ics`.
    public static func build(
        user: User, records: [PersonalRecordSet], calendars: [CalendarFile], tasks: [TaskItem], generatedAt: Date
    ) throws -> [UInt8] {
        var archive = ZipArchive()
        var manifest: [[String: Any]] = []
        for set in records {
            let path = "data/\(set.name).json"
            try archive.add(path: path, contents: try json(set.records.map(jsonObject)), modified: generatedAt)
            manifest.append(["path": path, "records": set.records.count, "about": set.about, "withheldFields": set.withheldFields])
        }
        var usedNames: Set<String> = []
        for file in calendars {
            let path = "calendars/\(uniqueFileName(file.calendar.name, used: &usedNames)).ics"
            let text = ICalendarExport.text(
                events: file.events.flatMap(\.iCalendarEvents), calendarProperties: [.text("X-WR-CALNAME", file.calendar.name)],
                timestamp: generatedAt)
            try archive.add(path: path, text: text, modified: generatedAt)
            manifest.append(["path": path, "records": file.events.count, "about": "The calendar '\(file.calendar.name)' in iCalendar format."])
        }
        try archive.add(
            path: "tasks.ics",
            text: ICalendarExport.text(
                events: [], todos: tasks.map(\.iCalendarTodo), calendarProperties: [.text("X-WR-CALNAME", "Tasks")], timestamp: generatedAt),
            modified: generatedAt)
        manifest.append(["path": "tasks.ics", "records": tasks.count, "about": "Your tasks and assignments in iCalendar format (VTODO)."])
        let summary: [String: Any] = [
            "generatedAt": generatedAt.formatted(.iso8601), "userId": user.id.rawValue, "username": user.username, "files": manifest,
        ]
        try archive.add(path: "manifest.json", contents: try json(summary), modified: generatedAt)
        try archive.add(path: "README.txt", text: readme(user: user, records: records, generatedAt: generatedAt), modified: generatedAt)
        return archive.bytes()
    }

    private static func readme(user: User, records: [PersonalRecordSet], generatedAt: Date) -> String {
        var lines = [
            "Your CampusCal data",
            "===================",
            "",
            "Everything CampusCal holds about \(user.displayName) (\(user.username)), as of \(generatedAt.formatted(.iso8601)).",
            "You have the right to inspect your education records (FERPA, 34 CFR 99.10); this archive is that record.",
            "",
            "data/*.json      every stored record, one JSON array per kind (times in UTC, ISO 8601)",
            "calendars/*.ics  each calendar you own, for any calendar program (iCalendar, RFC 5545)",
            "tasks.ics        your tasks and assignments (iCalendar VTODO)",
            "manifest.json    the list of files and how many records each holds",
            "",
            "What each data file holds:",
        ]
        for set in records {
            var line = "  \(set.name).json: \(set.about) (\(set.records.count) records)"
            if !set.withheldFields.isEmpty {
                line +=
                    " — withheld: \(set.withheldFields.joined(separator: ", ")) (one-way hashes of your password or of secret "
                    + "links, and your LMS sign-in secrets, sealed with the server's key: they protect you, and a copy could be misused)"
            }
            lines.append(line)
        }
        lines += [
            "",
            "disclosures.json lists every time your data went to anyone but you: who, what, why, on what basis, and how many records.",
            "consents.json lists the disclosure agreements you agreed to and when you withdrew them.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func jsonObject(_ record: [String: PersonalValue]) -> [String: Any] {
        record.mapValues { value -> Any in
            switch value {
            case .null: NSNull()
            case .integer(let number): number
            case .real(let number): number
            case .text(let text): text
            case .bytes(let bytes): Data(bytes).base64EncodedString()
            }
        }
    }

    private static func json(_ object: Any) throws -> [UInt8] {
        [UInt8](try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
    }

    /// A file name from a calendar name: letters, digits, spaces, '-' and '_' kept, made unique.
    private static func uniqueFileName(_ name: String, used: inout Set<String>) -> String {
        let kept = String(
            name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_" }.prefix(60))
        let base = kept.trimmingCharacters(in: .whitespaces).isEmpty ? "calendar" : kept.trimmingCharacters(in: .whitespaces)
        var candidate = base
        var number = 2
        while used.contains(candidate.lowercased()) {
            candidate = "\(base) \(number)"
            number += 1
        }
        used.insert(candidate.lowercased())
        return candidate
    }
}
