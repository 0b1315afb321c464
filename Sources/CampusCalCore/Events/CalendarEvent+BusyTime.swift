import Foundation

extension CalendarEvent {
    /// The event as someone who may see only when its calendar is busy sees it: its times and
    /// recurrence, titled "Busy", every detail gone (description, place, link, categories,
    /// reminders, and the same in each changed occurrence). Nil when it takes no time on the
    /// calendar (`TRANSP:TRANSPARENT` or cancelled): it then does not show at all.
    ///
    /// Its UID becomes `busy-<id>@campuscal`: an imported UID can say what the event is (a clinic's
    /// or a course's name), and the form marks the view as busy time (`isBusyTime`) for encoders,
    /// which then leave out the id. No stored event can have it: ids are made by the server when
    /// the event is created, and a UID never changes.
    public func busyTime() -> CalendarEvent? {
        if transparency == .transparent || status == .cancelled { return nil }
        var busy = self
        busy.uid = Self.busyUID(id)
        busy.title = Self.busyTitle
        busy.description = nil
        busy.location = nil
        busy.url = nil
        busy.categories = []
        busy.reminders = []
        // A moved occurrence that became free or cancelled still hides nothing: it just does not take time.
        busy.overrides = overrides.map { $0.hidingDetails() }
        return busy
    }

    /// What a busy-time-only occurrence is called.
    public static let busyTitle = "Busy"

    /// True for what `busyTime()` made: it must not hand out an id that leads to the event.
    public var isBusyTime: Bool { uid == Self.busyUID(id) }

    /// Private as a whole, or in one of its changed occurrences: only its owner sees all of it.
    public var hasPrivateParts: Bool { classification != .public || overrides.contains { $0.classification != .public } }

    /// The UID an event the viewer sees only as busy time goes by (`busy-<id>@campuscal`).
    public static func busyUID(_ id: EventID) -> String { "busy-\(id.rawValue)@campuscal" }

    /// The event with each private occurrence (a changed occurrence marked `CLASS:PRIVATE` or
    /// `CONFIDENTIAL` in a public series) reduced to busy time, for viewers other than the owner.
    func hidingPrivateOccurrences() -> CalendarEvent {
        guard overrides.contains(where: { $0.classification != .public }) else { return self }
        var result = self
        result.overrides = overrides.map { $0.classification == .public ? $0 : $0.hidingDetails() }
        return result
    }
}

extension OccurrenceOverride {
    /// The changed occurrence with its times and attributes only, titled "Busy".
    fileprivate func hidingDetails() -> OccurrenceOverride {
        var hidden = self
        hidden.title = CalendarEvent.busyTitle
        hidden.description = nil
        hidden.location = nil
        hidden.url = nil
        hidden.categories = []
        return hidden
    }
}
