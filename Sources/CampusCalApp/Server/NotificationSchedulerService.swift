import CampusCalAPI
import CampusCalCore
import Foundation
import Logging
import ServiceLifecycle

/// Fires due notices (reminders) into inboxes and out to live streams, checking every `tick`.
///
/// Each round is one transaction per batch in the store, so a crash or SIGKILL at any point fires
/// every reminder exactly once overall: what committed is marked fired, what did not is still due.
/// A short tick (rather than sleeping until the next due time) also catches reminders planned for
/// sooner while it waits, at the cost of one indexed query per tick.
struct NotificationSchedulerService: Service {
    let notifications: NotificationService
    let liveNotices: LiveNoticeHub
    let replanner: ReminderReplanner
    let logger: Logger
    var tick: Duration = .milliseconds(250)

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let fired = try await notifications.fireDue()
                    if !fired.isEmpty {
                        logger.debug("notices fired", metadata: ["count": "\(fired.count)"])
                        try await replanner.replan(after: fired)
                    }
                } catch is CancellationError {
                    return
                } catch {
                    logger.warning("firing notices failed", metadata: ["error": "\(error)"])
                }
                try await Task.sleep(for: tick)
            }
        }
        // Open event streams would keep the HTTP server waiting for them to finish.
        liveNotices.close()
    }
}
