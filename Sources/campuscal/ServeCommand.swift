import ArgumentParser
import CampusCalApp
import CampusCalStorage
import Logging

/// `campuscal serve`: run the HTTP server until SIGTERM or SIGINT.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the server (migrations are applied first).")

    @OptionGroup var options: ConfigurationOptions

    @Option(name: .long, help: "Address to listen on (setting server.host).")
    var host: String?

    @Option(name: .long, help: "Port to listen on; 0 picks a free one (setting server.port).")
    var port: Int?

    func run() async throws {
        var extra: [String: String] = [:]
        if let host { extra["server.host"] = host }
        if let port { extra["server.port"] = String(port) }
        let configuration = try options.load(extra: extra)
        LoggingSetup.bootstrap(format: configuration.logFormat, level: configuration.logLevel)
        let logger = Logger(label: "campuscal")
        if configuration.eventLoopExecutor && !EventLoopExecutor.install() {
            logger.warning("server.event_loop_executor: this toolchain does not support it; handlers run on Swift's own pool")
        }
        // One server per database, and no restore under it: held until this command returns.
        let lock: ServerLock
        do {
            lock = try ServerLock(databasePath: configuration.databasePath)
        } catch let held as ServerLock.Held {
            throw ValidationError(held.description)
        }
        defer { withExtendedLifetime(lock) {} }
        let services = try CampusCalServices(configuration: configuration)
        logger.info("database ready", metadata: ["path": "\(configuration.databasePath)"])
        try await CampusCalServer(services: services, logger: logger).run()
    }
}
