import Synchronization

/// What waits for plugins — committed changes (event hooks) and notices (notification channels) —
/// taken in batches, so that a backlog costs one call per plugin per batch rather than one per
/// change.
///
/// Why batches: a call into a plugin, and even more a round trip to a plugin runner, costs thread
/// wake-ups that on a busy two-core server weigh more than the work itself; one change at a time,
/// task-rewards could follow only about 150 completions a second under load and made the API 20%
/// slower. The consumer waits a moment after being woken (`gathering`), so under load a batch
/// holds what arrived meanwhile, up to `maximumBatch`; at rest it is the one change. Bounded: past `capacity` waiting, new work is dropped (the caller counts it)
/// rather than let a slow plugin make the server hold unbounded memory.
final class PluginWorkQueue<Work: Sendable>: Sendable {
    private struct Buffer {
        var items: [Work] = []
        var head = 0
        var finished = false
        var count: Int { items.count - head }
    }

    let capacity: Int
    let maximumBatch: Int
    private let buffer = Mutex(Buffer())
    /// Wakes the consumer; signals coalesce (one pending is enough).
    private let signals: AsyncStream<Void>
    private let signal: AsyncStream<Void>.Continuation

    init(capacity: Int, maximumBatch: Int) {
        self.capacity = capacity
        self.maximumBatch = maximumBatch
        (signals, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Queues `work`; false (nothing queued) when the queue is full or finished.
    func push(_ work: Work) -> Bool {
        let queued = buffer.withLock { buffer in
            guard !buffer.finished, buffer.count < capacity else { return false }
            buffer.items.append(work)
            return true
        }
        if queued { signal.yield() }
        return queued
    }

    /// No more work is accepted; `batches()` ends once what was queued has been taken.
    func finish() {
        buffer.withLock { $0.finished = true }
        signal.finish()
    }

    /// Up to `maximumBatch` of the oldest waiting, in order (empty when none wait).
    func take() -> [Work] {
        buffer.withLock { buffer in
            let end = min(buffer.items.count, buffer.head + maximumBatch)
            let batch = Array(buffer.items[buffer.head..<end])
            buffer.head = end
            // Compact once the taken part dominates, so the array does not grow without end.
            if buffer.head > 1024, buffer.head * 2 > buffer.items.count {
                buffer.items.removeFirst(buffer.head)
                buffer.head = 0
            }
            return batch
        }
    }

    /// Calls `body` with each batch, in order, until `finish()` and the queue is empty.
    /// One consumer only.
    /// `gathering`: how long to let work gather after a wake-up before taking it — the cost of a
    /// batch is mostly per batch, so on a busy server a short wait makes batches of many.
    func consume(gathering: Duration = .zero, _ body: ([Work]) async -> Void) async {
        for await _ in signals {
            if gathering > .zero { try? await Task.sleep(for: gathering) }
            while case let batch = take(), !batch.isEmpty { await body(batch) }
        }
        while case let batch = take(), !batch.isEmpty { await body(batch) }
    }
}
