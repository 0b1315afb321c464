import CampusCalICalendar
import Foundation

/// A student's tasks and assignments: create, read, change, complete, delete; ranked lists; the day view.
///
/// Tasks belong to one user; anyone else gets `TaskError.notFound`, as for a task that does not exist.
public struct TaskService: Sendable {
    public let tasks: any TaskStore
    public let clock: any TimeSource
    /// Plans each task's reminders as it changes; nil where reminders are not wanted (some tests).
    public let notifications: NotificationService?

    /// The most tasks a list returns (a student's whole history fits; more means a runaway import).
    public static let maximumListed = 5000

    /// Hears of every committed change (plugins' event hooks).
    public let changes: (any ItemChangeObserver)?

    public init(
        tasks: any TaskStore, clock: any TimeSource = SystemTimeSource(), notifications: NotificationService? = nil,
        changes: (any ItemChangeObserver)? = nil
    ) {
        self.tasks = tasks
        self.clock = clock
        self.notifications = notifications
        self.changes = changes
    }

    private func report(from old: TaskItem?, to new: TaskItem?, owner: User) {
        guard let changes, let change = ItemChange.ofTask(from: old, to: new, at: clock.now(), timeZone: Self.zone(of: owner)) else { return }
        changes.itemChanged(change)
    }

    /// Creates a task (SRS 3.2.33: a title and a priority are required; a due date must not be past).
    /// `uid`: the VTODO UID a CalDAV client named it by (nil: `<id>@campuscal`).
    public func create(for owner: User, _ changes: TaskChanges, uid: String? = nil) async throws -> TaskItem {
        let now = clock.now()
        if changes.title == nil {
            throw ValidationError([ValidationIssue(field: "title", code: "title.required", message: "A task needs a title.")])
        }
        let blank = TaskItem(id: .generate(), ownerID: owner.id, title: "", createdAt: now, updatedAt: now, uid: uid)
        let task = try changes.applied(to: blank, now: now, timeZone: Self.zone(of: owner))
        try await tasks.insert(task, reminders: try await notifications?.reminderPlan(taskID: task.id, task: task, owner: owner))
        report(from: nil, to: task, owner: owner)
        return task
    }

    public func task(_ id: TaskID, for caller: User) async throws -> TaskItem {
        guard let task = try await tasks.task(id: id), AccessPolicy.decideOwnItem(ownerID: task.ownerID, caller: caller) == .allow else {
            throw TaskError.notFound
        }
        return task
    }

    /// Applies a merge patch, optionally only if the task is still at `expectedVersion`.
    public func update(_ id: TaskID, for caller: User, changes: TaskChanges, expectedVersion: Int?) async throws -> TaskItem {
        let current = try await task(id, for: caller)
        if let expectedVersion, expectedVersion != current.version { throw TaskError.versionMismatch(current: current.version) }
        let now = clock.now()
        var updated = try changes.applied(to: current, now: now, timeZone: Self.zone(of: caller))
        if updated == current { return current }
        updated.updatedAt = now
        let stored = try await tasks.update(
            updated, expectedVersion: current.version, reminders: try await notifications?.reminderPlan(taskID: id, task: updated, owner: caller))
        report(from: current, to: stored, owner: caller)
        try await notifications?.gradeChanged(from: current, to: stored, owner: caller)
        return stored
    }

    public func delete(_ id: TaskID, for caller: User, expectedVersion: Int?) async throws {
        let current = try await task(id, for: caller)
        if let expectedVersion, expectedVersion != current.version { throw TaskError.versionMismatch(current: current.version) }
        try await tasks.delete(
            id: id, expectedVersion: current.version, reminders: try await notifications?.reminderPlan(taskID: id, task: nil, owner: caller))
        report(from: current, to: nil, owner: caller)
    }

    /// Plans a task's reminders again from now (for `ReminderReplanner`); a task that is gone or
    /// belongs to someone else plans none.
    public func replanReminders(_ id: TaskID, owner: User) async throws {
        let task = try await tasks.task(id: id)
        try await notifications?.planReminders(taskID: id, task: task?.ownerID == owner.id ? task : nil, owner: owner)
    }

    /// Plans again the reminders of every open task of `owner` that follows the default reminders
    /// (has none of its own): after the user changes those defaults or turns them on or off.
    /// With `onlyDefaults` false, every open task with a due date (after a time-zone change).
    public func replanAllReminders(for owner: User, onlyDefaults: Bool = true) async throws {
        for task in try await tasks.tasks(ownedBy: owner.id)
        where (task.reminders.isEmpty || !onlyDefaults) && task.status == .open && task.due != nil && task.removedAt == nil {
            try await notifications?.planReminders(taskID: task.id, task: task, owner: owner)
        }
    }

    /// The caller's tasks, filtered and ranked by `query`.
    public func list(for caller: User, _ query: TaskQuery) async throws -> [TaskItem] {
        // Assignments the LMS removed are kept (grades, notes) but no longer listed.
        let all = try await tasks.tasks(ownedBy: caller.id, .listed(status: query.status)).filter { $0.removedAt == nil }
        return Array(query.apply(to: all, timeZone: Self.zone(of: caller)).prefix(Self.maximumListed))
    }

    /// One task due on a day: the task, and when this occurrence of it is due.
    public struct Due: Sendable, Equatable {
        public var task: TaskItem
        public var due: EventTime
        /// The end of `due`: the time itself, or the end of the day for a due date.
        public var dueAt: Date
    }

    /// Everything due on `date` in the caller's zone — repeating tasks by their occurrence that
    /// day — ranked by due time, then priority (high first). Empty means nothing is due.
    public func due(on date: LocalDate, for caller: User) async throws -> [Due] {
        let zone = Self.zone(of: caller)
        return try await due(
            from: EventTime.date(date).instant(viewerTimeZone: zone), to: EventTime.date(date.adding(days: 1)).instant(viewerTimeZone: zone),
            for: caller)
    }

    /// Everything due in `[from, to)`, ranked like `due(on:for:)`.
    public func due(from: Date, to: Date, for caller: User, openOnly: Bool = false) async throws -> [Due] {
        let zone = Self.zone(of: caller)
        @Sendable func instances(of due: EventTime, _ rule: RecurrenceRule?) -> [EventTime] {
            let all = rule.map { RecurrenceSet(start: due, rules: [$0]).occurrences(from: from, to: to, viewerTimeZone: zone, limit: 500) } ?? [due]
            return all.filter { (from..<to).contains($0.instant(viewerTimeZone: zone)) }
        }
        var result: [Due] = []
        // The store decodes only the tasks due in the window (issue #11: most of a student's are not).
        for task in try await tasks.tasks(ownedBy: caller.id, .listedDue(where: { !instances(of: $0, $1).isEmpty })) where task.removedAt == nil {
            guard let due = task.due, !openOnly || task.status == .open else { continue }
            for instance in instances(of: due, task.recurrence) {
                result.append(Due(task: task, due: instance, dueAt: TaskChanges.dueEnd(of: instance, timeZone: zone)))
            }
        }
        return result.sorted {
            ($0.dueAt, $0.task.priority?.rank ?? 3, $0.task.title, $0.task.id.rawValue)
                < ($1.dueAt, $1.task.priority?.rank ?? 3, $1.task.title, $1.task.id.rawValue)
        }
    }

    /// What is due today, this week or this month, in words and as a list.
    public func summary(_ range: AgendaSummary.Range, for caller: User) async throws -> AgendaSummary {
        let zone = Self.zone(of: caller)
        let today = EventTime.utc(LocalDateTime(instant: clock.now(), in: zone)).localDateTime.date
        let from = EventTime.date(today).instant(viewerTimeZone: zone)
        let to = EventTime.date(today.adding(days: range.days)).instant(viewerTimeZone: zone)
        let items = try await due(from: from, to: to, for: caller, openOnly: true)
        return AgendaSummary(range: range, from: from, to: to, items: items, timeZone: zone)
    }

    /// The assignment to start next, looking a year ahead.
    public func next(for caller: User) async throws -> NextSuggestion {
        let now = clock.now()
        let candidates = try await due(from: now.addingTimeInterval(-86_400), to: now.addingTimeInterval(366 * 86_400), for: caller, openOnly: true)
        return NextSuggestion(candidates: candidates, now: now, timeZone: Self.zone(of: caller))
    }

    static func zone(of user: User) -> TimeZone { TimeZone(identifier: user.timeZone) ?? .utc }
}
