import CampusCalICalendar
import Foundation

/// Tasks as the VTODO resources of a person's task calendar over CalDAV (issue #29): one resource
/// per task, named by its UID, read and written through the same checks, stores, reminders and
/// plugin hooks as the REST API (`create`, `update`, `delete`), so a change on the phone is a
/// change in the web app.
extension TaskService {
    /// Every task of the caller the task calendar shows — open and completed, not those their LMS
    /// removed — only those overlapping `range` (RFC 4791 §9.9, `TaskItem.overlaps`) when given.
    public func resources(for caller: User, overlapping range: (start: Date?, end: Date?)? = nil) async throws -> [TaskItem] {
        let zone = Self.zone(of: caller)
        return try await tasks.tasks(ownedBy: caller.id, .listed(status: nil))
            .filter { task in task.removedAt == nil && (range.map { task.overlaps(start: $0.start, end: $0.end, timeZone: zone) } ?? true) }
            .sorted { ($0.createdAt, $0.id.rawValue) < ($1.createdAt, $1.id.rawValue) }
    }

    /// The caller's task with this VTODO UID; `TaskError.notFound` for anyone else's, or a removed one.
    public func resource(uid: String, for caller: User) async throws -> TaskItem {
        guard let task = try await stored(uid: uid, for: caller) else { throw TaskError.notFound }
        return task
    }

    /// Stores one VTODO put as the resource `name` (the UID it is addressed by): a new task, or the
    /// changes `TaskChanges(importing:)` reads from it for the task with that UID — an assignment's
    /// LMS fields refused (`ValidationError`, nothing stored). Returns the task and whether it was made.
    public func putResource(_ todo: ICalendarTodo, named name: String, for caller: User, expecting: EventResourceExpectation) async throws
        -> (task: TaskItem, created: Bool)
    {
        let existing = try await stored(uid: todo.uid, for: caller)
        if name != todo.uid { throw EventResourceError.nameIsNotUID(name: name, uid: todo.uid) }
        guard expecting.holds(for: existing.map { ($0.id.rawValue, $0.version) }) else { throw EventResourceError.preconditionFailed }
        let now = clock.now()
        let changes = try TaskChanges(importing: todo, current: existing, now: now, timeZone: Self.zone(of: caller))
        guard let existing else {
            // A client's UID is kept as it is; one of the `<id>@campuscal` form names a task already
            // deleted or never here, so the new task is known by the client's name for it too.
            do {
                return (try await create(for: caller, changes, uid: todo.uid), true)
            } catch TaskError.duplicateUID {
                // Another request made it between the read and the insert: `If-None-Match: *` fails; without it, the client retries.
                throw EventResourceError.preconditionFailed
            }
        }
        do {
            return (try await update(existing.id, for: caller, changes: changes, expectedVersion: existing.version), false)
        } catch TaskError.versionMismatch {
            throw EventResourceError.preconditionFailed
        }
    }

    /// Deletes the task whose UID is `name` when `expecting` holds.
    public func deleteResource(named name: String, for caller: User, expecting: EventResourceExpectation) async throws {
        let existing = try await stored(uid: name, for: caller)
        guard expecting.holds(for: existing.map { ($0.id.rawValue, $0.version) }, deleting: true) else {
            throw EventResourceError.preconditionFailed
        }
        guard let existing else { throw TaskError.notFound }
        do {
            try await delete(existing.id, for: caller, expectedVersion: existing.version)
        } catch TaskError.versionMismatch {
            throw EventResourceError.preconditionFailed
        }
    }

    private func stored(uid: String, for caller: User) async throws -> TaskItem? {
        try await tasks.tasks(ownedBy: caller.id, .uid(uid)).first { $0.resourceUID == uid && $0.removedAt == nil }
    }
}

extension EventResourceExpectation {
    /// Whether the conditional headers hold for the resource as it is: `current` names its id and
    /// version, nil when there is none. Without a condition, a DELETE of nothing is a 404, not a 412.
    func holds(for current: (id: String, version: Int)?, deleting: Bool = false) -> Bool {
        switch self {
        case .any: true
        case .absent: current == nil && !deleting
        case .exists: current != nil
        case .version(let id, let version): current?.id == id.rawValue && current?.version == version
        }
    }
}
