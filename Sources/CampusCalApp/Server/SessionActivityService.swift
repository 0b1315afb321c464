import CampusCalCore
import Logging
import ServiceLifecycle

/// Writes the sessions' buffered activity (`BufferedSessionActivity`) every few seconds, and once more
/// on graceful shutdown, so that a stopped server keeps everything it saw.
struct SessionActivityService: Service {
    let activity: BufferedSessionActivity
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await repeatUntilShutdown(logger: logger, failure: "Could not record session activity; will retry", afterFailure: interval) {
            try await activity.flush()
            return interval
        }
        do {
            try await activity.flush()
        } catch {
            logger.warning("Could not record session activity at shutdown", metadata: ["error": "\(error)", "sessions": "\(activity.pendingCount)"])
        }
    }
}
