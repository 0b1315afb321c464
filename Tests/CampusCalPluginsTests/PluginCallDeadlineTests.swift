import Foundation
import Testing

@testable import CampusCalPlugins

/// A plugin call's deadline counts the plugin's own time: waiting in host calls (a loaded
/// server's database) does not make a well-behaved plugin hung, while a plugin that spins, or
/// calls the host without end, is still stopped.
@Suite("Plugin call deadlines: the plugin's own time, host calls apart")
struct PluginCallDeadlineTests {
    @Test func slowHostCallsDoNotMakeAPluginLookHung() async throws {
        let queue = PluginCallQueue(label: "test.slow-host")
        // 0.6 s inside host calls against a 0.2 s deadline: the server's slowness, not the plugin's.
        let value = try await queue.run(deadline: 0.2) { () -> Int in
            for _ in 0..<3 { PluginCallClock.host { usleep(200_000) } }
            return 7
        }
        #expect(value == 7)
        #expect(!queue.isHung)
        // And the queue serves the next call as ever.
        #expect(try await queue.run(deadline: 0.2) { 8 } == 8)
    }

    @Test func aPluginThatSpinsOnItsOwnIsStoppedAtItsDeadline() async throws {
        let queue = PluginCallQueue(label: "test.spins")
        let timeout = try #require(await timeout { try await queue.run(deadline: 0.2) { usleep(1_500_000) } })
        // Judged where the deadline is kept: how soon this test's task resumes afterwards is the
        // cooperative pool's business (CI's parallel tests held it for 29 s).
        #expect(timeout.whole < .seconds(1.4), "waited for the call instead of its deadline")
        #expect(timeout.own >= .seconds(0.2))
        #expect(queue.isHung)
        await #expect(throws: PluginCallQueue.Hung.self) { try await queue.run(deadline: 0.2) { 1 } }
    }

    @Test func ownTimeBetweenHostCallsAddsUp() async throws {
        let queue = PluginCallQueue(label: "test.adds-up")
        // 3 × 0.15 s of its own between host calls: 0.45 s against 0.3 s.
        await #expect(throws: PluginCallQueue.Timeout.self) {
            try await queue.run(deadline: 0.3) {
                for _ in 0..<3 {
                    usleep(150_000)
                    PluginCallClock.host { usleep(100_000) }
                }
            }
        }
    }

    @Test func aPluginThatCallsTheHostWithoutEndIsStoppedAtTheWholeCallBound() async throws {
        let queue = PluginCallQueue(label: "test.host-forever")
        let deadline = 0.05
        let timeout = try #require(
            await timeout {
                try await queue.run(deadline: deadline) {
                    for _ in 0..<40 { PluginCallClock.host { usleep(50_000) } }  // 2 s in host calls
                }
            })
        let waited = timeout.whole.inSeconds
        #expect(waited >= deadline * PluginCallClock.wholeCallFactor && waited < 1.8, "stopped after \(waited) s")
        #expect(timeout.own < .seconds(deadline), "host time was counted as the plugin's")
    }

    @Test func aCallQueuedBehindAHungOneFailsInsteadOfWaitingForever() async throws {
        let queue = PluginCallQueue(label: "test.behind-hung")
        async let first: Void = queue.run(deadline: 0.1) { usleep(3_000_000) }
        try await Task.sleep(for: .milliseconds(20))
        let hung = await #expect(throws: PluginCallQueue.Hung.self) { try await queue.run(deadline: 0.1) { 2 } }
        #expect(try #require(hung).waited < .seconds(1.5), "waited for the hung call")
        _ = try? await first
    }

    @Test func theClockIsOnlyTheCallingThreadsOwn() async throws {
        #expect(PluginCallClock.current == nil)
        let queue = PluginCallQueue(label: "test.current")
        let inside = try await queue.run(deadline: 1) { PluginCallClock.current != nil }
        #expect(inside)
        #expect(PluginCallClock.current == nil)
        // Outside a plugin call, `host` is just the body.
        #expect(PluginCallClock.host { 3 } == 3)
    }

    /// The `Timeout` that `call` ended with (nil, and an issue recorded, when it ended otherwise).
    private func timeout<Value>(of call: () async throws -> Value) async -> PluginCallQueue.Timeout? {
        do {
            _ = try await call()
            Issue.record("the call returned instead of timing out")
        } catch let timeout as PluginCallQueue.Timeout {
            return timeout
        } catch {
            Issue.record("the call failed with \(error) instead of timing out")
        }
        return nil
    }
}
