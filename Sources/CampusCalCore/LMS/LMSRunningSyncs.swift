import Foundation

/// The LMS syncs in progress on this server, so that one connection never syncs twice at once
/// (two syncs racing with one single-use refresh token would cost the student their connection)
/// and so a student can see that theirs is under way.
public actor LMSRunningSyncs {
    private var started: [LMSConnectionID: Date] = [:]

    public init() {}

    /// Marks `id` as syncing; false when it already is.
    func begin(_ id: LMSConnectionID, at date: Date) -> Bool {
        guard started[id] == nil else { return false }
        started[id] = date
        return true
    }

    func end(_ id: LMSConnectionID) { started[id] = nil }

    /// When the running sync of `id` began; nil when none runs.
    public func startedAt(_ id: LMSConnectionID) -> Date? { started[id] }
}
