import CampusCalCore
import CampusCalICalendar
import Foundation
import GRDB

/// `TaskStore` on SQLite: one row per task, the due time in the `EventTimeColumn` form.
public struct SQLiteTaskStore: TaskStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func insert(_ task: TaskItem, reminders: ReminderPlan?) async throws {
        let arguments = Self.arguments(for: task)
        do {
            try await database.writeNow { db in
                try db.cachedStatement(sql: "INSERT INTO task (\(Self.columns)) VALUES (\(Self.placeholders))").execute(arguments: arguments)
                try ScheduledNoticeRows.write(reminders, in: db)
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE && task.uid != nil {
            throw TaskError.duplicateUID(task.uid ?? "")
        }
    }

    public func insert(contentsOf tasks: [TaskItem]) async throws {
        let rows = tasks.map(Self.arguments(for:))
        try await database.write { db in
            let statement = try db.cachedStatement(sql: "INSERT INTO task (\(Self.columns)) VALUES (\(Self.placeholders))")
            for arguments in rows { try statement.execute(arguments: arguments) }
        }
    }

    public func task(id: TaskID) async throws -> TaskItem? {
        try database.readNow { db in
            try db.cachedStatement(sql: "SELECT \(Self.columns) FROM task WHERE id = ?").decodeFirst(arguments: [id.rawValue], Self.task(from:))
        }
    }

    public func tasks(ownedBy owner: UserID) async throws -> [TaskItem] {
        try database.readNow { db in
            try db.cachedStatement(sql: "SELECT \(Self.columns) FROM task WHERE ownerID = ?").decodeAll(arguments: [owner.rawValue], Self.task(from:))
        }
    }

    public func tasks(ownedBy owner: UserID, _ selection: TaskSelection) async throws -> [TaskItem] {
        try database.readNow { db in
            func fetch(_ sql: String, _ arguments: StatementArguments) throws -> [TaskItem] {
                try db.cachedStatement(sql: "SELECT \(Self.columns) FROM task WHERE \(sql)").decodeAll(arguments: arguments, Self.task(from:))
            }
            switch selection {
            case .listed(status: nil):
                return try fetch("ownerID = ? AND removedAt IS NULL", [owner.rawValue])
            case .listed(status: let status?):
                return try fetch("ownerID = ? AND removedAt IS NULL AND status = ?", [owner.rawValue, status.rawValue])
            case .ids(let ids):
                // One cached statement for any number of ids: they arrive as one JSON array.
                return try fetch("ownerID = ? AND id IN (SELECT value FROM json_each(?))", [owner.rawValue, try Self.jsonArray(ids.map(\.rawValue))])
            case .uid(let uid):
                // A task no client named answers to `<id>@campuscal` (`TaskItem.generatedUID`).
                let id = uid.hasSuffix("@campuscal") ? String(uid.dropLast("@campuscal".count)) : ""
                return try fetch("ownerID = ? AND (uid = ? OR (uid IS NULL AND id = ?))", [owner.rawValue, uid, id])
            case .listedDue(let isWanted):
                // First only the due time and rule of each, then the whole rows of those wanted.
                let wanted: [Int64] = try db.cachedStatement(
                    sql: "SELECT rowid, due, recurrenceRule FROM task WHERE ownerID = ? AND removedAt IS NULL AND due IS NOT NULL"
                ).decodeAll(arguments: [owner.rawValue]) { row in
                    guard let due = (row[1] as String?).flatMap(EventTimeColumn.decode) else { return nil }
                    return isWanted(due, (row[2] as String?).flatMap(ParsedRuleCache.rule)) ? row[0] : nil
                }
                guard !wanted.isEmpty else { return [] }
                return try fetch("rowid IN (SELECT value FROM json_each(?))", ["[" + wanted.map(String.init).joined(separator: ",") + "]"])
            }
        }
    }

    /// A JSON array of the ids, for `json_each`.
    private static func jsonArray(_ values: [String]) throws -> String { String(decoding: try JSONEncoder().encode(values), as: UTF8.self) }

    public func update(_ task: TaskItem, expectedVersion: Int, reminders: ReminderPlan?) async throws -> TaskItem {
        var next = task
        next.version = expectedVersion + 1
        let arguments = Self.updateArguments(for: next) + [task.id.rawValue, expectedVersion]
        return try await database.writeNow { db in
            try db.cachedStatement(sql: "UPDATE task SET \(Self.assignments) WHERE id = ? AND version = ?").execute(arguments: arguments)
            let changed = db.changesCount
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Self.columns) FROM task WHERE id = ?"), arguments: [task.id.rawValue]),
                let stored = Self.task(from: row)
            else { throw TaskError.notFound }
            if changed == 0 { throw TaskError.versionMismatch(current: stored.version) }
            try ScheduledNoticeRows.write(reminders, in: db)
            return stored
        }
    }

    public func delete(id: TaskID, expectedVersion: Int, reminders: ReminderPlan?) async throws {
        try await database.writeNow { db in
            try db.cachedStatement(sql: "DELETE FROM task WHERE id = ? AND version = ?").execute(arguments: [id.rawValue, expectedVersion])
            if db.changesCount == 0 {
                let current = try Int.fetchOne(db.cachedStatement(sql: "SELECT version FROM task WHERE id = ?"), arguments: [id.rawValue])
                throw current.map { TaskError.versionMismatch(current: $0) } ?? TaskError.notFound
            }
            try ScheduledNoticeRows.write(reminders, in: db)
        }
    }

    /// The columns, in the order of `arguments(for:)` and of reading by position.
    private enum Column: Int, CaseIterable {
        case id, ownerID, title, course, description, due, estimatedMinutes, priority, status, completedAt, sourceSystem, sourceID
        case pointsPossible, gradeScore, gradePercentage, gradeLetter, feedback, displayText, recurrenceRule, reminders, createdAt, updatedAt
        case version, removedAt, opensAt, cutoffAt, submissionStatus, courseID, uid
    }

    static let columns = Column.allCases.map { "\($0)" }.joined(separator: ", ")
    static let placeholders = Array(repeating: "?", count: Column.allCases.count).joined(separator: ", ")
    /// `column = ?` for every column but `id`, in order: the SET clause of an update (its values:
    /// `updateArguments(for:)`). Setting `id`, even to itself, made SQLite look for to-do lines
    /// pointing at the old id — a full scan of `todoEntry`, twice, on the only writer, in every
    /// task update (issue #11's campus simulator: 87 ms a completion with 275,000 to-do lines).
    static let assignments = Column.allCases.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")

    static func arguments(for task: TaskItem) -> StatementArguments { StatementArguments(values(for: task)) }

    /// The values of `assignments`: every column but `id`.
    static func updateArguments(for task: TaskItem) -> StatementArguments { StatementArguments(Array(values(for: task).dropFirst())) }

    private static func values(for task: TaskItem) -> [(any DatabaseValueConvertible)?] {
        var sourceID: String?
        if case .lms(_, let nativeID) = task.source { sourceID = nativeID }
        let values: [(any DatabaseValueConvertible)?] = [
            task.id.rawValue, task.ownerID.rawValue, task.title, task.course, task.description, task.due.map(EventTimeColumn.encode),
            task.estimatedMinutes, task.priority?.rawValue, task.status.rawValue, task.completedAt, task.source.name, sourceID,
            task.pointsPossible, task.grade?.score, task.grade?.percentage, task.grade?.letter, task.feedback, task.displayText,
            task.recurrence?.rfc5545, RemindersColumn.encode(task.reminders), task.createdAt, task.updatedAt, task.version,
            task.removedAt, task.opensAt, task.cutoffAt, task.submissionStatus, task.courseID?.rawValue, task.uid,
        ]
        return values
    }

    /// The task of a row; nil (skipped) only if a newer, incompatible version wrote it.
    static func task(from row: Row) -> TaskItem? {
        // `StatementColumnConvertible` picks GRDB's direct column read; with `DatabaseValueConvertible`
        // alone every column went through an unspecialised generic decode that looks up type metadata
        // at run time — a seventh of the task list's CPU (issue #11).
        func value<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ column: Column) -> Value { row[column.rawValue] }
        func optional<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ column: Column) -> Value? { row[column.rawValue] }
        guard let status = TaskStatus(rawValue: value(.status)) else { return nil }
        let system: String = value(.sourceSystem)
        let source: TaskSource = system == "manual" ? .manual : .lms(system: system, nativeID: optional(.sourceID) ?? "")
        let score: Double? = optional(.gradeScore)
        let percentage: Double? = optional(.gradePercentage)
        let letter: String? = optional(.gradeLetter)
        let grade = score == nil && percentage == nil && letter == nil ? nil : TaskGrade(score: score, percentage: percentage, letter: letter)
        return TaskItem(
            id: TaskID(rawValue: value(.id)), ownerID: UserID(rawValue: value(.ownerID)), title: value(.title), course: optional(.course),
            description: optional(.description), due: (optional(.due) as String?).flatMap(EventTimeColumn.decode),
            estimatedMinutes: optional(.estimatedMinutes), priority: (optional(.priority) as String?).flatMap(TaskPriority.init(rawValue:)),
            status: status, completedAt: optional(.completedAt), source: source, pointsPossible: optional(.pointsPossible), grade: grade,
            feedback: optional(.feedback), displayText: optional(.displayText),
            recurrence: (optional(.recurrenceRule) as String?).flatMap(ParsedRuleCache.rule),
            reminders: RemindersColumn.decode(value(.reminders)), removedAt: optional(.removedAt), createdAt: value(.createdAt),
            updatedAt: value(.updatedAt), version: value(.version), opensAt: optional(.opensAt), cutoffAt: optional(.cutoffAt),
            submissionStatus: optional(.submissionStatus), courseID: (optional(.courseID) as String?).map(CourseID.init(rawValue:)),
            uid: optional(.uid))
    }
}
