import CampusCalICalendar
import Foundation

/// The notification engine (SRS 3.2.20, 3.2.22, 3.2.35): plans reminders, fires them when due —
/// into the inbox first, durably and exactly once — then tells the user through the channels their
/// preferences choose. Every later feature (invitations, shares, grades) notifies through it.
public struct NotificationService: Sendable {
    public let notices: any NoticeStore
    public let channels: [any NoticeChannel]
    public let clock: any TimeSource

    /// Reminders planned ahead for a repeating task or event (the rest are planned as earlier ones fire).
    public static let plannedOccurrences = 20
    /// The most notices moved into inboxes per transaction.
    public static let batchSize = 1000

    public init(notices: any NoticeStore, channels: [any NoticeChannel] = [], clock: any TimeSource = SystemTimeSource()) {
        self.notices = notices
        self.channels = channels
        self.clock = clock
    }

    /// Fires every due notice, a batch per transaction, and tells users through their live
    /// channels; returns what fired (its keys tell a `ReminderReplanner` which series to top up).
    @discardableResult
    public func fireDue() async throws -> [FiredNotice] {
        var all: [FiredNotice] = []
        while true {
            let fired = try await notices.fireDue(at: clock.now(), limit: Self.batchSize)
            all += fired
            await deliver(fired.map(\.notice))
            if fired.count < Self.batchSize { return all }
        }
    }

    /// Puts a notice in the user's inbox now (queueing its email and text) and tells their open apps.
    @discardableResult
    public func notify(_ user: UserID, kind: NoticeKind, title: String, body: String, link: String? = nil) async throws -> Notice {
        let notice = Notice(id: .generate(), userID: user, kind: kind, title: title, body: body, link: link, createdAt: clock.now())
        try await notices.add(notice)
        await deliver([notice])
        return notice
    }

    func deliver(_ fired: [Notice]) async {
        guard !channels.isEmpty, !fired.isEmpty else { return }
        var preferences: [UserID: NotificationPreferences] = [:]
        for notice in fired {
            if preferences[notice.userID] == nil {
                preferences[notice.userID] = (try? await notices.preferences(for: notice.userID)) ?? .default
            }
            // Off means quiet: the inbox keeps the notice, no channel is used.
            guard let wanted = preferences[notice.userID], wanted.enabled else { continue }
            for channel in channels { await channel.deliver(notice, preferences: wanted) }
        }
    }

    public func unread(for user: User, limit: Int = 200) async throws -> [Notice] {
        try await notices.unread(for: user.id, limit: max(1, min(limit, 1000)))
    }

    public func unreadCount(for user: User) async throws -> Int { try await notices.unreadCount(for: user.id) }

    public func markRead(_ id: NoticeID, for user: User) async throws {
        guard try await notices.markRead(id, for: user.id, at: clock.now()) else { throw NoticeError.notFound }
    }

    /// One `@` with something on each side, no spaces or control characters, at most 254 characters.
    static func looksLikeEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return text.utf8.count <= 254 && parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
    }

    public func preferences(for user: User) async throws -> NotificationPreferences { try await notices.preferences(for: user.id) }

    public func setPreferences(_ preferences: NotificationPreferences, for user: User) async throws {
        try Reminders.check(preferences.defaultReminders, now: nil, field: "defaultReminders")
        if let address = preferences.textAddress, !Self.looksLikeEmailAddress(address) {
            throw ValidationError([
                ValidationIssue(
                    field: "textAddress", code: "textAddress.invalid",
                    message: "'\(address.prefix(80))' is not an email address; give your phone's email-to-SMS address, e.g. 2085551234@vtext.com.")
            ])
        }
        try await notices.setPreferences(preferences, for: user.id)
    }

    /// Plans (or re-plans) the reminders of a task: its own, or the user's defaults when they asked
    /// to be reminded of everything. Completed and deleted tasks (`task == nil`) have none.
    public func planReminders(taskID: TaskID, task: TaskItem?, owner: User) async throws {
        try await schedule(reminderPlan(taskID: taskID, task: task, owner: owner))
    }

    /// The reminders `planReminders` would write, for a store to write with the task itself.
    public func reminderPlan(taskID: TaskID, task: TaskItem?, owner: User) async throws -> ReminderPlan {
        let prefix = ReminderKey.prefix(.task, taskID.rawValue)
        guard let task, task.status == .open, task.due != nil else { return ReminderPlan(prefix: prefix, notices: []) }
        let preferences = task.reminders.isEmpty ? try await notices.preferences(for: owner.id) : nil
        return ReminderPlan(prefix: prefix, notices: plannedReminders(for: task, owner: owner, preferences: preferences))
    }

    /// Writes one item's plan on its own (when the item itself did not change: re-planning).
    func schedule(_ plan: ReminderPlan) async throws {
        try await notices.schedule(plan.notices, replacingPendingWithPrefix: plan.prefix)
    }

    /// Plans the reminders of tasks that have none planned yet (just imported from an LMS): one
    /// preferences read and one write for all of them, where `planReminders` would take one each —
    /// the difference between a 5,000-assignment import taking one commit or 5,000.
    public func planRemindersOfNewTasks(_ tasks: [TaskItem], owner: User) async throws {
        let open = tasks.filter { $0.status == .open && $0.due != nil }
        guard !open.isEmpty else { return }
        let preferences = open.contains { $0.reminders.isEmpty } ? try await notices.preferences(for: owner.id) : nil
        let planned = open.flatMap { plannedReminders(for: $0, owner: owner, preferences: preferences) }
        if !planned.isEmpty { try await notices.schedule(planned, replacingPendingWithPrefix: nil) }
    }

    /// The reminders an open task with a due date should have (pure): its own, else the defaults
    /// when `preferences` ask for reminders of everything.
    func plannedReminders(for task: TaskItem, owner: User, preferences: NotificationPreferences?) -> [ScheduledNotice] {
        guard task.status == .open, let due = task.due else { return [] }
        var reminders = task.reminders
        if reminders.isEmpty, let preferences, preferences.remindAllAssignments { reminders = preferences.defaultReminders }
        guard !reminders.isEmpty else { return [] }
        let zone = TimeZone(identifier: owner.timeZone) ?? .utc
        let instances: [EventTime]
        if let rule = task.recurrence {
            let now = clock.now()
            instances = Array(
                RecurrenceSet(start: due, rules: [rule]).occurrences(viewerTimeZone: zone).lazy
                    .filter { TaskChanges.dueEnd(of: $0, timeZone: zone) > now }.prefix(Self.plannedOccurrences))
        } else {
            instances = [due]
        }
        return plan(
            .task, id: task.id.rawValue, repeating: task.recurrence != nil, owner: owner.id, instances: instances, reminders: reminders,
            zone: zone, title: { _ in task.displayText ?? task.title }, link: "/api/v1/tasks/\(task.id.rawValue)",
            anchor: { TaskChanges.dueEnd(of: $0, timeZone: zone) },
            sentence: { instance, instant in Reminders.sentence(task, due: instance, dueAt: instant, timeZone: zone) })
    }

    /// The notices for `reminders` of each instance (counted back from `anchor` of it), skipping
    /// times already past. Keys carry the instance (so re-planning stores each reminder once) and
    /// mark repeating series for top-ups.
    ///
    /// An absolute reminder is one instant, not one per occurrence: it goes with the first
    /// instance only, so a repeating item does not fire it once for every planned occurrence.
    func plan<Instance>(
        _ kind: ReminderKey.Kind, id: String, repeating: Bool, owner: UserID, instances: [Instance], reminders: [Reminder], zone: TimeZone,
        title: (Instance) -> String, link: String, anchor: (Instance) -> Date, sentence: (Instance, Date) -> String
    ) -> [ScheduledNotice] {
        let now = clock.now()
        var planned: [ScheduledNotice] = []
        for (index, instance) in instances.enumerated() {
            let instant = anchor(instance)
            let body = sentence(instance, instant)
            for reminder in Set(reminders) {
                if case .at = reminder, index > 0 { continue }
                let fireAt = Reminders.fireAt(reminder, anchor: instant, timeZone: zone)
                guard fireAt > now else { continue }
                planned.append(
                    ScheduledNotice(
                        key: ReminderKey.key(kind, id, repeating: repeating, instant: instant, reminder: reminder), userID: owner,
                        fireAt: fireAt, kind: .reminder, title: title(instance), body: body, link: link))
            }
        }
        return planned
    }
}

/// What can go wrong with notices.
public enum NoticeError: Error, Sendable, Equatable {
    case notFound
}
