import Logging
import ServiceLifecycle

/// The loop of every background service: runs `round`, sleeps for the pause it returns, and so on
/// until graceful shutdown (which also ends a sleep at once, so SIGTERM never waits for one).
/// A round that throws is logged as `failure` and followed by `afterFailure`, so a broken database
/// is not retried in a tight loop.
func repeatUntilShutdown(
    logger: Logger, failure: Logger.Message, afterFailure: Duration, _ round: @escaping @Sendable () async throws -> Duration
) async {
    try? await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
            var pause = afterFailure
            do {
                pause = try await round()
            } catch is CancellationError {
                return
            } catch {
                logger.warning(failure, metadata: ["error": "\(error)"])
            }
            try await Task.sleep(for: pause)
        }
    }
}
