import CampusCalCore
import Foundation

/// What the server asks of a plugin runner. One request at a time; the runner answers each with
/// one `RunnerAnswer`, after any number of `RunnerHostCall`s (answered by `RunnerHostReply`).
enum RunnerRequest: Codable, Sendable {
    /// Load, verify, init and start the plugin whose manifest is at `manifestPath`.
    case load(manifestPath: String)
    /// Load only the library of the plugin whose manifest is at `manifestPath` (its constructors
    /// run) and look for its entry point; answered `done` or `refused`. For an in-process plugin,
    /// before the server loads it itself.
    case probe(manifestPath: String)
    case dayLabels(first: String, last: String)
    /// Changes for the event hook. `stateBytes`: what the plugin's state holds now, so that the
    /// runner can keep the quota while it holds the batch's writes back.
    case itemsChanged([PluginItemChange], stateBytes: Int)
    case panel(subject: String)
    case deliver(PluginNotification)
    /// Run the scheduled job once; `now`: seconds since 1970 UTC, the server's clock.
    case runJob(now: Int64)
    /// Write a file of `events` with the exporter.
    case export(events: [PluginCalendarEvent], calendarName: String)
    /// Read a file with the importer.
    case parse(Data)
    /// Stop and deinit the plugin, then exit.
    case shutDown
}

/// The runner's answer to a request.
enum RunnerAnswer: Codable, Sendable {
    case loaded(
        features: [String], interest: ItemChangeInterest, labelsStableSeconds: UInt32, jobIntervalSeconds: UInt32,
        exportFormat: PluginFileFormat?, importFormat: PluginFileFormat?)
    case refused(reason: String)
    case dayLabels([WireDayLabel])
    case panel([PluginPanelField])
    case exported(Data)
    case parsed(PluginImportedFile)
    /// The importer could not read the file at all: its words for the person.
    case unreadable(String)
    case done
    /// The changes were passed on: the messages of the ones the plugin failed, and the state it
    /// wrote meanwhile, for the server to commit in one transaction.
    case itemsDone(failures: [String], writes: [PluginStateWrite])
    /// The plugin failed the call (its status and message), or overran the runner's own deadline.
    case failed(reason: String, timedOut: Bool)
}

/// A call from the plugin (inside the runner) to the host API that needs the server: key-value
/// state, notifications, people's calendars.
enum RunnerHostCall: Codable, Sendable {
    case getValue(key: String)
    case setValue(key: String, value: String?, quota: Int)
    case notify(subject: String, title: String, body: String)
    case readEvents(subject: String, from: Int64, to: Int64)
    case putEvent(subject: String, event: PluginCalendarEvent)
    case deleteEvent(subject: String, uid: String)
    case http(PluginHTTPRequest)
}

/// The server's reply to a host call.
struct RunnerHostReply: Codable, Sendable {
    var value: String?
    var stored: Bool?
    /// A `cc_status`, for calls that answer with one (notify, the calendar calls).
    var status: Int32?
    var error: String?
    /// `readEvents`' events.
    var events: [PluginCalendarEvent]?
    /// `http`'s answer.
    var response: PluginHTTPResponse?
}

/// Either a host call or the answer: what the server reads while a request is under way.
enum RunnerMessage: Codable, Sendable {
    case host(RunnerHostCall)
    case answer(RunnerAnswer)
}

struct WireDayLabel: Codable, Sendable, Equatable {
    var date: String
    var label: String
    var kind: String

    init(_ label: DayLabel) {
        date = label.date.description
        self.label = label.label
        kind = label.kind
    }

    func dayLabel(source: String) -> DayLabel? {
        RFC3339.parseDate(date).map { DayLabel(date: $0, label: label, kind: kind, source: source) }
    }
}
