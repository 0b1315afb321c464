import ArgumentParser
import CampusCalApp
import CampusCalPlugins
import Foundation
import Logging

/// `campuscal plugin-runner`: hosts one plugin with `isolation = "process"` for a running server,
/// which starts it with the socket as descriptor 3. Not for people to run.
struct PluginRunnerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin-runner", abstract: "Host one isolated plugin for a running server (started by the server).",
        shouldDisplay: false)

    @Option(help: "Log format: text or json.") var logFormat = "text"
    @Option(help: "Log level.") var logLevel = "info"

    func run() async throws {
        LoggingSetup.bootstrap(format: logFormat, level: logLevel)
        var logger = Logger(label: "campuscal.plugin-runner")
        logger[metadataKey: "pid"] = "\(getpid())"
        guard fcntl(3, F_GETFD) != -1 else {
            throw ValidationError("plugin-runner is started by the server, with its socket as descriptor 3")
        }
        let status = await PluginRunner.run(descriptor: 3, logger: logger)
        throw ExitCode(status)
    }
}
