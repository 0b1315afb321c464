import CampusCalCore
import Foundation
import Logging

/// The `campuscal plugin-runner` process: hosts one plugin with `isolation = "process"` outside
/// the server, and answers the server's requests over the socket it was given as descriptor 3.
///
/// The plugin is loaded by the same `PluginLoader` as in the server, so every check holds here too.
/// It sees only what the server sends: de-identified changes built by the privacy module. Its
/// key-value state lives in the server's database, reached through the socket. When the server
/// goes away (end of stream) the runner stops the plugin and exits; when the plugin crashes, only
/// this process dies, and the server starts another.
public enum PluginRunner {
    /// Serves requests until the server closes the socket or asks it to shut down; returns the exit status.
    public static func run(descriptor: Int32, logger: Logger) async -> Int32 {
        let channel = RunnerChannel(descriptor: descriptor)
        let loader = PluginLoader(logger: logger, state: RemotePluginStateStore(channel: channel), markerDirectory: nil, insideRunner: true)
        var plugin: LoadedPlugin?
        while true {
            let request: RunnerRequest
            do {
                request = try channel.receive(RunnerRequest.self)
            } catch {
                await plugin?.shutDown()
                return 0
            }
            let answer: RunnerAnswer
            switch request {
            case .load(let path):
                do {
                    let loaded = try await loader.load(manifestAt: path)
                    plugin = loaded
                    answer = .loaded(features: loaded.features.ids.sorted(), interest: loaded.itemInterest)
                } catch {
                    answer = .refused(reason: error.reason)
                }
            case .dayLabels(let first, let last):
                answer = await answering(plugin) { plugin in
                    guard let first = RFC3339.parseDate(first), let last = RFC3339.parseDate(last) else {
                        return .failed(reason: "bad dates", timedOut: false)
                    }
                    return .dayLabels(try await plugin.labels(from: first, to: last).map(WireDayLabel.init))
                }
            case .itemChanged(let change):
                answer = await answering(plugin) { plugin in
                    try await plugin.itemChanged(change)
                    return .done
                }
            case .panel(let subject):
                answer = await answering(plugin) { plugin in .panel(try await plugin.panel(subject: subject)) }
            case .deliver(let notification):
                answer = await answering(plugin) { plugin in
                    try await plugin.deliver(notification)
                    return .done
                }
            case .shutDown:
                await plugin?.shutDown()
                try? channel.send(RunnerMessage.answer(.done))
                return 0
            }
            do {
                try channel.send(RunnerMessage.answer(answer))
            } catch {
                await plugin?.shutDown()
                return 0
            }
        }
    }

    private static func answering(_ plugin: LoadedPlugin?, _ body: (LoadedPlugin) async throws -> RunnerAnswer) async -> RunnerAnswer {
        guard let plugin else { return .failed(reason: "no plugin is loaded in this runner", timedOut: false) }
        do {
            return try await body(plugin)
        } catch is PluginCallQueue.Timeout {
            return .failed(reason: "did not answer within its deadline", timedOut: true)
        } catch is PluginCallQueue.Hung {
            return .failed(reason: "is still inside an earlier call that overran its deadline", timedOut: true)
        } catch {
            return .failed(reason: "\(error)", timedOut: false)
        }
    }
}

/// The plugin's key-value state, kept by the server: each call goes over the socket and waits for
/// the reply (from the plugin's worker thread, which the host API lets block).
struct RemotePluginStateStore: PluginStateStore {
    let channel: RunnerChannel

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private func call(_ call: RunnerHostCall) throws -> RunnerHostReply {
        try channel.send(RunnerMessage.host(call))
        let reply = try channel.receive(RunnerHostReply.self)
        if let error = reply.error { throw Failure(description: error) }
        return reply
    }

    func value(plugin: String, key: String) throws -> String? { try call(.getValue(key: key)).value }

    func setValue(_ value: String?, plugin: String, key: String, quota: Int) throws -> Bool {
        try call(.setValue(key: key, value: value, quota: quota)).stored ?? false
    }
}
