// icalendar-oracle: the CampusCal iCalendar layer as a filter, for Tests/Oracles/icalendar_oracle.py.
//
//   icalendar-oracle [--tree | --typed | --json] [--bench] < in.ics > out
//
// --tree (default)  parse into the component tree and serialise it again (lossless round trip)
// --typed           parse, map to ICalendarEvent/ICalendarTodo, export again (with generated VTIMEZONEs)
// --json            parse, map, print the typed events as JSON (instants in UTC) for field checks
// --bench           also print timings of each phase to stderr
// --window FROM TO VIEWER, --windows   occurrences in windows as JSON (see WindowMode.swift)
// Issues go to stderr as "issue: line N: message".

import CampusCalCore
import CampusCalICalendar
import Foundation

let arguments = Set(CommandLine.arguments.dropFirst())
let input = Array(FileHandle.standardInput.readDataToEndOfFile())
let clock = ContinuousClock()

func seconds(_ duration: Duration) -> String {
    String(format: "%.3f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
}

func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

/// One time as JSON: its kind, wall-clock value, zone and instant.
struct TimeJSON: Encodable {
    var kind: String
    var value: String
    var zone: String?
    var utc: String?

    init(_ time: EventTime) {
        switch time {
        case .date(let date):
            kind = "date"
            value = date.description
        case .floating(let value):
            kind = "floating"
            self.value = value.description
        case .utc(let value):
            kind = "utc"
            self.value = value.description
            utc = value.description
        case .zoned(let value, let zone):
            kind = "zoned"
            self.value = value.description
            self.zone = zone
            let instant = time.instant(viewerTimeZone: TimeZone(identifier: "UTC")!)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
            utc = formatter.string(from: instant)
        }
    }
}

struct EventJSON: Encodable {
    var component: String
    var uid: String
    var summary: String?
    var description: String?
    var location: String?
    var url: String?
    var start: TimeJSON?
    var end: TimeJSON?
    var due: TimeJSON?
    var duration: String?
    var allDay: Bool
    var categories: [String]
    var rrule: String?
    var exdates: [TimeJSON]
    var rdates: [TimeJSON]
    var recurrenceID: TimeJSON?
    var sequence: Int?
    var status: String?
    var classification: String?
    var alarms: Int
}

if arguments.contains("--window") || arguments.contains("--windows") {
    do {
        write(try runWindowMode(arguments: Array(CommandLine.arguments.dropFirst()), input: input) + "\n")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("icalendar-oracle: \(error)\n".utf8))
        exit(1)
    }
}

let start = clock.now
switch true {
case arguments.contains("--typed"), arguments.contains("--json"):
    let imported = ICalendarImport(bytes: input)
    let parsed = clock.now
    for issue in imported.issues { FileHandle.standardError.write(Data("issue: \(issue)\n".utf8)) }
    if arguments.contains("--json") {
        var rows = imported.events.map {
            EventJSON(
                component: "VEVENT", uid: $0.uid, summary: $0.summary, description: $0.description, location: $0.location, url: $0.url,
                start: $0.start.map(TimeJSON.init), end: $0.end.map(TimeJSON.init), due: nil, duration: $0.duration?.description,
                allDay: $0.isAllDay, categories: $0.categories, rrule: $0.recurrenceRule, exdates: $0.exceptionDates.map(TimeJSON.init),
                rdates: $0.recurrenceDates.map(TimeJSON.init), recurrenceID: $0.recurrenceID.map(TimeJSON.init), sequence: $0.sequence,
                status: $0.status, classification: $0.classification, alarms: $0.alarms.count
            )
        }
        rows += imported.todos.map {
            EventJSON(
                component: "VTODO", uid: $0.uid, summary: $0.summary, description: $0.description, location: $0.location, url: $0.url,
                start: $0.start.map(TimeJSON.init), end: nil, due: $0.due.map(TimeJSON.init), duration: $0.duration?.description,
                allDay: $0.start?.isAllDay ?? false, categories: $0.categories, rrule: $0.recurrenceRule,
                exdates: $0.exceptionDates.map(TimeJSON.init), rdates: $0.recurrenceDates.map(TimeJSON.init),
                recurrenceID: $0.recurrenceID.map(TimeJSON.init), sequence: $0.sequence, status: $0.status,
                classification: $0.classification, alarms: $0.alarms.count
            )
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        write(String(decoding: try encoder.encode(rows), as: UTF8.self) + "\n")
    } else {
        let calendarProperties = imported.document.calendars.first?.properties ?? []
        let productID = imported.document.calendars.first?.property("PRODID")?.textValue ?? ICalendarSerializer.defaultProductID
        let text = ICalendarExport.text(
            events: imported.events, todos: imported.todos, productID: productID, calendarProperties: calendarProperties
        )
        let written = clock.now
        write(text)
        if arguments.contains("--bench") {
            FileHandle.standardError.write(
                Data(
                    "bench: \(imported.events.count) events; import (parse + typed mapping) \(seconds(parsed - start)); export \(seconds(written - parsed))\n"
                        .utf8
                )
            )
        }
    }
default:
    let document = ICalendarParser.parse(bytes: input)
    let parsed = clock.now
    for issue in document.issues { FileHandle.standardError.write(Data("issue: \(issue)\n".utf8)) }
    let text = ICalendarSerializer.serialize(document.components)
    let written = clock.now
    write(text)
    if arguments.contains("--bench") {
        FileHandle.standardError.write(Data("bench: parse \(seconds(parsed - start)); serialise \(seconds(written - parsed))\n".utf8))
    }
}
