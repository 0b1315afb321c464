import CCampusCalPluginABI
import CampusCalCore
import CampusCalICalendar
import Foundation

/// The rules for everything a plugin hands back — lengths, UTF-8, dates, counts, sizes — in one
/// place (issue #26, finding 3).
///
/// `CheckedPlugin` applies them on the server after every call, whether the answer came from a
/// direct call or from a runner's message: a runner is as untrusted as the plugin in it, so what
/// it says is checked as if the plugin had said it. The collectors that take a plugin's C structs
/// apply the same rules as each value is emitted, so that the plugin hears CC_INVALID_ARGUMENT at
/// once; they own only what is C-specific (`struct_size`, NUL-terminated text).
enum PluginOutputRules {
    /// Byte limits of text a plugin gives, as the header states them.
    static let labelBytes = 128
    static let labelKindBytes = 32
    static let panelNameBytes = 32
    static let panelLabelBytes = 64
    static let panelValueBytes = 256
    static let maximumPanelFields = 32
    static let uidBytes = 255
    static let titleBytes = 1000
    static let descriptionBytes = 64 << 10
    static let locationBytes = 1000
    static let ruleBytes = 1000
    static let zoneBytes = 64
    static let problemBytes = 1000
    static let maximumProblems = 1000
    /// A plugin's own words (a failure's message, a refusal's reason): what the host's message
    /// buffer holds, so that a runner cannot make a log line or a response any longer.
    static let messageBytes = 1024

    /// `text` when it fits `limit` bytes and holds no NUL (a C reader would cut it short); nil otherwise.
    static func text(_ text: String, limit: Int) -> String? {
        guard text.utf8.count <= limit, !text.utf8.contains(0) else { return nil }
        return text
    }

    /// A plugin's message, cut to `messageBytes` on a character boundary.
    static func message(_ text: String) -> String {
        guard text.utf8.count > messageBytes else { return text }
        var cut = ""
        for character in text {
            guard cut.utf8.count + character.utf8.count <= messageBytes - 3 else { break }
            cut.append(character)
        }
        return cut + "…"
    }

    // MARK: Day labels

    /// Why `label` cannot be shown for a call that asked for `first`…`last`; nil when it can.
    static func refusal(of label: DayLabel, first: LocalDate, last: LocalDate) -> String? {
        guard label.date.isValid, label.date >= first, label.date <= last else {
            return "a label on \(label.date.year)-\(label.date.month)-\(label.date.day), outside \(first)…\(last) or not a date"
        }
        guard !label.label.isEmpty, text(label.label, limit: labelBytes) != nil, text(label.kind, limit: labelKindBytes) != nil else {
            return "a label on \(label.date) whose text or kind is missing, too long or not UTF-8"
        }
        return nil
    }

    /// The labels that may be shown (under the plugin's own id, whatever it claimed), and why the first refused one was not.
    static func labels(_ labels: [DayLabel], first: LocalDate, last: LocalDate, source: String) -> (kept: [DayLabel], refused: String?) {
        var kept: [DayLabel] = []
        var refused: String?
        // At most one label per plugin and kind a day is plenty: a bound on what a call can add to a page.
        let maximum = (last.dayNumber - first.dayNumber + 1) * 8
        for label in labels {
            if let reason = refusal(of: label, first: first, last: last) {
                refused = refused ?? reason
                continue
            }
            guard kept.count < maximum else {
                refused = refused ?? "more than \(maximum) labels for \(first)…\(last)"
                break
            }
            kept.append(DayLabel(date: label.date, label: label.label, kind: label.kind.isEmpty ? "label" : label.kind, source: source))
        }
        return (kept, refused)
    }

    // MARK: Panels

    /// Why a panel field cannot be shown; nil when it can.
    static func refusal(of field: PluginPanelField) -> String? {
        guard !field.name.isEmpty, text(field.name, limit: panelNameBytes) != nil,
            field.name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }),
            text(field.label, limit: panelLabelBytes) != nil, text(field.value, limit: panelValueBytes) != nil
        else { return "a field whose name, label or value is missing, too long or not UTF-8" }
        return nil
    }

    static func panel(_ fields: [PluginPanelField]) -> (kept: [PluginPanelField], refused: String?) {
        var kept: [PluginPanelField] = []
        var refused: String?
        for field in fields {
            if let reason = refusal(of: field) {
                refused = refused ?? reason
                continue
            }
            guard kept.count < maximumPanelFields else {
                refused = refused ?? "more than \(maximumPanelFields) fields"
                break
            }
            kept.append(field)
        }
        return (kept, refused)
    }

    // MARK: Files

    /// Why an imported event cannot be taken (a sentence for the person who sent the file); nil when it can.
    static func refusal(of event: PluginCalendarEvent, isKnownZone: (String) -> Bool = EventTime.isKnownTimeZone) -> String? {
        guard !event.uid.isEmpty, text(event.uid, limit: uidBytes) != nil else { return "it has no id (uid) of 1…255 bytes" }
        guard text(event.title, limit: titleBytes) != nil else { return "its title is longer than 1,000 bytes or not UTF-8" }
        let title = event.title.prefix(80)
        for (value, limit) in [(event.description, descriptionBytes), (event.location, locationBytes), (event.recurrenceRule, ruleBytes)] {
            if let value, text(value, limit: limit) == nil { return "'\(title)' has a description, place or rule too long or not UTF-8" }
        }
        if let zone = event.timeZone, text(zone, limit: zoneBytes) == nil { return "'\(title)' has a time zone name that is not UTF-8" }
        if let zone = event.timeZone, !event.allDay, !isKnownZone(zone) {
            return "'\(title)' is in the time zone '\(zone)', which is not an IANA zone name"
        }
        guard isReal(event.start, dateOnly: event.allDay), isReal(event.end, dateOnly: event.allDay) else {
            return "'\(title)' has a start or end that is not a date and time"
        }
        guard event.end > event.start else { return "'\(title)' ends before it starts, or when it starts" }
        return nil
    }

    /// Whether a date and time could be on a calendar (a runner's message may carry any six numbers).
    static func isReal(_ time: LocalDateTime, dateOnly: Bool) -> Bool {
        guard (1...9999).contains(time.date.year), time.date.isValid else { return false }
        if dateOnly { return time.hour == 0 && time.minute == 0 && time.second == 0 }
        return (0...23).contains(time.hour) && (0...59).contains(time.minute) && (0...59).contains(time.second)
    }

    /// An importer's file with every event checked again and every count bounded: a bad event
    /// becomes a problem on its line, as when the plugin emitted it in the server.
    static func importedFile(_ file: PluginImportedFile) -> PluginImportedFile {
        var zones: [String: Bool] = [:]
        func known(_ zone: String) -> Bool {
            if let known = zones[zone] { return known }
            let known = EventTime.isKnownTimeZone(zone)
            if zones.count < 64 { zones[zone] = known }
            return known
        }
        var problems = file.problems.prefix(maximumProblems).map { problem in
            PluginFileProblem(
                line: problem.line.flatMap { $0 > 0 ? $0 : nil },
                message: text(problem.message, limit: problemBytes) ?? "(a problem the importer described in text that is too long)")
        }
        var events: [PluginCalendarEvent] = []
        for event in file.events {
            guard events.count < PluginFileFormat.maximumEvents else { break }
            if let reason = refusal(of: event, isKnownZone: known) {
                if problems.count < maximumProblems {
                    problems.append(PluginFileProblem(line: event.line, message: "An event was not imported: \(reason)."))
                }
                continue
            }
            events.append(event)
        }
        return PluginImportedFile(events: events, problems: problems)
    }

    // MARK: What a plugin says about itself

    /// The features the server will use of those a plugin says it has: only ids its manifest —
    /// the server's own copy — promises.
    static func features(_ claimed: Set<String>, manifest: PluginManifest) -> Set<String> {
        claimed.intersection(manifest.provides)
    }

    /// A scheduled job's interval as the ABI bounds it (0: none).
    static func jobInterval(_ seconds: UInt32) -> UInt32 {
        (UInt32(CC_JOB_MINIMUM_INTERVAL)...UInt32(CC_JOB_MAXIMUM_INTERVAL)).contains(seconds) ? seconds : 0
    }

    /// An exporter's or importer's format, if every string is within bounds (the loader checked it in
    /// the process that loaded the plugin; a runner's copy is checked again).
    static func format(_ format: PluginFileFormat?) -> PluginFileFormat? {
        guard let format, PluginFileFormat.isValidID(format.format), format.format != "ics", !format.name.isEmpty,
            text(format.name, limit: 64) != nil, text(format.mediaType, limit: 128) != nil,
            format.mediaType.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }),
            format.fileExtension.map({ text($0, limit: 16) != nil && !$0.isEmpty }) ?? true
        else { return nil }
        return format
    }
}
