import Foundation

/// Which tasks a list shows and in what order (SRS 3.2.17, 3.2.33, 3.2.34). Pure: the service
/// fetches the owner's tasks and this filters and ranks them.
public struct TaskQuery: Sendable, Equatable {
    /// What a list can be sorted by.
    public enum SortKey: String, Sendable, CaseIterable {
        /// Due time, then priority (high first): the default ranking.
        case due
        case priority
        case estimatedTime
        case grade
        case course
        case title
        case created
    }

    /// Any of these courses (case-insensitive); empty means all.
    public var courses: [String] = []
    /// Any of these shared course records (`TaskItem.courseID`); empty means all.
    public var courseIDs: [CourseID] = []
    public var status: TaskStatus?
    /// Due at or after / before these instants (tasks without a due date are left out when either is set).
    public var dueFrom: Date?
    public var dueBefore: Date?
    /// Any of these priorities; empty means all. Unprioritised items match `withoutPriority`.
    public var priorities: [TaskPriority] = []
    public var withoutPriority = false
    /// Any of these sources (`manual`, `brightspace`, …); empty means all.
    public var sources: [String] = []
    public var sort: SortKey = .due
    public var descending = false

    public init() {}

    /// `tasks` filtered and sorted; items without the sort key come last in either direction,
    /// and ties fall back to due time, priority, title and id so that the order is stable.
    public func apply(to tasks: [TaskItem], timeZone: TimeZone) -> [TaskItem] {
        let wantedCourses = Set(courses.map { $0.lowercased() })
        let wantedSources = Set(sources.map { $0.lowercased() })
        let wantedCourseIDs = Set(courseIDs)
        let kept = tasks.filter { task in
            if !wantedCourses.isEmpty, !wantedCourses.contains(task.course?.lowercased() ?? "\u{0}") { return false }
            if !wantedCourseIDs.isEmpty, !(task.courseID.map { wantedCourseIDs.contains($0) } ?? false) { return false }
            if let status, task.status != status { return false }
            if dueFrom != nil || dueBefore != nil {
                guard let due = task.due else { return false }
                let end = TaskChanges.dueEnd(of: due, timeZone: timeZone)
                if let dueFrom, end < dueFrom { return false }
                if let dueBefore, end >= dueBefore { return false }
            }
            if !priorities.isEmpty || withoutPriority {
                if let priority = task.priority {
                    if !priorities.contains(priority) { return false }
                } else if !withoutPriority {
                    return false
                }
            }
            if !wantedSources.isEmpty, !wantedSources.contains(task.source.name) { return false }
            return true
        }
        // Keys are computed once per task, and the sort moves indices, not whole tasks: a `TaskItem`
        // is large, and copying one is dozens of retains and releases (issue #11, the task views).
        let keys = kept.map { (key: sortValue($0, timeZone: timeZone), tie: tieBreak($0, timeZone: timeZone)) }
        return keys.indices.sorted { i, j in
            let (a, b) = (keys[i], keys[j])
            switch (a.key, b.key) {
            case (nil, nil): break
            case (nil, _): return false
            case (_, nil): return true
            case (let x?, let y?):
                if x != y { return descending ? y < x : x < y }
            }
            return a.tie < b.tie
        }.map { kept[$0] }
    }

    /// The value sorted by, comparable across tasks; nil when the task has none.
    private func sortValue(_ task: TaskItem, timeZone: TimeZone) -> SortValue? {
        switch sort {
        case .due: task.due.map { .number(TaskChanges.dueEnd(of: $0, timeZone: timeZone).timeIntervalSince1970) }
        case .priority: task.priority.map { .number(Double($0.rank)) }
        case .estimatedTime: task.estimatedMinutes.map { .number(Double($0)) }
        case .grade: task.grade?.percentage.map { .number($0) }
        case .course: task.course.map { .text($0.lowercased()) }
        case .title: .text((task.displayText ?? task.title).lowercased())
        case .created: .number(task.createdAt.timeIntervalSince1970)
        }
    }

    private func tieBreak(_ task: TaskItem, timeZone: TimeZone) -> TieBreak {
        TieBreak(
            due: task.due.map { TaskChanges.dueEnd(of: $0, timeZone: timeZone).timeIntervalSince1970 } ?? .infinity,
            priority: task.priority?.rank ?? 3, title: task.title.lowercased(), id: task.id.rawValue)
    }

    private enum SortValue: Comparable {
        case number(Double)
        case text(String)
    }

    private struct TieBreak: Comparable {
        var due: Double
        var priority: Int
        var title: String
        var id: String

        static func < (a: TieBreak, b: TieBreak) -> Bool { (a.due, a.priority, a.title, a.id) < (b.due, b.priority, b.title, b.id) }
    }
}
