import CampusCalCore
import Foundation
import Logging

/// The load probe (issue #26, finding 1): before the server `dlopen`s an in-process plugin's
/// library itself, a runner does — that runs the library's constructors — and reports whether it
/// finished within the lifecycle deadline. A constructor that never returns would otherwise hold
/// the server's dynamic-loader lock for good (and, at start-up, keep it from ever listening); one
/// that crashes would take the server down. In a runner it takes only the runner, which is ended
/// after the answer in every case. The probe runs no entry point, no `init`.
extension IsolatedPlugin {
    static func probe(manifest: PluginManifest, manifestPath: String, command: PluginRunnerCommand, logger: Logger) async throws(PluginLoader.Refusal)
    {
        func refuse(_ reason: String) -> PluginLoader.Refusal { PluginLoader.Refusal(manifest: manifest, reason: reason) }
        let runner: Runner
        do {
            runner = try launch(manifest: manifest, command: command)
        } catch {
            // No runner here: the server's own deadline around dlopen is the only guard left.
            logger.warning("Plugin \(manifest.id): no plugin runner could be started to probe its library first: \(error)")
            return
        }
        defer { end(runner) }
        let nobody = HostServices(pluginID: manifest.id, state: nil, notices: nil, mayNotify: false, calendar: nil, http: nil)
        let answer: RunnerAnswer?
        do {
            answer = try await exchange(
                .probe(manifestPath: command.manifestPathInside(manifestPath)), on: runner, host: nobody,
                deadline: LoadedPlugin.lifecycleDeadline + slack)
        } catch {
            throw refuse(
                "its library did not finish loading within \(Int(LoadedPlugin.lifecycleDeadline)) s (a constructor that blocks?), so it was abandoned; the server runs without it"
            )
        }
        switch answer {
        case .done?: return
        case .refused(let reason)?: throw refuse(PluginOutputRules.message(reason))
        case nil:
            // How the runner ended: a signal (a crash in a constructor) refuses the plugin; a clean
            // exit without an answer means the runner command is no runner (say, a test binary),
            // and the server's own deadline around dlopen is the guard left.
            for _ in 0..<100 where runner.process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
            let status = runner.process.terminationStatus
            guard status != 0 else {
                logger.warning("Plugin \(manifest.id): its load probe's runner (\(command.executable)) exited without answering; is it campuscal?")
                return
            }
            throw refuse(
                "its library crashed a plugin runner while loading (in a constructor?; it ended with \(status)), so the server does not load it")
        default: throw refuse("its plugin runner answered the load probe out of turn")
        }
    }
}
