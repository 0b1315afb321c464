import CampusCalCore
import Foundation
import Logging
import ServiceLifecycle

/// Sends the outbox's emails and texts every `tick`, apart from the reminder scheduler so that a
/// slow or unreachable mail server never delays reminders reaching inboxes and open apps.
struct MailDeliveryService: Service {
    let mailer: NoticeMailer
    let logger: Logger
    var tick: Duration = .seconds(1)

    func run() async throws {
        await repeatUntilShutdown(logger: logger, failure: "mail delivery round failed", afterFailure: tick) { [self] in
            let round = try await mailer.sendDue()
            if round.sent > 0 { logger.debug("notices mailed", metadata: ["count": "\(round.sent)"]) }
            if let error = round.lastError {
                logger.warning(
                    "mail delivery failed", metadata: ["retrying": "\(round.retrying)", "givenUp": "\(round.failed)", "error": "\(error)"])
            }
            return tick
        }
    }
}
