import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How long one plugin call has run on the plugin's own account: from the moment its function
/// starts on the plugin's thread, less the time the plugin spent waiting inside host calls.
///
/// Why: a deadline guards against a plugin that hangs, and a plugin can only answer for its own
/// work. A host call — a database write, a read of a person's events, an HTTP request the host
/// makes — takes as long as the server is busy, and the host bounds each one itself
/// (`PluginCalendarLimits.wait`, the HTTP call's timeout). Counting them made a well-behaved
/// plugin look hung whenever the server was loaded (an item-event hook that writes four events
/// overran its 2 s on a busy machine, and its runner was restarted). So host time is not the
/// plugin's; the whole call is still bounded, at ``wholeCallFactor`` times the deadline, so a
/// plugin that calls the host without end is stopped too.
///
/// Thread rule: ``begin()`` and ``inHost(_:)`` are called on the plugin's thread, which knows
/// its clock through ``current``; ``elapsed(at:)`` from the thread that keeps the deadlines.
final class PluginCallClock: Sendable {
    /// The whole call (own time and host time, queueing included) may last this many deadlines.
    static let wholeCallFactor = 10.0

    private struct State {
        var started: ContinuousClock.Instant?
        var hostSince: ContinuousClock.Instant?
        var host: Duration = .zero
        var depth = 0
    }

    private let state = Mutex(State())
    /// When the call was asked for (its place in the plugin's queue counts towards the whole).
    let asked = ContinuousClock.now

    /// The plugin's function starts now.
    func begin() { state.withLock { $0.started = .now } }

    /// Whether the plugin's function has started.
    var hasBegun: Bool { state.withLock { $0.started != nil } }

    /// The plugin's own time so far, and the whole call's (from when it was asked for).
    func elapsed(at now: ContinuousClock.Instant = .now) -> (own: Duration, whole: Duration) {
        state.withLock { state in
            guard let started = state.started else { return (.zero, now - asked) }
            let waiting = state.host + (state.hostSince.map { now - $0 } ?? .zero)
            return (now - started - waiting, now - asked)
        }
    }

    /// `body`, a host call the plugin waits for, its time not counted as the plugin's. Nested
    /// host calls (a host call that itself goes through another) count once.
    func inHost<Value>(_ body: () throws -> Value) rethrows -> Value {
        state.withLock { state in
            if state.depth == 0 { state.hostSince = .now }
            state.depth += 1
        }
        defer {
            state.withLock { state in
                state.depth -= 1
                if state.depth == 0, let since = state.hostSince {
                    state.host += .now - since
                    state.hostSince = nil
                }
            }
        }
        return try body()
    }

    /// The clock of the plugin call running on this thread, if any.
    static var current: PluginCallClock? {
        guard let pointer = pthread_getspecific(currentKey) else { return nil }
        return Unmanaged<PluginCallClock>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// `body` with this clock as this thread's ``current`` (restoring the one before).
    func whileCurrent<Value>(_ body: () throws -> Value) rethrows -> Value {
        let previous = pthread_getspecific(Self.currentKey)
        pthread_setspecific(Self.currentKey, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.currentKey, previous) }
        return try body()
    }

    /// `body` as a host call of whichever plugin call runs on this thread (none: just `body`).
    @discardableResult
    static func host<Value>(_ body: () throws -> Value) rethrows -> Value {
        guard let clock = current else { return try body() }
        return try clock.inHost(body)
    }

    /// The thread-specific slot behind ``current``. Holds an unretained pointer: the clock is
    /// kept alive by `whileCurrent`'s `self` for exactly as long as it is set.
    private static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}

extension Duration {
    /// This duration in seconds, with its fraction.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
