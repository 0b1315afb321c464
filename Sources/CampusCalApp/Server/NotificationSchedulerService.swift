import CampusCalAPI
import CampusCalCore
import CampusCalICalendar
import Foundation
import Logging
import ServiceLifecycle

/// Fires due notices (reminders) into inboxes and out to live streams, checking every `tick`.
///
/// Each round is one transaction per batch in the store, so a crash or SIGKILL at any point fires
/// every reminder exactly once overall: what committed is marked fired, what did not is still due.
/// It sleeps until the next notice is due or a short tick passes, whichever comes first: the tick
/// catches reminders planned for sooner while it waits, at the cost of one indexed query per tick.
struct NotificationSchedulerService: Service {
    let notifications: NotificationService
    let liveNotices: LiveNoticeHub
    let replanner: ReminderReplanner
    let logger: Logger
    var tick: Duration = .milliseconds(250)

    func run() async throws {
        await repeatUntilShutdown(logger: logger, failure: "firing notices failed", afterFailure: tick) { [self] in
            let fired = try await notifications.fireDue()
            if !fired.isEmpty {
                logger.debug("notices fired", metadata: ["count": "\(fired.count)"])
                try await replanner.replan(after: fired)
            }
            return try await untilNextDue()
        }
        // Open event streams would keep the HTTP server waiting for them to finish.
        liveNotices.close()
    }

    /// Until the next notice is due, but at most `tick`: a reminder due in 40 ms fires in 40 ms,
    /// not at the next tick, and one planned meanwhile for sooner still waits at most a tick.
    private func untilNextDue() async throws -> Duration {
        guard let next = try await notifications.notices.nextFireAt() else { return tick }
        let wait = next.timeIntervalSince(notifications.clock.now())
        return wait <= 0 ? .milliseconds(1) : min(tick, .milliseconds(Int64(wait * 1000) + 1))
    }
}
