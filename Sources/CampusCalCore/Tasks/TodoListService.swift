import CampusCalICalendar
import Foundation

/// The student's curated to-do list: add a task or custom text, reorder, tick off and untick,
/// remove, and step to the next or previous line.
public struct TodoListService: Sendable {
    public let entries: any TodoStore
    public let tasks: TaskService
    public let clock: any TimeSource

    public static let maximumEntries = 500
    public static let maximumTextLength = 1000

    public init(entries: any TodoStore, tasks: TaskService, clock: any TimeSource = SystemTimeSource()) {
        self.entries = entries
        self.tasks = tasks
        self.clock = clock
    }

    /// A line as clients show it: the line, and the task it stands for (for its title and due date).
    ///
    /// A line that stands for a task is ticked exactly when the task is completed (SRS 3.2.24.1;
    /// issue #28): ticking it completes the task, and completing the task elsewhere ticks it.
    public struct Line: Sendable, Equatable {
        public var entry: TodoEntry
        public var task: TaskItem?

        public init(entry: TodoEntry, task: TaskItem?) {
            var entry = entry
            if let task { entry.completedAt = task.status == .completed ? (task.completedAt ?? entry.completedAt ?? task.updatedAt) : nil }
            self.entry = entry
            self.task = task
        }

        /// The words to show: the line's own, else the task's display text, else its title.
        public var text: String { entry.text ?? task?.displayText ?? task?.title ?? "" }
    }

    public func list(for caller: User) async throws -> [Line] {
        let all = try await entries.entries(ownedBy: caller.id)
        let linked = try await tasks.tasks.tasks(ownedBy: caller.id, .ids(all.compactMap(\.taskID)))
        let byID = Dictionary(linked.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return all.map { Line(entry: $0, task: $0.taskID.flatMap { byID[$0] }) }
    }

    /// Adds a line for one of the caller's tasks, or with custom text, at `position` (default: the end).
    public func add(for caller: User, taskID: TaskID?, text: String?, position: Int?) async throws -> Line {
        var issues: [ValidationIssue] = []
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines)
        if taskID == nil && (trimmed ?? "").isEmpty {
            issues.append(ValidationIssue(field: "text", code: "text.required", message: "Add a task or assignment, or type the line's text."))
        }
        if let text, text.unicodeScalars.count > Self.maximumTextLength {
            issues.append(ValidationIssue(field: "text", code: "text.length", message: "A line has at most \(Self.maximumTextLength) characters."))
        }
        try ValidationError.check(issues)
        var task: TaskItem?
        if let taskID { task = try await tasks.task(taskID, for: caller) }
        var all = try await entries.entries(ownedBy: caller.id)
        guard all.count < Self.maximumEntries else {
            throw ValidationError([
                ValidationIssue(
                    field: "text", code: "list.full", message: "Your to-do list has \(Self.maximumEntries) lines; remove finished ones first.")
            ])
        }
        let entry = TodoEntry(
            id: .generate(), ownerID: caller.id, position: 0, taskID: task?.id, text: (trimmed ?? "").isEmpty ? nil : trimmed,
            createdAt: clock.now())
        let index = min(max(position ?? all.count, 0), all.count)
        all.insert(entry, at: index)
        try await save(all, for: caller)
        var saved = entry
        saved.position = index
        return Line(entry: saved, task: task)
    }

    /// Changes a line: its text, ticked or not, its place.
    public func update(_ id: TodoEntryID, for caller: User, text: FieldChange<String>, completed: Bool?, position: Int?) async throws -> Line {
        var all = try await entries.entries(ownedBy: caller.id)
        guard var index = all.firstIndex(where: { $0.id == id }) else { throw TodoError.notFound }
        switch text {
        case .unchanged: break
        case .clear:
            guard all[index].taskID != nil else {
                throw ValidationError([ValidationIssue(field: "text", code: "text.required", message: "A custom line needs its text.")])
            }
            all[index].text = nil
        case .set(let value):
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, value.unicodeScalars.count <= Self.maximumTextLength else {
                throw ValidationError([
                    ValidationIssue(field: "text", code: "text.length", message: "A line has 1 to \(Self.maximumTextLength) characters.")
                ])
            }
            all[index].text = trimmed
        }
        if let completed, let taskID = all[index].taskID, let task = try? await tasks.task(taskID, for: caller) {
            // The line is the task: completing (or reopening) it goes through the task service, with
            // its notices, plugin hooks and reminders withdrawn or planned again, before the line changes.
            let wanted: TaskStatus = completed ? .completed : .open
            if task.status != wanted {
                _ = try await tasks.update(taskID, for: caller, changes: TaskChanges(status: wanted), expectedVersion: nil)
            }
        }
        if let completed, completed != all[index].isCompleted { all[index].completedAt = completed ? clock.now() : nil }
        if let position {
            let entry = all.remove(at: index)
            index = min(max(position, 0), all.count)
            all.insert(entry, at: index)
        }
        try await save(all, for: caller)
        var entry = all[index]
        entry.position = index
        return try await lineWithTask(entry, for: caller)
    }

    public func remove(_ id: TodoEntryID, for caller: User) async throws {
        var all = try await entries.entries(ownedBy: caller.id)
        guard let index = all.firstIndex(where: { $0.id == id }) else { throw TodoError.notFound }
        all.remove(at: index)
        try await save(all, for: caller)
    }

    /// The line after (or before) `id`; `TodoError.endOfList` at either end.
    public func neighbour(of id: TodoEntryID, for caller: User, next: Bool) async throws -> Line {
        let all = try await entries.entries(ownedBy: caller.id)
        guard let index = all.firstIndex(where: { $0.id == id }) else { throw TodoError.notFound }
        let target = next ? index + 1 : index - 1
        guard all.indices.contains(target) else { throw TodoError.endOfList(atStart: !next) }
        var entry = all[target]
        entry.position = target
        return try await lineWithTask(entry, for: caller)
    }

    private func save(_ all: [TodoEntry], for caller: User) async throws {
        var numbered = all
        for index in numbered.indices { numbered[index].position = index }
        try await entries.replaceEntries(of: caller.id, with: numbered)
    }

    private func lineWithTask(_ entry: TodoEntry, for caller: User) async throws -> Line {
        // A task deleted since it was added leaves the line, shown by its own text (or empty).
        var task: TaskItem?
        if let taskID = entry.taskID { task = try? await tasks.task(taskID, for: caller) }
        return Line(entry: entry, task: task)
    }
}
