/// Workload per course per week, for third parties (planning, research): how many students had
/// something due, and how many items. Cells of fewer than the minimum number of students are left out.
public struct WorkloadAggregate: Sendable, Encodable {
    public struct Cell: Sendable, Encodable, Equatable {
        public var course: String
        /// ISO week, `2026-W48`.
        public var week: String
        public var students: Int
        public var items: Int
    }

    public var recipientId: String
    public var purpose: String
    public var minimumCellSize: Int
    /// The ISO weeks counted: whole weeks only, `fromWeek` included, `toWeek` not.
    public var fromWeek: String
    public var toWeek: String
    /// Cells withheld because their count changed since this recipient last had it by fewer than
    /// the minimum cell size (subtracting the two would point at those few students).
    public var withheldAsChanged: Int
    public var cells: [Cell]
}
