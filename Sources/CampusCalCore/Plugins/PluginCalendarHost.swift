import Foundation

/// What the host API's `read_events`, `put_event` and `delete_event` reach (ABI 1.2): a person's
/// events, read under their consent, and the plugin's own calendar in their account. Plugins name
/// people only by the record codes the host gave them.
public protocol PluginCalendarHost: Sendable {
    /// The events of the person `subject` in the calendars they own, starting in `[from, to)`, in
    /// UTC; `PluginCalendarRefusal.denied` unless `plugin` may see identities and the person
    /// consented (each release logged).
    func events(ofSubject subject: String, from: Date, to: Date, for plugin: PluginManifest) async throws -> [PluginCalendarEvent]
    /// Creates or replaces (by UID) an event in `plugin`'s own calendar of the person `subject`.
    func putEvent(_ event: PluginCalendarEvent, forSubject subject: String, by plugin: PluginManifest) async throws
    /// Deletes the event `uid` from that calendar; false when there was none.
    func deleteEvent(uid: String, forSubject subject: String, by plugin: PluginManifest) async throws -> Bool
}

/// Why a host call about a person's calendar was refused, as the plugin is told (a `cc_status`).
public enum PluginCalendarRefusal: Error, Sendable, Equatable {
    /// The plugin's permissions, or the person's consent or choice, do not allow it (CC_DENIED).
    case denied(String)
    /// No person has that record code for this plugin (CC_NOT_FOUND).
    case unknownSubject
    /// The event is not one the calendar can hold (CC_INVALID_ARGUMENT).
    case invalid(String)
    /// Over a limit: too long a range, too many events (CC_NO_SPACE).
    case tooMuch(String)
}

/// The plugin's own calendar in a person's account: never made, made (its id), or made and then
/// deleted by the person — after which the plugin may not write there again.
public enum PluginCalendarLink: Sendable, Equatable {
    case none
    case calendar(CalendarID)
    case removedByOwner
}

/// Where the links between plugins, people and the plugins' own calendars are kept.
public protocol PluginCalendarStore: Sendable {
    func link(plugin: String, user: UserID) async throws -> PluginCalendarLink
    /// Records `calendar` as `plugin`'s own calendar of `user`.
    func setLink(plugin: String, user: UserID, calendar: CalendarID) async throws
}

/// Bounds of one `read_events` call, as the ABI states them.
public enum PluginCalendarReadLimit {
    public static let events = 10_000
    public static let seconds: Int64 = 366 * 86_400
}
