/// Aggregates for third parties (workload per course per week, …): a count smaller than the minimum
/// cell size points at a few people, so it is withheld rather than released (disclosure avoidance;
/// 10 is the common, conservative minimum).
public struct SmallCellSuppression: Sendable {
    public let minimumCellSize: Int

    public init(minimumCellSize: Int = 10) { self.minimumCellSize = max(1, minimumCellSize) }

    /// The cells that may be released: those counting at least `minimumCellSize` people; the others
    /// are left out, not zeroed, so their absence says nothing about how small they were.
    public func releasable<Key: Hashable>(_ cells: [Key: Int]) -> [Key: Int] {
        cells.filter { $0.value >= minimumCellSize }
    }
}
