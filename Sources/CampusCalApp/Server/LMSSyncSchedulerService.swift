import CampusCalCore
import Logging
import ServiceLifecycle

/// Syncs every active LMS connection in the background, each about once per `lms.sync_interval_minutes`
/// at its own offset (so a campus's syncs spread over the interval instead of hitting the LMS at
/// once), at most `lms.max_concurrent_syncs` at a time.
struct LMSSyncSchedulerService: Service {
    let lms: LMSSyncService
    let interval: Duration
    let maximumConcurrent: Int
    let logger: Logger
    var tick: Duration = .seconds(60)

    func run() async throws {
        await repeatUntilShutdown(logger: logger, failure: "background LMS sync failed", afterFailure: tick) { [self] in
            let results = try await lms.syncDueConnections(interval: Double(interval.components.seconds), maximumConcurrent: maximumConcurrent)
            if results.synced + results.failed > 0 {
                logger.info("background LMS syncs", metadata: ["synced": "\(results.synced)", "failed": "\(results.failed)"])
            }
            return tick
        }
    }
}
