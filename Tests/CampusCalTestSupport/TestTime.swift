import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How much longer than on an idle machine a test may wait for a process or a request.
///
/// Why: the budgets of the process tests were fixed seconds, and CI is a shared 2-core machine. With
/// other work loading it (load average ≈ 5) a debug server that is up within 2 s still answers its
/// first request late, and fixed budgets turned a slow machine into failed tests. A budget is a
/// base (what an idle machine needs, with a margin) times ``scale``.
public enum TestTime {
    /// `CAMPUSCAL_TEST_TIME_SCALE` (default 1) times the machine's load per core over the last minute
    /// (at least 1, at most 4), read afresh on each call: a budget set while the machine is busy is longer.
    public static var scale: Double {
        let configured = ProcessInfo.processInfo.environment["CAMPUSCAL_TEST_TIME_SCALE"].flatMap(Double.init) ?? 1
        return max(configured, 0.1) * loadFactor
    }

    /// The load average over the last minute divided by the cores, clamped to 1…4.
    public static var loadFactor: Double {
        var averages = [Double](repeating: 0, count: 3)
        guard getloadavg(&averages, 3) >= 1 else { return 1 }
        let cores = Double(max(ProcessInfo.processInfo.activeProcessorCount, 1))
        return min(max(averages[0] / cores, 1), 4)
    }

    /// `seconds` scaled for this machine's present load.
    public static func budget(_ seconds: Double) -> Double { seconds * scale }
}
