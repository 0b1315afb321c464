import Dispatch

/// Runs CPU-heavy work (reading a 32 MiB iCalendar upload) on a thread of its own, not on the
/// event loop that called it.
///
/// Request handlers run on NIO's event loops (`EventLoopExecutor`), and each loop serves
/// thousands of connections: a parse that takes a second there is a second in which none of them
/// is answered. Dispatch's global queue has threads to spare for this; the caller awaits the result.
public enum OffTheEventLoop {
    public static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async { continuation.resume(returning: work()) }
        }
    }
}
