/// Something a user may try to do to or in a calendar.
public enum CalendarAction: Sendable, Equatable {
    /// See the calendar in one's list and when it is busy (titles and details hidden).
    case seeFreeBusy
    /// Read its events with their details, export it.
    case readEvents
    /// Create, change and delete its events; import into it.
    case writeEvents
    /// Change its name, description, colour or zone.
    case editProperties
    /// See its shares, share it on, change and withdraw shares.
    case manageShares
    /// Give up a share made to oneself.
    case removeOwnShare
    /// Make or revoke its secret subscription address (which hands every detail to whoever holds it).
    case manageFeed
    case delete

    /// The least a caller needs.
    var required: CalendarAccessLevel {
        switch self {
        case .seeFreeBusy, .removeOwnShare: .freeBusy
        case .readEvents: .read
        case .writeEvents: .write
        case .editProperties, .manageShares: .manage
        case .manageFeed, .delete: .owner
        }
    }

    /// The words of "you may not …".
    var phrase: String {
        switch self {
        case .seeFreeBusy: "see this calendar"
        case .readEvents: "read the events of this calendar"
        case .writeEvents: "add, change or delete events in this calendar"
        case .editProperties: "change this calendar's name, description, colour or time zone"
        case .manageShares: "share this calendar or change its shares"
        case .removeOwnShare: "give up this share"
        case .manageFeed: "manage this calendar's subscription address"
        case .delete: "delete this calendar"
        }
    }
}

/// What the policy needs to know: who asks, about which calendar, and how they stand with it.
public struct CalendarAccess: Sendable {
    public var caller: User
    public var calendar: CalendarCollection
    /// The caller's standing: owner, a share level, or nil for none.
    public var level: CalendarAccessLevel?

    public init(caller: User, calendar: CalendarCollection, level: CalendarAccessLevel?) {
        self.caller = caller
        self.calendar = calendar
        self.level = level
    }
}

/// Calendars and everything in them (events, occurrences, imports, exports, shares, feeds).
///
/// - The owner may everything. A group's calendar is owned by the group's owner; its members
///   read it, and members holding `scheduleMeetings` write it (schedule group meetings).
/// - A share recipient may what their level allows (`ShareLevel`: free-busy < read < write <
///   manage), and gets 403 with the reason for more. Only the owner deletes a calendar or hands
///   out its subscription address.
/// - Administrators have no standing with students' calendars (FERPA: legitimate educational
///   interest does not include reading a student's personal calendar).
/// - Everyone else is told the calendar does not exist (404), never that they may not see it.
/// - What of each event someone sees — private events and free-busy shares show only as busy
///   time — and who may change a private event is `AccessPolicy+Events`.
extension AccessPolicy {
    public static func decide(_ action: CalendarAction, _ access: CalendarAccess) -> AccessDecision {
        guard let level = access.level else { return .hide }
        if level >= action.required { return .allow }
        if action.required == .owner { return .forbid("Only the calendar's owner may \(action.phrase).") }
        return .forbid(
            "You may not \(action.phrase): it is shared with you at the '\(level.name)' level, and this needs '\(action.required.name)'.")
    }

    /// Throws `CalendarError.notFound` or `.forbidden` unless `decide` allows.
    public static func authorize(_ action: CalendarAction, _ access: CalendarAccess) throws {
        try enforce(decide(action, access))
    }

    /// Withdrawing a share: its own recipient may give it up; otherwise it takes `manageShares`.
    public static func decideRemoving(_ share: CalendarShare, _ access: CalendarAccess) -> AccessDecision {
        if share.recipient == .user(access.caller.id) { return decide(.removeOwnShare, access) }
        return decide(.manageShares, access)
    }
}
