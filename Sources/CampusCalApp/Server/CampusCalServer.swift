import CampusCalAPI
import CampusCalPlugins
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals

/// The running server: the HTTP application and its background services, shut down gracefully on
/// SIGTERM or SIGINT (in-flight requests finish; the database closes cleanly).
public struct CampusCalServer: Sendable {
    public let services: CampusCalServices
    public let logger: Logger

    public init(services: CampusCalServices, logger: Logger) {
        self.services = services
        self.logger = logger
    }

    /// The Hummingbird application, not yet running. `onRunning` receives the bound port (useful with port 0).
    public func makeApplication(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let configuration = services.configuration
        let api = services.httpAPI()
        var background: [any Service] = [
            MaintenanceService(
                accounts: services.accounts, recovery: services.recovery, notifications: services.notifications, changes: services.changes,
                logger: logger),
            SessionActivityService(activity: services.sessionActivity, interval: .seconds(5), logger: logger),
            NotificationSchedulerService(
                notifications: services.notifications, liveNotices: services.liveNotices, replanner: services.reminderReplanner, logger: logger),
            SharedCalendarNoticeService(sharing: services.sharing, logger: logger),
            LMSSyncSchedulerService(
                lms: services.lms, interval: .seconds(services.configuration.lmsSyncIntervalMinutes * 60),
                maximumConcurrent: services.configuration.lmsMaximumConcurrentSyncs, logger: logger),
        ]
        background.append(
            PluginService(
                plugins: services.plugins, notifications: services.notifications, clock: services.clock, logger: logger,
                rescan: .seconds(max(1, services.configuration.pluginRescanSeconds))))
        if let mailer = services.mailer { background.append(MailDeliveryService(mailer: mailer, logger: logger)) }
        return Application(
            router: api.router,
            // Idle: a connection with no request in progress for this long is closed (Hummingbird
            // leaves one whose response is still being written alone, so notification streams stay).
            // Header: a request head must arrive whole within this long of its first byte (M7).
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [
                        HeaderTimeoutHandler(timeout: .seconds(Int64(configuration.headerTimeoutSeconds))), ExpectContinueHandler(),
                    ],
                    idleTimeout: .seconds(Int64(configuration.idleTimeoutSeconds)))),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "CampusCal", backlog: configuration.listenBacklog),
            services: background,
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
    }

    /// Runs until SIGTERM or SIGINT.
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        for line in services.configuration.redactedDescription { logger.debug("config \(line)") }
        // Plugins load before the first request; one that is refused or fails is logged and left out,
        // and one no administrator installed or enabled waits for an enable (issue #26).
        await services.plugins.loadAll(onlyEnabled: true)
        let application = makeApplication { port in
            logger.info("CampusCal listening", metadata: ["host": "\(services.configuration.host)", "port": "\(port)"])
            await onRunning(port)
        }
        let group = ServiceGroup(
            configuration: .init(services: [application], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch {
            await services.plugins.stopAll()
            throw error
        }
        await services.plugins.stopAll()
        logger.info("CampusCal stopped")
    }
}
