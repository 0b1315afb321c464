import CampusCalICalendar
import Foundation

/// Sharing calendars with users and groups (SRS 3.2.21): share one or more calendars at a level,
/// change the level, withdraw a share; each group's own calendar for group meetings; and the
/// batched notices that tell everyone a calendar is shared with what changed in it.
///
/// Every operation asks `AccessPolicy` (through `CalendarService.access`): sharing takes `manage`
/// (the owner, or a recipient at `manage` re-sharing); a share's own recipient may give it up.
public struct CalendarSharingService: Sendable {
    public let calendars: CalendarService
    public let groupService: GroupService
    public var groups: any GroupStore { groupService.groups }
    public var users: any UserStore { groupService.users }
    public let clock: any TimeSource
    public let notifications: NotificationService?
    /// How long after the first change to a shared calendar its notice goes out, covering every
    /// change made meanwhile: one message for an afternoon's editing, not one per keystroke.
    public let batchWindow: TimeInterval

    /// The most calendars, and the most usernames plus group ids, one request may name.
    public static let maximumCalendars = 50
    public static let maximumRecipients = 50

    public init(
        calendars: CalendarService, groups: GroupService, clock: any TimeSource = SystemTimeSource(), notifications: NotificationService? = nil,
        batchWindow: TimeInterval = 300
    ) {
        self.calendars = calendars
        self.groupService = groups
        self.clock = clock
        self.notifications = notifications
        self.batchWindow = batchWindow
    }

    /// What the sharer asks for.
    public struct Request: Sendable {
        public var calendarIDs: [CalendarID]
        public var usernames: [String]
        public var groupIDs: [GroupID]
        public var level: ShareLevel

        public init(calendarIDs: [CalendarID], usernames: [String] = [], groupIDs: [GroupID] = [], level: ShareLevel) {
            self.calendarIDs = calendarIDs
            self.usernames = usernames
            self.groupIDs = groupIDs
            self.level = level
        }
    }

    /// What happened for one calendar and one recipient.
    public enum Outcome: String, Sendable {
        /// Newly shared.
        case shared
        /// Was shared at another level; now at this one.
        case changed
        /// Was already shared at this level.
        case unchanged
        case unknownUser, unknownGroup
        /// The recipient owns the calendar.
        case owner
        /// The sharer named themselves.
        case yourself
    }

    public struct Result: Sendable, Equatable {
        public var calendarID: CalendarID
        /// The username (as given) for a user, nil for a group.
        public var username: String?
        public var groupID: GroupID?
        public var outcome: Outcome
        /// The share, when there is one now.
        public var share: CalendarShare?
    }

    // MARK: Sharing

    /// Shares every named calendar with every named user and group at `level`. Every calendar is
    /// checked first (the caller must hold `manage` on each), so a refusal changes nothing.
    /// Recipients who cannot be shared with are reported one by one, never as an error.
    public func share(_ request: Request, for caller: User) async throws -> [Result] {
        try Self.validate(request)
        var targets: [CalendarCollection] = []
        for id in Self.unique(request.calendarIDs) {
            targets.append(try await calendars.calendar(id, for: caller, to: .manageShares))
        }
        var recipients: [(username: String?, groupID: GroupID?, ShareRecipient?, name: String)] = []
        for person in try await groupService.people.resolve(request.usernames, for: caller.id) {
            recipients.append((person.typed, nil, person.user.map { .user($0.id) }, person.user?.displayName ?? ""))
        }
        let callerGroups = Set(try await groups.groups(memberID: caller.id).map(\.id))
        for groupID in Self.unique(request.groupIDs) {
            // Only groups the sharer belongs to; others are "unknown", as for groups that do not exist.
            let group = callerGroups.contains(groupID) ? try await groups.group(id: groupID) : nil
            recipients.append((nil, groupID, group.map { .group($0.id) }, group?.name ?? ""))
        }

        let now = clock.now()
        var results: [Result] = []
        for calendar in targets {
            for (username, groupID, recipient, _) in recipients {
                guard let recipient else {
                    results.append(
                        Result(calendarID: calendar.id, username: username, groupID: groupID, outcome: groupID == nil ? .unknownUser : .unknownGroup))
                    continue
                }
                if recipient == .user(calendar.ownerID) || recipient == .user(caller.id) {
                    let outcome: Outcome = recipient == .user(calendar.ownerID) ? .owner : .yourself
                    results.append(Result(calendarID: calendar.id, username: username, groupID: groupID, outcome: outcome))
                    continue
                }
                let (share, previous) = try await calendars.shares.upsert(
                    CalendarShare(
                        id: .generate(), calendarID: calendar.id, recipient: recipient, level: request.level, sharedByID: caller.id, createdAt: now,
                        updatedAt: now))
                let outcome: Outcome = previous == nil ? .shared : previous == request.level ? .unchanged : .changed
                results.append(Result(calendarID: calendar.id, username: username, groupID: groupID, outcome: outcome, share: share))
                if outcome != .unchanged {
                    try await tell(share, of: calendar, by: caller, previous: previous)
                }
            }
        }
        return results
    }

    /// A calendar's shares: for those who may manage them.
    public func shares(of id: CalendarID, for caller: User) async throws -> [CalendarShare] {
        _ = try await calendars.calendar(id, for: caller, to: .manageShares)
        return try await calendars.shares.shares(of: id)
    }

    /// Sets the level of a share; its recipients are told.
    public func changeLevel(_ id: ShareID, to level: ShareLevel, for caller: User) async throws -> CalendarShare {
        let (share, calendar) = try await shareAndCalendar(id, for: caller)
        try AccessPolicy.authorize(.manageShares, try await calendars.standing(calendar, for: caller))
        guard share.level != level else { return share }
        guard let changed = try await calendars.shares.setLevel(level, of: id, at: clock.now()) else { throw CalendarError.shareNotFound }
        try await tell(changed, of: calendar, by: caller, previous: share.level)
        return changed
    }

    /// Withdraws a share; access ends at once. Its recipients are told, unless a recipient gave it up.
    public func unshare(_ id: ShareID, for caller: User) async throws {
        let (share, calendar) = try await shareAndCalendar(id, for: caller)
        switch AccessPolicy.decideRemoving(share, try await calendars.standing(calendar, for: caller)) {
        case .allow: break
        case .forbid(let reason): throw CalendarError.forbidden(reason)
        case .hide: throw CalendarError.shareNotFound
        }
        guard try await calendars.shares.delete(id: id) else { throw CalendarError.shareNotFound }
        if share.recipient == .user(caller.id) { return }
        for user in try await people(share.recipient) where user != caller.id && user != calendar.ownerID {
            try await notifications?.notify(
                user, kind: .share, title: "No longer shared: \(calendar.name)",
                body: "\(caller.displayName) stopped sharing the calendar '\(calendar.name)' with you.", link: nil)
        }
    }

    // MARK: Group calendars

    /// The calendar of a group the caller belongs to (made on first use): group meetings. Every
    /// member reads it; members holding `scheduleMeetings` add, move and cancel meetings in it.
    public func groupCalendar(_ id: GroupID, for caller: User) async throws -> AccessibleCalendar {
        let access = try await groupService.access(id, caller)
        try AccessPolicy.authorize(.openCalendar, access)
        let group = access.group
        let calendar: CalendarCollection
        if let existing = try await calendars.shares.groupCalendar(of: id) {
            calendar = existing
        } else {
            let owner = try await users.credentials(id: group.ownerID)?.user
            let now = clock.now()
            calendar = try await calendars.shares.insertGroupCalendar(
                CalendarCollection(
                    id: .generate(), ownerID: group.ownerID, name: "\(group.name) meetings", description: "Meetings of the group '\(group.name)'.",
                    color: "#7B1FA2", timeZone: owner?.timeZone ?? caller.timeZone, createdAt: now, updatedAt: now, version: 1, groupID: id),
                group: id)
        }
        return try await calendars.access(calendar.id, for: caller)
    }

    // MARK: Change notices

    /// Sends one notice per person for every shared calendar whose batch of changes has been open
    /// for `batchWindow`: who changed it and how often. Nobody hears of their own changes. Returns
    /// how many notices went out.
    @discardableResult
    public func sendChangeNotices() async throws -> Int {
        let batches = try await calendars.shares.takeChangeBatches(openedBefore: clock.now().addingTimeInterval(-batchWindow))
        var sent = 0
        for batch in batches {
            guard let calendar = try await calendars.calendars.calendar(id: batch.calendarID) else { continue }
            var names: [UserID: String] = [:]
            for (actor, _) in batch.changesByActor { names[actor] = try await users.credentials(id: actor)?.user.displayName ?? "Someone" }
            var audience = try await calendars.shares.recipients(of: calendar.id)
            audience.insert(calendar.ownerID)
            for user in audience.sorted(by: { $0.rawValue < $1.rawValue }) {
                let others = batch.changesByActor.filter { $0.actor != user }
                guard !others.isEmpty else { continue }
                let who = others.map { "\(names[$0.actor] ?? "Someone") made \($0.count) \($0.count == 1 ? "change" : "changes")" }
                try await notifications?.notify(
                    user, kind: .share, title: "Changes in \(calendar.name)",
                    body: "In the calendar '\(calendar.name)': \(who.joined(separator: ", ")).", link: "/api/v1/calendars/\(calendar.id)")
                sent += 1
            }
        }
        return sent
    }

    // MARK: Helpers

    /// Tells the people a share reaches that they received it or that its level changed.
    private func tell(_ share: CalendarShare, of calendar: CalendarCollection, by caller: User, previous: ShareLevel?) async throws {
        let words = Self.describe(share.level)
        for user in try await people(share.recipient) where user != caller.id && user != calendar.ownerID {
            if let previous {
                try await notifications?.notify(
                    user, kind: .share, title: "Sharing changed: \(calendar.name)",
                    body:
                        "\(caller.displayName) changed your access to the calendar '\(calendar.name)' from \(previous.rawValue) to \(share.level.rawValue): \(words).",
                    link: "/api/v1/calendars/\(calendar.id)")
            } else {
                try await notifications?.notify(
                    user, kind: .share, title: "Shared with you: \(calendar.name)",
                    body: "\(caller.displayName) shared the calendar '\(calendar.name)' with you (\(share.level.rawValue)): \(words).",
                    link: "/api/v1/calendars/\(calendar.id)")
            }
        }
    }

    /// The users a recipient stands for.
    private func people(_ recipient: ShareRecipient) async throws -> [UserID] {
        switch recipient {
        case .user(let id): [id]
        case .group(let id): try await groups.members(of: id).map(\.userID)
        }
    }

    /// A share and its calendar, when the caller may see the calendar at all; else `shareNotFound`.
    private func shareAndCalendar(_ id: ShareID, for caller: User) async throws -> (CalendarShare, CalendarCollection) {
        guard let share = try await calendars.shares.share(id: id) else { throw CalendarError.shareNotFound }
        do {
            return (share, try await calendars.calendar(share.calendarID, for: caller, to: .seeFreeBusy))
        } catch CalendarError.notFound {
            throw CalendarError.shareNotFound
        }
    }

    static func describe(_ level: ShareLevel) -> String {
        switch level {
        case .freeBusy: "you see when it is busy"
        case .read: "you see its events"
        case .write: "you may add and change its events"
        case .manage: "you may change its events and share it on"
        }
    }

    static func unique<ID: Hashable>(_ ids: [ID]) -> [ID] {
        var seen = Set<ID>()
        return ids.filter { seen.insert($0).inserted }
    }

    static func validate(_ request: Request) throws {
        var issues: [ValidationIssue] = []
        if request.calendarIDs.isEmpty {
            issues.append(ValidationIssue(field: "calendarIds", code: "calendarIds.empty", message: "Select at least one calendar to share."))
        } else if request.calendarIDs.count > maximumCalendars {
            issues.append(
                ValidationIssue(field: "calendarIds", code: "calendarIds.too-many", message: "Share at most \(maximumCalendars) calendars at a time.")
            )
        }
        if request.usernames.isEmpty && request.groupIDs.isEmpty {
            issues.append(ValidationIssue(field: "usernames", code: "usernames.empty", message: "You must select at least one user or group."))
        } else if request.usernames.count + request.groupIDs.count > maximumRecipients {
            issues.append(
                ValidationIssue(
                    field: "usernames", code: "usernames.too-many", message: "Share with at most \(maximumRecipients) users and groups at a time."))
        }
        try ValidationError.check(issues)
    }
}
