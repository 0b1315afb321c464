import CampusCalICalendar
import Foundation

extension NotificationService {
    /// How long fired schedule rows are kept: only to stop a re-plan racing a firing from planning
    /// a reminder again, which needs seconds; a week is generous.
    public static let firedRetention: TimeInterval = 7 * 86_400
    /// How long notices stay after they were read (unread ones stay until read).
    public static let readRetention: TimeInterval = 180 * 86_400
    /// How long sent and abandoned email/text deliveries stay, for support questions.
    public static let deliveryRetention: TimeInterval = 30 * 86_400

    /// Deletes what no longer matters (see the retention periods); returns how many rows went.
    @discardableResult
    public func purgeStale() async throws -> Int {
        let now = clock.now()
        return try await notices.purge(
            firedBefore: now.addingTimeInterval(-Self.firedRetention), readBefore: now.addingTimeInterval(-Self.readRetention),
            deliveriesFinishedBefore: now.addingTimeInterval(-Self.deliveryRetention))
    }
}
