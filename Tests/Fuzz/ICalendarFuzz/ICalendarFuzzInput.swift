import CampusCalCore
import CampusCalICalendar
import Foundation

/// One fuzz input for the iCalendar layer, taken the way the server takes an uploaded or subscribed
/// `.ics` file: parse and map (`ICalendarImport`), build the server's events with their overrides
/// (`ImportedEvents`, as `EventService.importCalendar` does), expand each over a bounded window (as
/// a calendar view does), and export the result again (as `export.ics` does).
///
/// Shared by the libFuzzer target and the corpus replay test (Tests/CampusCalCoreTests/Fuzz links
/// to this file), so both exercise exactly the same code. It uses only the core's public API.
enum ICalendarFuzzInput {
    /// A fixed clock: the same input must do the same thing on every run.
    static let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    /// A viewer zone with DST, so floating times and dates cross gaps and folds.
    static let viewer = TimeZone(identifier: "America/New_York")!
    /// The events expanded per input: a big file is still parsed and mapped whole, but expanding
    /// thousands of series would only measure the fuzzer's patience, not find new behaviour.
    static let expandedEvents = 64

    static func run(_ bytes: [UInt8]) {
        let file = ICalendarImport(bytes: bytes)
        let imported = ImportedEvents(file.events, calendarID: CalendarID(rawValue: "fuzz"), existing: [:], now: now)
        for (event, _) in imported.events.prefix(expandedEvents) {
            // The longest window a query may ask for, starting a day before the series does.
            let from = event.start.instant(viewerTimeZone: viewer).addingTimeInterval(-86_400)
            let to = from.addingTimeInterval(Double(EventService.maximumWindowDays) * 86_400)
            _ = EventService.occurrences(of: event, from: from, to: to, viewerTimeZone: viewer)
        }
        for todo in file.todos.prefix(expandedEvents) {
            // A task's rule is read on its own (TaskChanges), without a VEVENT's DTSTART.
            if let text = todo.recurrenceRule { _ = try? RecurrenceRule(parsing: text) }
        }
        // Export what was imported (every event with its overrides) and the raw tree, and read both back.
        let exported = ICalendarExport.text(
            events: imported.events.flatMap(\.event.iCalendarEvents), todos: file.todos, timestamp: now)
        _ = ICalendarImport(text: exported)
        _ = ICalendarParser.parse(ICalendarSerializer.serialize(file.document.components))
    }
}
