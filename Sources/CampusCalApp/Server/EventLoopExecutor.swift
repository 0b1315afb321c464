import NIOCore
import NIOPosix

/// Makes NIO's event loops Swift concurrency's global executor (setting `server.event_loop_executor`).
///
/// Why: Hummingbird reads a request on an event loop, runs its handler as a Swift task on the global
/// executor — by default a second pool with as many threads as cores — and writes the answer back on
/// the event loop: two thread hand-offs per request, each a wake-up and a context switch. With the
/// loops as the executor a request stays on one thread. On the campus peak mix (2 cores) that moved
/// saturation from ≈ 1,800 to ≈ 2,400 requests/s (docs/PERFORMANCE.md, "Campus simulator").
///
/// The price: work that blocks a thread now also holds up that loop's connections. Nothing in the
/// server blocks there: bcrypt, LDAP and SMTP run on `NIOThreadPool`, plugins on their own queues,
/// database reads on the calling thread are short indexed reads (`SQLiteDatabase.readNow`), and
/// everything else awaits. The setting exists to rule this out when diagnosing a stall.
public enum EventLoopExecutor {
    /// Installs it; false where NIO cannot (an unsupported toolchain). Call once, from the
    /// `serve` command before the server starts: it changes the whole process, so tests and the
    /// other commands leave it alone. A second call returns the first call's answer.
    public static func install() -> Bool { installed }

    // A global's initializer runs exactly once, thread-safely; NIO stops the process on a second install.
    private static let installed: Bool = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
}
