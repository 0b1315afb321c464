import CampusCalPlugins
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A ``ChildProcess`` a test starts that cannot outlive the test: stopped (SIGTERM, then SIGKILL
/// if that does not end it soon) when the last reference goes, and SIGKILLed when the test process
/// exits with it still running.
///
/// Why: a test that throws (a failed `#require`, a readiness timeout) skips its own `stop()`. A
/// server left behind keeps its port, its database lock and a share of the 2 CI cores, and slows
/// every test after it — the opposite of what a failing test should do.
public final class SupervisedChild: Sendable {
    public let process: ChildProcess
    public var processIdentifier: pid_t { process.processIdentifier }

    public init(_ process: ChildProcess) {
        self.process = process
        Self.live.withLock { _ = $0.insert(process.processIdentifier) }
        _ = Self.killAtExit
    }

    deinit { terminate(grace: 2) }

    /// Whether the child runs (reaps it, and forgets its pid, once it has exited).
    public var isRunning: Bool {
        if process.isRunning { return true }
        Self.live.withLock { _ = $0.remove(process.processIdentifier) }
        return false
    }

    /// Sends `signal` unless the child has already been reaped (its pid may be someone else's by then).
    public func signal(_ signal: Int32) {
        if isRunning { process.signal(signal) }
    }

    /// Stops the child if it runs: SIGTERM, up to `grace` seconds for it to exit, then SIGKILL and
    /// up to 10 s more; blocks meanwhile. Returns whether it has exited.
    @discardableResult
    public func terminate(grace: TimeInterval) -> Bool {
        guard isRunning else { return true }
        process.signal(SIGTERM)
        if waitForExit(seconds: grace) { return true }
        process.signal(SIGKILL)
        return waitForExit(seconds: 10)
    }

    /// Blocks until the child has exited or `seconds` have passed; returns whether it has exited.
    public func waitForExit(seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() >= deadline { return false }
            usleep(5_000)
        }
        return true
    }

    /// Children started and not yet reaped, by pid.
    private static let live = Mutex<Set<pid_t>>([])

    /// Installs, once, the exit handler that SIGKILLs the children still running: the test runner
    /// exits through `exit()` also when tests failed, and its children must not serve on.
    private static let killAtExit: Void = {
        atexit {
            for pid in SupervisedChild.live.withLock({ $0 }) { kill(pid, SIGKILL) }
        }
    }()
}
