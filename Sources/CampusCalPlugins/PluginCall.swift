import Foundation
import Synchronization

/// Runs a plugin's C functions one at a time on the plugin's own thread — never an event loop —
/// and stops waiting after a deadline (the plugin's own time: see `PluginCallClock`).
///
/// A C function cannot be interrupted: one that overruns keeps its thread, and the plugin is
/// treated as hung (the caller disables it). That costs one parked thread per hung plugin, which is
/// the price of not killing the server; process isolation (`isolation = "process"`) is the cure
/// for plugins that are expected to misbehave.
final class PluginCallQueue: @unchecked Sendable {
    // @unchecked: `queue` is a serial DispatchQueue (thread-safe by design); `hung` is guarded by `lock`.
    private let queue: DispatchQueue
    private let lock = NSLock()
    private var hung = false

    /// The call overran: its plugin's own time (`own`) or the whole call (`whole`, queueing
    /// included) as the deadline keeper measured them when it gave up — not when the caller
    /// resumed, which a busy machine's cooperative pool can delay by seconds.
    struct Timeout: Error {
        var own: Duration = .zero
        var whole: Duration = .zero
    }
    /// An earlier call never returned; `waited` is how long this one had been asked for when
    /// that was found (zero when the queue was already known to be hung).
    struct Hung: Error {
        var waited: Duration = .zero
    }

    init(label: String) {
        queue = DispatchQueue(label: "campuscal.plugin.\(label)")
        plugin = label.hasSuffix(".runner") ? String(label.dropLast(7)) : label
    }

    /// The plugin whose calls these are (a runner's queue counts for its plugin).
    private let plugin: String

    /// Calls made into each plugin since the server started, and those that overran (for /metrics).
    struct CallCounts: Sendable {
        var calls = 0
        var timeouts = 0
    }
    static let counts = Mutex<[String: CallCounts]>([:])

    /// Where deadlines fire. A queue of its own, not `DispatchQueue.global()`: the global queue has
    /// one thread per core, and when blocking work holds them all (as a busy server or test run
    /// does) a deadline fired there late — 10 s for a 2 s deadline was seen. A serial queue made
    /// with a label gets a thread of its own whenever it has work (libdispatch "overcommit").
    private static let deadlines = DispatchQueue(label: "campuscal.plugin.deadlines")

    /// Whether an earlier call overran its deadline (the queue's thread may still be inside it).
    var isHung: Bool { lock.withLock { hung } }

    /// `body` on the plugin's thread; throws `Timeout` when the plugin's own time in it
    /// (`PluginCallClock`: host calls not counted) reaches `deadline` seconds, or the whole call
    /// `PluginCallClock.wholeCallFactor` times that, and marks the queue hung; throws `Hung` when
    /// an earlier call never returned.
    func run<Value: Sendable>(deadline: TimeInterval, _ body: @escaping @Sendable () -> Value) async throws -> Value {
        if isHung { throw Hung() }
        Self.counts.withLock { $0[plugin, default: CallCounts()].calls += 1 }
        let once = Once()
        let clock = PluginCallClock()
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                clock.begin()
                let value = clock.whileCurrent(body)
                if once.claim() { continuation.resume(returning: value) }
            }
            keepDeadline(deadline, of: clock, once: once, after: deadline, continuation)
        }
    }

    /// Looks at the call's clock after `wait` seconds: past its deadline it ends the wait;
    /// otherwise it looks again when the deadline could next be reached.
    private func keepDeadline<Value: Sendable>(
        _ deadline: TimeInterval, of clock: PluginCallClock, once: Once, after wait: TimeInterval,
        _ continuation: CheckedContinuation<Value, any Error>
    ) {
        Self.deadlines.asyncAfter(deadline: .now() + max(wait, 0.001)) { [self] in
            let (own, whole) = clock.elapsed()
            let ownLeft = deadline - own.inSeconds
            let wholeLeft = deadline * PluginCallClock.wholeCallFactor - whole.inSeconds
            // Queued behind a call that has since overrun: this one will never start.
            let stuckBehind = !clock.hasBegun && isHung
            guard ownLeft <= 0 || wholeLeft <= 0 || stuckBehind else {
                return keepDeadline(deadline, of: clock, once: once, after: min(ownLeft, wholeLeft), continuation)
            }
            guard once.claim() else { return }
            if stuckBehind { return continuation.resume(throwing: Hung(waited: whole)) }
            Self.counts.withLock { $0[plugin, default: CallCounts()].timeouts += 1 }
            lock.withLock { hung = true }
            continuation.resume(throwing: Timeout(own: own, whole: whole))
        }
    }

    /// Lets exactly one of two racers resume a continuation.
    private final class Once: @unchecked Sendable {
        // @unchecked: `done` is only read and written under `lock`.
        private let lock = NSLock()
        private var done = false
        func claim() -> Bool {
            lock.withLock {
                defer { done = true }
                return !done
            }
        }
    }
}
