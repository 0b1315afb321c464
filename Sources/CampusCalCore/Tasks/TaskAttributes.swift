import Foundation

/// How urgent a task is (SRS 3.2.33). Unset is allowed only for imported assignments: clients then
/// offer "add priority".
public enum TaskPriority: String, Sendable, CaseIterable, Comparable {
    case high, medium, low

    /// Ranking order: high first.
    var rank: Int {
        switch self {
        case .high: 0
        case .medium: 1
        case .low: 2
        }
    }

    public static func < (lhs: TaskPriority, rhs: TaskPriority) -> Bool { lhs.rank < rhs.rank }
}

/// Whether a task is done. Completing records when; marking it incomplete again clears that.
public enum TaskStatus: String, Sendable, CaseIterable {
    case open, completed
}

/// Where a task came from: typed in by the student, or imported from a learning-management system
/// (which the LMS issue fills in) with the item's id there, so a re-import updates instead of duplicating.
public enum TaskSource: Sendable, Equatable, Hashable {
    case manual
    case lms(system: String, nativeID: String)

    /// `manual`, or the system's name (`brightspace`, `canvas`, `moodle`, `ical`).
    public var name: String {
        switch self {
        case .manual: "manual"
        case .lms(let system, _): system
        }
    }
}

/// A grade as an LMS reports it: any of a score, a percentage and a letter.
public struct TaskGrade: Sendable, Equatable, Hashable {
    public var score: Double?
    public var percentage: Double?
    public var letter: String?

    public init(score: Double? = nil, percentage: Double? = nil, letter: String? = nil) {
        self.score = score
        self.percentage = percentage
        self.letter = letter
    }
}
