import CampusCalCore
import CampusCalICalendar
import CampusCalPlugins
import Foundation
import Logging
import ServiceLifecycle

/// The plugins' background work: passes committed changes to their event hooks (in order, after
/// the requests that made them were answered), and every `rescan` catches up with what an
/// administrator did from the shell (`campuscal plugin install|enable|disable|remove`); and sends
/// the notifications plugins ask for (`notify`) through the server's own notifications.
struct PluginService: Service {
    let plugins: PluginManager
    let notifications: NotificationService
    let clock: any TimeSource
    let logger: Logger
    var rescan: Duration

    func run() async throws {
        let plugins = self.plugins
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await plugins.deliverItemChanges() }
                group.addTask { [clock] in
                    // Scheduled jobs: checked every few seconds against the server's clock.
                    await repeatUntilShutdown(logger: logger, failure: "plugin jobs failed", afterFailure: .seconds(5)) {
                        await plugins.runDueJobs(now: clock.now())
                        return .seconds(5)
                    }
                }
                group.addTask { [notifications] in
                    await plugins.sendPluginNotices { person, title, body in
                        _ = try await notifications.notify(person, kind: .plugin, title: title, body: body)
                    }
                }
                group.addTask {
                    await repeatUntilShutdown(logger: logger, failure: "plugin rescan failed", afterFailure: rescan) {
                        await plugins.synchronise()
                        return rescan
                    }
                    // Past shutdown: deliver what is queued, then end.
                    plugins.finishDelivering()
                }
            }
        } onGracefulShutdown: {
            plugins.finishDelivering()
        }
    }
}
