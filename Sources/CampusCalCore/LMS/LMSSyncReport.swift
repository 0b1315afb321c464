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

    public init(
        startedAt: Date, finishedAt: Date, added: Int = 0, updated: Int = 0, removed: Int = 0, unchanged: Int = 0, failed: Int = 0,
        problems: [LMSSyncProblem] = [], complete: Bool
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
    }
}
