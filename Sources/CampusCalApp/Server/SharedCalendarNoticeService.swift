import CampusCalCore
import Logging
import ServiceLifecycle

/// Sends the batched notices of changes to shared calendars (`CalendarSharingService.sendChangeNotices`)
/// as their batches come due. A batch waits `sharing.change_notice_delay_seconds`, so looking every
/// few seconds costs nothing and keeps the notice close to on time.
struct SharedCalendarNoticeService: Service {
    let sharing: CalendarSharingService
    let logger: Logger
    var interval: Duration = .seconds(5)

    func run() async throws {
        await repeatUntilShutdown(logger: logger, failure: "shared-calendar change notices failed", afterFailure: interval) { [self] in
            let sent = try await sharing.sendChangeNotices()
            if sent > 0 { logger.debug("sent shared-calendar change notices", metadata: ["notices": "\(sent)"]) }
            return interval
        }
    }
}
