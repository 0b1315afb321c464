import Foundation

/// A student's tasks and assignments: create, read, change, complete, delete; ranked lists; the day view.
///
/// Tasks belong to one user; anyone else gets `TaskError.notFound`, as for a task that does not exist.
public struct TaskService: Sendable {
    public let tasks: any TaskStore
    public let clock: any TimeSource

    /// The most tasks a list returns (a student's whole history fits; more means a runaway import).
    public static let maximumListed = 5000

    public init(tasks: any TaskStore, clock: any TimeSource = SystemTimeSource()) {
        self.tasks = tasks
        self.clock = clock
    }

    /// Creates a task (SRS 3.2.33: a title and a priority are required; a due date must not be past).
    public func create(for owner: User, _ changes: TaskChanges) async throws -> TaskItem {
        let now = clock.now()
        if changes.title == nil {
            throw ValidationError([ValidationIssue(field: "title", code: "title.required", message: "A task needs a title.")])
        }
        let blank = TaskItem(id: .generate(), ownerID: owner.id, title: "", createdAt: now, updatedAt: now)
        let task = try changes.applied(to: blank, now: now, timeZone: Self.zone(of: owner))
        try await tasks.insert(task)
        return task
    }

    public func task(_ id: TaskID, for caller: User) async throws -> TaskItem {
        guard let task = try await tasks.task(id: id), task.ownerID == caller.id else { throw TaskError.notFound }
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
        return try await tasks.update(updated, expectedVersion: current.version)
    }

    public func delete(_ id: TaskID, for caller: User, expectedVersion: Int?) async throws {
        let current = try await task(id, for: caller)
        if let expectedVersion, expectedVersion != current.version { throw TaskError.versionMismatch(current: current.version) }
        try await tasks.delete(id: id, expectedVersion: current.version)
    }

    /// The caller's tasks, filtered and ranked by `query`.
    public func list(for caller: User, _ query: TaskQuery) async throws -> [TaskItem] {
        let all = try await tasks.tasks(ownedBy: caller.id)
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
        let dayStart = EventTime.date(date).instant(viewerTimeZone: zone)
        let dayEnd = EventTime.date(date.adding(days: 1)).instant(viewerTimeZone: zone)
        var result: [Due] = []
        for task in try await tasks.tasks(ownedBy: caller.id) {
            guard let due = task.due else { continue }
            let instances: [EventTime]
            if let rule = task.recurrence {
                instances = RecurrenceSet(start: due, rules: [rule]).occurrences(from: dayStart, to: dayEnd, viewerTimeZone: zone, limit: 100)
            } else {
                instances = [due]
            }
            for instance in instances {
                let dueAt = TaskChanges.dueEnd(of: instance, timeZone: zone)
                let starts = instance.instant(viewerTimeZone: zone)
                if starts >= dayStart && starts < dayEnd { result.append(Due(task: task, due: instance, dueAt: dueAt)) }
            }
        }
        return result.sorted {
            ($0.dueAt, $0.task.priority?.rank ?? 3, $0.task.title, $0.task.id.rawValue)
                < ($1.dueAt, $1.task.priority?.rank ?? 3, $1.task.title, $1.task.id.rawValue)
        }
    }

    static func zone(of user: User) -> TimeZone { TimeZone(identifier: user.timeZone) ?? .utc }
}
