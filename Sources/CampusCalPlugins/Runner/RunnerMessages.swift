import CampusCalCore
import CampusCalICalendar
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
    /// A call into the loaded plugin: the same value a direct call performs.
    case call(PluginCall)
    /// Stop and deinit the plugin, then exit.
    case shutDown
}

/// The runner's answer to a request.
enum RunnerAnswer: Codable, Sendable {
    case loaded(
        features: [String], interest: ItemChangeInterest, labelsStableSeconds: UInt32, jobIntervalSeconds: UInt32,
        exportFormat: PluginFileFormat?, importFormat: PluginFileFormat?)
    case refused(reason: String)
    /// The plugin's reply to a `call`.
    case reply(PluginReply)
    /// A probe or a shutdown is done.
    case done
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
