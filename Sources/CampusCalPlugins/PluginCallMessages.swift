import CampusCalCore
import Foundation

/// One call into a plugin, the same value whatever the mode (issue #26): `LoadedPlugin` performs it
/// with a direct C call, `IsolatedPlugin` sends it to the plugin's runner, which performs it with
/// its own `LoadedPlugin`. A new plugin feature is a case here and one in `LoadedPlugin.perform`;
/// the runner and its protocol carry it unchanged. `CheckedPlugin` is where its answer is checked.
enum PluginCall: Codable, Sendable {
    /// Day labels of `first`…`last` (RFC 3339 dates).
    case dayLabels(first: String, last: String)
    /// Changes for the event hook. `stateBytes`: what the plugin's state holds now, so that a
    /// runner can keep the quota while it holds the batch's writes back (0 in the server).
    case itemsChanged([PluginItemChange], stateBytes: Int)
    case panel(subject: String)
    case deliver(PluginNotification)
    /// Run the scheduled job once; `now`: seconds since 1970 UTC, the server's clock.
    case runJob(now: Int64)
    /// Write a file of `events` with the exporter.
    case export(events: [PluginCalendarEvent], calendarName: String)
    /// Read a file with the importer.
    case parse(Data)
}

/// What a plugin answered to a `PluginCall` — unchecked: it comes from the plugin, or from a runner
/// that is as untrusted as the plugin in it.
enum PluginReply: Codable, Sendable {
    case dayLabels([WireDayLabel])
    case panel([PluginPanelField])
    case exported(Data)
    case parsed(PluginImportedFile)
    /// The importer could not read the file at all: its words for the person.
    case unreadable(String)
    case done
    /// The changes were passed on: the messages of the ones the plugin failed, and (from a runner)
    /// the state it wrote meanwhile, for the server to commit in one transaction.
    case itemsDone(failures: [String], writes: [PluginStateWrite])
    /// The plugin failed the call (its status and message), or overran the runner's own deadline.
    case failed(reason: String, timedOut: Bool)
}

extension PluginCall {
    /// How long the plugin may take (`LoadedPlugin`'s deadlines; a batch of changes gets one per change).
    var deadline: TimeInterval {
        switch self {
        case .dayLabels: LoadedPlugin.dayLabelsDeadline
        case .itemsChanged(let changes, _): LoadedPlugin.itemEventDeadline * Double(max(changes.count, 1))
        case .panel: LoadedPlugin.panelDeadline
        case .deliver: LoadedPlugin.notificationDeadline
        case .runJob: LoadedPlugin.scheduledJobDeadline
        case .export, .parse: LoadedPlugin.fileDeadline
        }
    }
}
