import Foundation

/// Runs blocking `work` on a thread of its own and waits for it without holding a thread of Swift's
/// cooperative pool.
///
/// Why: the pool has as many threads as cores (two on CI). A test that blocks one (polling a child
/// process, a socket, a file lock) halves what every other test running beside it gets, and their
/// time budgets start to fail.
public func onThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
