import Synchronization

/// How the load shedder tells the request metrics that it turned a request away.
///
/// The shedder sits inside the problem middleware (so its 503 is problem+json) and the metrics
/// outside it (so they see every answer), so the metrics see only a 503 response, like any other
/// server error. The metrics middleware puts a fresh mark in a task local around each request —
/// the middleware chain runs in the request's one task — and the shedder sets it.
final class ShedMark: Sendable {
    private let marked = Atomic<Bool>(false)

    var isShed: Bool { marked.load(ordering: .relaxed) }
    func mark() { marked.store(true, ordering: .relaxed) }

    /// The current request's mark; nil outside the metrics middleware (tests of the shedder alone).
    @TaskLocal static var current: ShedMark?
}
