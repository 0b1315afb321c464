import Foundation

/// What one sync did: counts, and the problems met. Shown to the student and kept as the connection's last report.
public struct LMSSyncReport: Sendable, Equatable, Codable {
    public var startedAt: Date
    public var finishedAt: Date
    public var added: Int
    public var updated: Int
    public var removed: Int
    public var unchanged: Int
    /// Items or listings that could not be read this time (the last good data stays).
    public var failed: Int
    public var problems: [LMSSyncProblem]
    /// True when every listing finished: only then are vanished items marked removed.
    public var complete: Bool
    /// The same counts per course (by course code), so "nothing new in BOT 240" is visible; calendar
    /// events without a course count under `LMSCourseSyncCounts.calendar`.
    public var courses: [LMSCourseSyncCounts]

    public init(
        startedAt: Date, finishedAt: Date, added: Int = 0, updated: Int = 0, removed: Int = 0, unchanged: Int = 0, failed: Int = 0,
        problems: [LMSSyncProblem] = [], complete: Bool, courses: [LMSCourseSyncCounts] = []
    ) {
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.added = added
        self.updated = updated
        self.removed = removed
        self.unchanged = unchanged
        self.failed = failed
        self.problems = problems
        self.complete = complete
        self.courses = courses
    }

    private enum CodingKeys: String, CodingKey { case startedAt, finishedAt, added, updated, removed, unchanged, failed, problems, complete, courses }

    // Reports stored before per-course counts existed decode with none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        startedAt = try container.decode(Date.self, forKey: .startedAt)
        finishedAt = try container.decode(Date.self, forKey: .finishedAt)
        added = try container.decode(Int.self, forKey: .added)
        updated = try container.decode(Int.self, forKey: .updated)
        removed = try container.decode(Int.self, forKey: .removed)
        unchanged = try container.decode(Int.self, forKey: .unchanged)
        failed = try container.decode(Int.self, forKey: .failed)
        problems = try container.decode([LMSSyncProblem].self, forKey: .problems)
        complete = try container.decode(Bool.self, forKey: .complete)
        courses = try container.decodeIfPresent([LMSCourseSyncCounts].self, forKey: .courses) ?? []
    }
}

/// One course's share of a sync.
public struct LMSCourseSyncCounts: Sendable, Equatable, Codable {
    /// Where events without a course are counted.
    public static let calendar = "(calendar)"

    public var course: String
    public var added = 0
    public var updated = 0
    public var removed = 0
    public var failed = 0

    public init(course: String, added: Int = 0, updated: Int = 0, removed: Int = 0, failed: Int = 0) {
        self.course = course
        self.added = added
        self.updated = updated
        self.removed = removed
        self.failed = failed
    }

    /// The plan's writes and the snapshot's problems, per course code (tasks by their course, events
    /// under `calendar`, problems by the course their scope names), in course order.
    static func tally(_ plan: LMSSyncPlan, _ snapshot: LMSSnapshot) -> [LMSCourseSyncCounts] {
        var counts: [String: LMSCourseSyncCounts] = [:]
        func bump(_ course: String?, _ change: (inout LMSCourseSyncCounts) -> Void) {
            let key = course ?? calendar
            change(&counts[key, default: LMSCourseSyncCounts(course: key)])
        }
        for task in plan.insertTasks { bump(task.course) { $0.added += 1 } }
        for (task, _) in plan.updateTasks {
            bump(task.course) { counts in
                if task.removedAt == nil { counts.updated += 1 } else { counts.removed += 1 }
            }
        }
        for _ in plan.insertEvents { bump(nil) { $0.added += 1 } }
        for _ in plan.replaceEvents { bump(nil) { $0.updated += 1 } }
        for _ in plan.deleteEvents { bump(nil) { $0.removed += 1 } }
        let codes = Dictionary(snapshot.courses.map { ($0.nativeID, $0.code) }, uniquingKeysWith: { first, _ in first })
        for problem in snapshot.problems {
            // Scopes name a course by its LMS id after the colon (`assignments:184233`, `grades:5173`).
            let id = problem.scope.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init)
            bump(id.flatMap { codes[$0] }) { $0.failed += 1 }
        }
        return counts.values.sorted { $0.course < $1.course }
    }
}
