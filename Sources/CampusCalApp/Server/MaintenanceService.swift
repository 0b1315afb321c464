import CampusCalCore
import Logging
import ServiceLifecycle

/// Periodic housekeeping: deletes ended sessions, failed-login records, fired reminder rows, read
/// notices, finished deliveries and deletion records past `sync.tombstone_days` that no longer
/// matter, so the tables stay small however many logins, reminders and deletions a semester brings.
struct MaintenanceService: Service {
    let accounts: AccountService
    let recovery: AccountRecovery
    let notifications: NotificationService
    let changes: ChangeFeed
    let logger: Logger
    var interval: Duration = .seconds(600)

    func run() async throws {
        await repeatUntilShutdown(logger: logger, failure: "maintenance failed", afterFailure: interval) { [self] in
            let removed = try await accounts.purgeStale() + recovery.purgeStale() + notifications.purgeStale() + changes.purgeStale()
            if removed > 0 { logger.debug("maintenance purged stale rows", metadata: ["rows": "\(removed)"]) }
            return interval
        }
    }
}
