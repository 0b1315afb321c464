import CampusCalCore
import CampusCalICalendar
import Foundation

/// One fuzz input for the window query over an imported calendar (issue #24): the first 8 bytes pick
/// the window (its start and its length, an hour to the longest a query may ask for), the rest is an
/// `.ics` file. Every event it imports is expanded in that window within one request's
/// `ExpansionBudget`, as `GET /calendars/{id}/events?from=…&to=…` does; a budget refusal
/// (`EventError.tooManyOccurrences`) is a correct answer. What must never happen is a crash, a hang
/// (libFuzzer's -timeout) or memory beyond its -rss_limit_mb: the review's H6 was 2,000 SECONDLY
/// events that a year view expanded for minutes.
///
/// Shared by the libFuzzer target and the corpus replay test (Tests/CampusCalCoreTests/Fuzz links
/// to this file). It uses only the core's public API.
enum WindowFuzzInput {
    static let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    static let viewer = TimeZone(identifier: "America/Denver")!

    static func run(_ bytes: [UInt8]) {
        guard bytes.count >= 8 else { return }
        // Start: within ±4 years of 2026-01-01, in hours; length: 1 hour to the longest window.
        let startHours = Int(bytes[0]) << 8 | Int(bytes[1])
        let lengthHours = 1 + (Int(bytes[2]) << 8 | Int(bytes[3])) % (EventService.maximumWindowDays * 24)
        let from = now.addingTimeInterval(Double(startHours - 32_768) * 3600)
        let to = from.addingTimeInterval(Double(lengthHours) * 3600)
        let file = ICalendarImport(bytes: Array(bytes[8...]))
        let imported = ImportedEvents(file.events, calendarID: CalendarID(rawValue: "fuzz"), existing: [:], now: now)
        var budget = ExpansionBudget(maximumOccurrences: ResourceLimits.standard.maximumOccurrencesPerRequest)
        var produced = 0
        do {
            for (event, _) in imported.events {
                produced += try EventService.occurrences(of: event, from: from, to: to, viewerTimeZone: viewer, budget: &budget).count
            }
        } catch {
            // Over budget: the request would be answered 422 here; the bound held.
            return
        }
        precondition(produced <= budget.maximumOccurrences, "the budget let \(produced) occurrences through")
    }
}
