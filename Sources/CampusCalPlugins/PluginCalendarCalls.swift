import CCampusCalPluginABI
import CampusCalCore
import Foundation
import Synchronization

/// The host API's calendar calls (`read_events`, `put_event`, `delete_event`, ABI 1.2) for one
/// plugin, as its host table makes them: synchronously, on the plugin's own thread, with the
/// answer as a `cc_status`. In the server they reach the `PluginCalendarHost`; in a runner they go
/// over the socket to the server, which checks them again with its own copy of the manifest.
protocol PluginCalendarCalls: Sendable {
    func readEvents(subject: String, from: Int64, to: Int64) -> (cc_status, [PluginCalendarEvent])
    func putEvent(subject: String, _ event: PluginCalendarEvent) -> cc_status
    func deleteEvent(subject: String, uid: String) -> cc_status
}

/// Bounds of the calendar calls, as the ABI states them.
enum PluginCalendarLimits {
    static let maximumReadSeconds = PluginCalendarReadLimit.seconds
    static let maximumReadEvents = PluginCalendarReadLimit.events
    /// How long a plugin's thread waits for the database before the call fails.
    static let wait: TimeInterval = 10
}

/// The calls of `plugin`, answered by `host` in this process. They block the calling thread — a
/// plugin's worker or a runner's, never an event loop or the cooperative pool — until the async
/// host answers.
struct LocalCalendarCalls: PluginCalendarCalls {
    let host: any PluginCalendarHost
    let plugin: PluginManifest

    func readEvents(subject: String, from: Int64, to: Int64) -> (cc_status, [PluginCalendarEvent]) {
        guard from < to, to - from <= PluginCalendarLimits.maximumReadSeconds else { return (CC_INVALID_ARGUMENT, []) }
        let host = host
        let plugin = plugin
        let outcome = waitFor {
            try await host.events(
                ofSubject: subject, from: Date(timeIntervalSince1970: TimeInterval(from)), to: Date(timeIntervalSince1970: TimeInterval(to)),
                for: plugin)
        }
        switch outcome {
        case .success(let events): return (CC_OK, events)
        case .failure(let error): return (Self.status(of: error), [])
        }
    }

    func putEvent(subject: String, _ event: PluginCalendarEvent) -> cc_status {
        guard plugin.permissions.calendar else { return CC_DENIED }
        let host = host
        let plugin = plugin
        switch waitFor({ try await host.putEvent(event, forSubject: subject, by: plugin) }) {
        case .success: return CC_OK
        case .failure(let error): return Self.status(of: error)
        }
    }

    func deleteEvent(subject: String, uid: String) -> cc_status {
        guard plugin.permissions.calendar else { return CC_DENIED }
        let host = host
        let plugin = plugin
        switch waitFor({ try await host.deleteEvent(uid: uid, forSubject: subject, by: plugin) }) {
        case .success(let deleted): return deleted ? CC_OK : CC_NOT_FOUND
        case .failure(let error): return Self.status(of: error)
        }
    }

    static func status(of error: any Error) -> cc_status {
        switch error as? PluginCalendarRefusal {
        case .denied: CC_DENIED
        case .unknownSubject: CC_NOT_FOUND
        case .invalid: CC_INVALID_ARGUMENT
        case .tooMuch: CC_NO_SPACE
        case nil: CC_ERROR
        }
    }
}

/// `body`'s result, waited for on this (blocking-allowed) thread; a failure after `PluginCalendarLimits.wait`.
func waitFor<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) -> Result<Value, any Error> {
    let done = DispatchSemaphore(value: 0)
    let box = Mutex<Result<Value, any Error>?>(nil)
    let task = Task {
        let result: Result<Value, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        box.withLock { $0 = result }
        done.signal()
    }
    guard done.wait(timeout: .now() + PluginCalendarLimits.wait) == .success, let result = box.withLock({ $0 }) else {
        task.cancel()
        return .failure(PluginCalendarRefusal.tooMuch("the server did not answer in time"))
    }
    return result
}

/// The calendar host, known only once the server's event service exists (after the plugin
/// manager, whose event hooks that service feeds): until then every call is refused.
public final class PluginCalendarHostSlot: PluginCalendarHost {
    private let host = Mutex<(any PluginCalendarHost)?>(nil)

    public init() {}

    public func fill(_ host: any PluginCalendarHost) { self.host.withLock { $0 = host } }

    private func current() throws -> any PluginCalendarHost {
        guard let host = host.withLock({ $0 }) else { throw PluginCalendarRefusal.denied("this server offers plugins no calendars") }
        return host
    }

    public func events(ofSubject subject: String, from: Date, to: Date, for plugin: PluginManifest) async throws -> [PluginCalendarEvent] {
        try await current().events(ofSubject: subject, from: from, to: to, for: plugin)
    }

    public func putEvent(_ event: PluginCalendarEvent, forSubject subject: String, by plugin: PluginManifest) async throws {
        try await current().putEvent(event, forSubject: subject, by: plugin)
    }

    public func deleteEvent(uid: String, forSubject subject: String, by plugin: PluginManifest) async throws -> Bool {
        try await current().deleteEvent(uid: uid, forSubject: subject, by: plugin)
    }
}

/// A runner's calendar calls: over the socket to the server (`RunnerHostCall`).
struct RemoteCalendarCalls: PluginCalendarCalls {
    let channel: RunnerChannel

    func readEvents(subject: String, from: Int64, to: Int64) -> (cc_status, [PluginCalendarEvent]) {
        guard let reply = try? channel.hostCall(.readEvents(subject: subject, from: from, to: to)), let status = reply.status else {
            return (CC_ERROR, [])
        }
        return (cc_status(status), reply.events ?? [])
    }

    func putEvent(subject: String, _ event: PluginCalendarEvent) -> cc_status {
        guard let reply = try? channel.hostCall(.putEvent(subject: subject, event: event)), let status = reply.status else { return CC_ERROR }
        return cc_status(status)
    }

    func deleteEvent(subject: String, uid: String) -> cc_status {
        guard let reply = try? channel.hostCall(.deleteEvent(subject: subject, uid: uid)), let status = reply.status else { return CC_ERROR }
        return cc_status(status)
    }
}
