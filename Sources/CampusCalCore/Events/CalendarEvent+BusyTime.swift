import Foundation

extension CalendarEvent {
    /// The event as someone who may see only when its calendar is busy sees it: its times and
    /// recurrence, titled "Busy", every detail gone (description, place, link, categories,
    /// reminders, and the same in each changed occurrence). Nil when it takes no time on the
    /// calendar (`TRANSP:TRANSPARENT` or cancelled): it then does not show at all.
    public func busyTime() -> CalendarEvent? {
        if transparency == .transparent || status == .cancelled { return nil }
        var busy = self
        busy.title = Self.busyTitle
        busy.description = nil
        busy.location = nil
        busy.url = nil
        busy.categories = []
        busy.reminders = []
        busy.overrides = overrides.map { change in
            var hidden = change
            hidden.title = Self.busyTitle
            hidden.description = nil
            hidden.location = nil
            hidden.url = nil
            hidden.categories = []
            // A moved occurrence that became free or cancelled still hides nothing: it just does not take time.
            return hidden
        }
        return busy
    }

    /// What a busy-time-only occurrence is called.
    public static let busyTitle = "Busy"
}
