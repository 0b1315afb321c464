// Window mode of icalendar-oracle, for Tests/Oracles/window_oracle.py: the occurrences a viewer
// sees in a window, as the server computes them, to compare with Python's recurring-ical-events.
//
//   icalendar-oracle --window FROM TO VIEWER < in.ics     one calendar, one window
//   icalendar-oracle --windows < requests.json            many, in one process (the driver's way)
//
// FROM and TO are ISO 8601 instants (2024-03-10T08:00:00Z) or seconds since 1970; VIEWER is an IANA
// zone. requests.json is [{"ics": "...", "windows": [{"from": …, "to": …, "viewer": …}]}]; the answer
// is one object per calendar: {"problems": [...], "windows": [[occurrence, ...], ...]}.

import CampusCalCore
import CampusCalICalendar
import Foundation

/// The file's VEVENTs as the server's events, built exactly as `EventService.importCalendar` builds
/// them (series with their RECURRENCE-ID overrides attached). Kept in this one function so the
/// oracle follows the importer if that changes; the calendar and clock are placeholders.
func importedEvents(_ file: ICalendarImport) -> (events: [CalendarEvent], problems: [String]) {
    let imported = ImportedEvents(file.events, calendarID: CalendarID(rawValue: "oracle"), existing: [:], now: Date(timeIntervalSince1970: 0))
    return (imported.events.map(\.event), (file.issues + imported.problems).map { "\($0)" })
}

/// One time of an occurrence: as written (kind, wall clock, zone) and as the viewer's instant.
struct OccurrenceTimeJSON: Encodable {
    var kind: String
    var value: String
    var zone: String?
    /// Seconds since 1970; dates and floating times are read in the viewer's zone.
    var instant: Int

    init(_ time: EventTime, viewer: TimeZone) {
        switch time {
        case .date: kind = "date"
        case .floating: kind = "floating"
        case .utc: kind = "utc"
        case .zoned(_, let identifier):
            kind = "zoned"
            zone = identifier
        }
        value = time.isAllDay ? time.localDateTime.date.description : time.localDateTime.description
        instant = Int(time.instant(viewerTimeZone: viewer).timeIntervalSince1970.rounded())
    }
}

struct OccurrenceJSON: Encodable {
    var uid: String
    /// Nil for a one-off event.
    var recurrenceID: OccurrenceTimeJSON?
    var start: OccurrenceTimeJSON
    var end: OccurrenceTimeJSON
    var startInstant: Int
    var endInstant: Int
    var summary: String
    var status: String
}

struct WindowRequest: Decodable {
    var from: String
    var to: String
    var viewer: String
}

struct CalendarRequest: Decodable {
    var ics: String
    var windows: [WindowRequest]
}

struct CalendarAnswer: Encodable {
    var problems: [String]
    var windows: [[OccurrenceJSON]]
}

struct WindowModeError: Error, CustomStringConvertible {
    var description: String
}

/// An instant given as ISO 8601 (with Z or an offset) or as seconds since 1970.
func parseInstant(_ text: String) throws -> Date {
    if let seconds = Double(text) { return Date(timeIntervalSince1970: seconds) }
    if let date = ISO8601DateFormatter().date(from: text) { return date }
    throw WindowModeError(description: "'\(text)' is not an ISO 8601 instant or a number of seconds")
}

/// Every occurrence of `events` overlapping [from, to) for a viewer in `viewer`, by start then UID.
func occurrences(of events: [CalendarEvent], in window: WindowRequest) throws -> [OccurrenceJSON] {
    guard let viewer = TimeZone(identifier: window.viewer) else { throw WindowModeError(description: "unknown viewer zone '\(window.viewer)'") }
    let from = try parseInstant(window.from)
    let to = try parseInstant(window.to)
    let found = events.flatMap { EventService.occurrences(of: $0, from: from, to: to, viewerTimeZone: viewer) }
    return
        found.map {
            OccurrenceJSON(
                uid: $0.event.uid, recurrenceID: $0.recurrenceID.map { OccurrenceTimeJSON($0, viewer: viewer) },
                start: OccurrenceTimeJSON($0.start, viewer: viewer), end: OccurrenceTimeJSON($0.end, viewer: viewer),
                startInstant: Int($0.startInstant.timeIntervalSince1970.rounded()), endInstant: Int($0.endInstant.timeIntervalSince1970.rounded()),
                summary: $0.event.title, status: $0.event.status.rawValue)
        }
        .sorted { ($0.startInstant, $0.uid) < ($1.startInstant, $1.uid) }
}

func answer(_ request: CalendarRequest) throws -> CalendarAnswer {
    let (events, problems) = importedEvents(ICalendarImport(text: request.ics))
    return CalendarAnswer(problems: problems, windows: try request.windows.map { try occurrences(of: events, in: $0) })
}

/// Runs `--window FROM TO VIEWER` or `--windows`; `input` is standard input.
func runWindowMode(arguments: [String], input: [UInt8]) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    if let flag = arguments.firstIndex(of: "--window") {
        guard arguments.count > flag + 3 else { throw WindowModeError(description: "usage: --window FROM TO VIEWER < in.ics") }
        let window = WindowRequest(from: arguments[flag + 1], to: arguments[flag + 2], viewer: arguments[flag + 3])
        let result = try answer(CalendarRequest(ics: String(decoding: input, as: UTF8.self), windows: [window]))
        encoder.outputFormatting.insert(.prettyPrinted)
        return String(decoding: try encoder.encode(result), as: UTF8.self)
    }
    let requests = try JSONDecoder().decode([CalendarRequest].self, from: Data(input))
    return String(decoding: try encoder.encode(try requests.map(answer)), as: UTF8.self)
}
