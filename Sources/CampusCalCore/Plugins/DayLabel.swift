import CampusCalICalendar
import Foundation

/// A label on a day, shown on every calendar view: a holiday, an observance, an academic date
/// (SRS 3.2.26). Labels come from plugins (`campuscal.day-labels/1`).
public struct DayLabel: Sendable, Equatable, Hashable {
    public var date: LocalDate
    public var label: String
    /// `holiday`, `observance`, `academic`, … (free text from the provider).
    public var kind: String
    /// The plugin that gave it.
    public var source: String

    public init(date: LocalDate, label: String, kind: String, source: String) {
        self.date = date
        self.label = label
        self.kind = kind
        self.source = source
    }
}

/// Where day labels come from (the plugin host implements it).
public protocol DayLabelSource: Sendable {
    /// The labels of the days from `first` to `last` inclusive, by date then source. A provider
    /// that fails or overruns its deadline is left out (and the failure logged), never an error
    /// for the student looking at a calendar.
    func dayLabels(from first: LocalDate, to last: LocalDate) async -> [DayLabel]
}

/// The server's plugins as the API shows them, and their day labels.
public protocol PluginCatalog: DayLabelSource {
    func plugins() async -> [PluginInfo]
    /// The plugin's personal panel for `user` (`PluginError` when it has none or is not active).
    func panel(of pluginID: String, for user: UserID) async throws -> [PluginPanelField]
}
