import NIOCore
import NIOHTTP1

/// Before the measured run: every active student's calendar client fetches the subscribed feed
/// once, as it did at its last poll before the peak hour, and keeps the `ETag`.
///
/// Calendar clients poll a subscription every 5 to 60 minutes and keep the copy between polls, so
/// in the peak hour nearly every poll is a repeat that may be answered 304. Without this, a short
/// run would see mostly first polls. Not measured; `--cold-clients` skips it.
struct FeedPrefetch: Sendable {
    let loop: any EventLoop
    let host: String
    let port: Int
    let factory: RequestFactory
    /// Fetches in flight at once.
    var concurrency = 32

    /// Fetches the feeds; returns how many answered 200 with a tag.
    func run() async -> Int {
        let done = loop.makePromise(of: Int.self)
        loop.execute {
            let client = KeepAliveClient(loop: loop, host: host, port: port)
            let students = factory.campus.active.count
            var next = 0
            var finished = 0
            var tagged = 0
            var random = SeededRandom(0, stream: .driver, index: 1)
            func finish() {
                finished += 1
                if finished == students { done.succeed(tagged) } else { launch() }
            }
            func launch() {
                guard next < students else { return }
                let student = next
                next += 1
                guard let request = factory.make(.feedSync, student: student, random: &random) else { return finish() }
                client.execute(request, timeout: .seconds(30)) { result in
                    if case .success(let response) = result, factory.states.keep(response, student: student, path: request.path) {
                        tagged += 1
                    }
                    finish()
                }
            }
            if students == 0 { return done.succeed(0) }
            for _ in 0..<concurrency { launch() }
        }
        return (try? await done.futureResult.get()) ?? 0
    }
}
