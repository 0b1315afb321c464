import Synchronization
import Testing

@testable import CampusCalPlugins

/// The queue between committed changes and plugins: bounded, in order, taken in batches.
@Suite("Plugin work queue")
struct PluginWorkQueueTests {
    @Test func batchesKeepTheOrderAndTheirSize() {
        let queue = PluginWorkQueue<Int>(capacity: 1000, maximumBatch: 64)
        for n in 0..<150 { #expect(queue.push(n)) }
        #expect(queue.take() == Array(0..<64))
        #expect(queue.take() == Array(64..<128))
        #expect(queue.take() == Array(128..<150))
        #expect(queue.take().isEmpty)
    }

    @Test func aFullQueueRefusesRatherThanGrows() {
        let queue = PluginWorkQueue<Int>(capacity: 3, maximumBatch: 64)
        #expect(queue.push(1) && queue.push(2) && queue.push(3))
        #expect(!queue.push(4))
        #expect(queue.take() == [1, 2, 3])
        #expect(queue.push(5))
    }

    /// Pushes and takes interleaved past the compaction point lose and reorder nothing.
    @Test func compactionLosesNothing() {
        let queue = PluginWorkQueue<Int>(capacity: 10_000, maximumBatch: 64)
        var taken: [Int] = []
        for n in 0..<5000 {
            #expect(queue.push(n))
            if n % 3 == 0 { taken += queue.take() }
        }
        while case let batch = queue.take(), !batch.isEmpty { taken += batch }
        #expect(taken == Array(0..<5000))
    }

    /// The consumer sees everything pushed before `finish()`, in order, in batches no larger than
    /// asked, and under a burst fewer batches than items (the point of gathering).
    @Test func theConsumerGetsEverythingInBatchesAndEndsAfterFinish() async {
        let queue = PluginWorkQueue<Int>(capacity: 10_000, maximumBatch: 64)
        let seen = Mutex<(items: [Int], batches: Int)>(([], 0))
        let consumer = Task {
            await queue.consume(gathering: .milliseconds(20)) { batch in
                #expect(batch.count <= 64)
                seen.withLock {
                    $0.items += batch
                    $0.batches += 1
                }
            }
        }
        for n in 0..<1000 { #expect(queue.push(n)) }
        queue.finish()
        #expect(!queue.push(1000))
        await consumer.value
        let result = seen.withLock { $0 }
        #expect(result.items == Array(0..<1000))
        #expect(result.batches < 100)
    }
}
