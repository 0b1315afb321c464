import CCampusCalPluginABI
import CampusCalCore
import Foundation
import Logging
import Synchronization

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
        let store = RemotePluginStateStore(channel: channel)
        var loader = PluginLoader(logger: logger, state: store, markerDirectory: nil, insideRunner: true)
        loader.notices = RemoteNoticeSink(channel: channel)
        loader.calendarCalls = { _ in RemoteCalendarCalls(channel: channel) }
        loader.httpCalls = { _ in RemoteHTTPCalls(channel: channel) }
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
                    answer = .loaded(
                        features: loaded.features.ids.sorted(), interest: loaded.itemInterest, labelsStableSeconds: loaded.labelsStableSeconds,
                        jobIntervalSeconds: loaded.jobIntervalSeconds, exportFormat: loaded.exportFormat, importFormat: loaded.importFormat)
                } catch {
                    answer = .refused(reason: error.reason)
                }
            case .probe(let path):
                do {
                    try await loader.probe(manifestAt: path)
                    answer = .done
                } catch {
                    answer = .refused(reason: error.reason)
                }
            case .call(let call):
                answer = .reply(await perform(call, on: plugin, store: store))
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

    /// `call` on the plugin this runner loaded; a deadline overrun becomes a reply the server
    /// recognises (`timedOut`), so it ends this runner, whose plugin thread is stuck.
    private static func perform(_ call: PluginCall, on plugin: LoadedPlugin?, store: RemotePluginStateStore) async -> PluginReply {
        guard let plugin else { return .failed(reason: "no plugin is loaded in this runner", timedOut: false) }
        // During a batch of changes the plugin's writes are held back and go with the reply.
        if case .itemsChanged(_, let stateBytes) = call { store.holdWrites(startingFrom: stateBytes) }
        var reply: PluginReply
        do {
            reply = try await plugin.perform(call)
        } catch is PluginCallQueue.Timeout {
            reply = .failed(reason: "did not answer within its deadline", timedOut: true)
        } catch is PluginCallQueue.Hung {
            reply = .failed(reason: "is still inside an earlier call that overran its deadline", timedOut: true)
        } catch {
            reply = .failed(reason: "\(error)", timedOut: false)
        }
        if case .itemsDone(let failures, _) = reply { reply = .itemsDone(failures: failures, writes: store.releaseWrites()) }
        // After a failure nothing is handed over, so nothing of it may be remembered either.
        if case .itemsChanged = call { store.forget(store.releaseWrites()) }
        return reply
    }
}

/// The plugin's key-value state, kept by the server: a write goes over the socket and waits for
/// the reply (from the plugin's worker thread, which the host API lets block) — it is durable, and
/// within quota, only when the server says so.
///
/// Reads are remembered: while this runner lives, only its plugin writes its state, and every
/// write passes through here, so a remembered value stays true. That saves a round trip per read
/// of a value read or written before (task-rewards reads a person's record on each completion).
/// Bounded: past `maximumRemembered` keys it starts afresh.
final class RemotePluginStateStore: PluginStateStore, Sendable {
    let channel: RunnerChannel
    private let remembered = Mutex<[String: String?]>([:])
    static let maximumRemembered = 4096

    init(channel: RunnerChannel) { self.channel = channel }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private func call(_ call: RunnerHostCall) throws -> RunnerHostReply {
        let reply = try channel.hostCall(call)
        if let error = reply.error { throw Failure(description: error) }
        return reply
    }

    func value(plugin: String, key: String) throws -> String? {
        if let known = remembered.withLock({ $0[key] }) { return known }
        let value = try call(.getValue(key: key)).value
        remember(value, for: key)
        return value
    }

    func setValue(_ value: String?, plugin: String, key: String, quota: Int) throws -> Bool {
        if let held = try hold(value, key: key, quota: quota) { return held }
        do {
            let stored = try call(.setValue(key: key, value: value, quota: quota)).stored ?? false
            if stored { remember(value, for: key) }
            return stored
        } catch {
            // Whether the server wrote it is unknown: read it afresh next time.
            _ = remembered.withLock { $0.removeValue(forKey: key) }
            throw error
        }
    }

    func setValues(_ writes: [PluginStateWrite], plugin: String, quota: Int) throws -> Bool {
        for write in writes where try !setValue(write.value, plugin: plugin, key: write.key, quota: quota) { return false }
        return true
    }

    func totalBytes(plugin: String) throws -> Int {
        throw Failure(description: "a plugin runner does not count its plugin's state")
    }

    // MARK: Writes held back during a batch of changes

    /// From now until `releaseWrites`, writes are kept here (quota counted from `bytes`, what the
    /// server says the state holds) and handed to the server with the batch's answer.
    func holdWrites(startingFrom bytes: Int) {
        held.withLock { $0 = Held(bytes: bytes) }
    }

    /// The writes held since `holdWrites`, in the order of their keys' last writes; holding ends.
    /// A remembered value not handed over is forgotten (the server never saw it).
    func releaseWrites() -> [PluginStateWrite] {
        guard
            let batch = held.withLock({ held in
                defer { held = nil }
                return held
            })
        else { return [] }
        return batch.order.compactMap { key in batch.writes[key].map { PluginStateWrite(key: key, value: $0) } }
    }

    /// Forgets what `releaseWrites` handed over when the server did not keep it.
    func forget(_ writes: [PluginStateWrite]) {
        remembered.withLock { known in for write in writes { known.removeValue(forKey: write.key) } }
    }

    private struct Held {
        var bytes: Int
        var writes: [String: String?] = [:]
        var order: [String] = []
    }

    private let held = Mutex<Held?>(nil)

    /// Holds a write back when a batch is on: nil when none is (the write goes to the server now).
    private func hold(_ value: String?, key: String, quota: Int) throws -> Bool? {
        guard held.withLock({ $0 != nil }) else { return nil }
        let old = try self.value(plugin: "", key: key)
        return held.withLock { held -> Bool in
            guard var batch = held else { return false }
            let after = batch.bytes - (old?.utf8.count ?? 0) + (value?.utf8.count ?? 0)
            guard value == nil || after <= quota else { return false }
            batch.bytes = after
            if batch.writes.updateValue(value, forKey: key) == nil { batch.order.append(key) }
            held = batch
            remember(value, for: key)
            return true
        }
    }

    private func remember(_ value: String?, for key: String) {
        remembered.withLock { known in
            if known.count >= Self.maximumRemembered { known.removeAll(keepingCapacity: true) }
            known[key] = .some(value)
        }
    }
}

/// A plugin's `notify`, passed to the server, which checks it again (permission, rate) and answers
/// with the status; the runner's own view of the manifest is not trusted.
struct RemoteNoticeSink: PluginNoticeSink {
    let channel: RunnerChannel

    func notify(pluginID: String, permitted: Bool, subject: String, title: String, body: String) -> cc_status {
        guard let reply = try? channel.hostCall(.notify(subject: subject, title: title, body: body)), let status = reply.status else {
            return CC_ERROR
        }
        return cc_status(status)
    }
}

extension RunnerChannel {
    /// A host call from the plugin's thread, during a request: the server answers it before its answer.
    func hostCall(_ call: RunnerHostCall) throws -> RunnerHostReply {
        try send(RunnerMessage.host(call))
        return try receive(RunnerHostReply.self)
    }
}
