import Foundation

/// Where the plugin host reads and checks files — manifests, libraries to hash, plugin folders to
/// copy — so that none of that work holds a thread that serves requests (issue #26, finding 6).
/// A serial queue with a label gets a thread of its own whenever it has work.
enum PluginFileWork {
    private static let queue = DispatchQueue(label: "campuscal.plugin.files")

    /// `body` on the plugin files' thread; its result or its error.
    static func run<Value: Sendable, Failure: Error>(_ body: @escaping @Sendable () throws(Failure) -> Value) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result(catching: body)) }
        }
        return try result.get()
    }
}
