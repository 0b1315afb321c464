import CampusCalCore
import CampusCalICalendar
import Foundation

/// One fuzz input for the RRULE parser and the expansion behind it, taken the way the server takes
/// a rule from a client or a file: parse it (`RecurrenceRule(parsing:)`), store its canonical text
/// and read that back (the store keeps `rfc5545`), and expand it from a DTSTART over bounded windows.
///
/// The input is the RRULE value, optionally preceded by a `DTSTART…` content line and a line break
/// (`DTSTART;TZID=Europe/London:20260329T013000`); without one, a few awkward starts are tried.
///
/// Shared by the libFuzzer target and the corpus replay test (Tests/CampusCalCoreTests/Fuzz links
/// to this file), so both exercise exactly the same code. It uses only the core's public API.
enum RecurrenceFuzzInput {
    /// A viewer zone with DST, so floating times and dates cross gaps and folds.
    static let viewer = TimeZone(identifier: "America/New_York")!
    /// Starts on days and times that break naive date arithmetic: a DST gap, a leap day, the 31st
    /// of a month, the last second before year 10000.
    static let defaultStarts: [EventTime] = [
        .zoned(LocalDateTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30), timeZone: "America/New_York"),
        .date(LocalDate(year: 2024, month: 2, day: 29)),
        .floating(LocalDateTime(year: 2026, month: 1, day: 31, hour: 23, minute: 59, second: 59)),
        .utc(LocalDateTime(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59)),
    ]
    /// How many instances the open-ended walk takes (storage walks up to 100,000 for a series'
    /// bounds, reminders a few; a few hundred reach every code path without dominating the run).
    static let walked = 300

    static func run(_ bytes: [UInt8]) {
        var text = String(decoding: bytes, as: UTF8.self)
        var starts = defaultStarts
        if text.uppercased().hasPrefix("DTSTART"), let lineEnd = text.firstIndex(where: \.isNewline) {
            // Read the start as the server reads a file's DTSTART; an unreadable one leaves the defaults.
            let line = String(text[..<lineEnd])
            text = String(text[lineEnd...].dropFirst())
            let event = ICalendarImport(text: "BEGIN:VEVENT\r\nUID:fuzz\r\n\(line)\r\nEND:VEVENT\r\n").events.first
            if let start = event?.start { starts = [start] }
        }
        guard let rule = try? RecurrenceRule(parsing: text) else { return }
        // The store keeps the canonical text and parses it on every read: it must give the same rule back.
        let stored = rule.rfc5545
        guard let reread = try? RecurrenceRule(parsing: stored), reread == rule else {
            fatalError("RRULE '\(text)' is stored as '\(stored)', which does not read back as the same rule")
        }
        for start in starts {
            let set = RecurrenceSet(start: start, rules: [rule])
            // The longest window a query may ask for, from a day before DTSTART, and one ten years
            // on (rules without COUNT jump straight there), at most as many instances as a query shows.
            let first = start.instant(viewerTimeZone: viewer).addingTimeInterval(-86_400)
            for from in [first, first.addingTimeInterval(10 * 365.25 * 86_400)] {
                let to = from.addingTimeInterval(Double(EventService.maximumWindowDays) * 86_400)
                _ = set.occurrences(from: from, to: to, viewerTimeZone: viewer, limit: EventService.maximumOccurrencesPerEvent)
            }
            // The open-ended walk reminders and storage's series bounds use.
            for _ in set.occurrences(viewerTimeZone: viewer).prefix(walked) {}
        }
    }
}
