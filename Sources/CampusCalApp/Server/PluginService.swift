import CampusCalPlugins
import Foundation
import Logging
import ServiceLifecycle

/// The plugins' background work: passes committed changes to their event hooks (in order, after
/// the requests that made them were answered), and every `rescan` catches up with what an
/// administrator did from the shell (`campuscal plugin install|enable|disable|remove`).
struct PluginService: Service {
    let plugins: PluginManager
    let logger: Logger
    var rescan: Duration

    func run() async throws {
        let plugins = self.plugins
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await plugins.deliverItemChanges() }
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
