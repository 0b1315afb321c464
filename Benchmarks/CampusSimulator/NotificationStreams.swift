import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// Long-lived `GET /api/v1/notifications/stream` connections (Server-Sent Events), held open for
/// the whole run as open browser tabs hold them: what they cost the server shows in its memory
/// and in the other requests' latency. Counts streams opened, refused, and ended early.
final class NotificationStreams: Sendable {
    struct Report: Codable, Sendable {
        var requested = 0
        var opened = 0
        var refused: [String: Int] = [:]
        /// Streams the server closed before the run ended.
        var endedEarly = 0
        var bytes = 0
    }

    private let report = Mutex(Report())

    /// Opens `count` streams (one per active student, in order) and reads them until cancelled.
    func run(count: Int, client: HTTPClient, factory: RequestFactory) async {
        report.withLock { $0.requested = count }
        await withDiscardingTaskGroup { group in
            for index in 0..<min(count, factory.campus.active.count) {
                group.addTask { await self.hold(factory.campus.active[index], client: client, baseURL: factory.baseURL) }
            }
        }
    }

    private func hold(_ student: ActiveStudent, client: HTTPClient, baseURL: String) async {
        var request = HTTPClientRequest(url: baseURL + "/api/v1/notifications/stream")
        request.headers.add(name: "Authorization", value: "Bearer \(student.token)")
        request.headers.add(name: "Accept", value: "text/event-stream")
        do {
            let response = try await client.execute(request, timeout: .hours(24))
            guard response.status.code == 200 else {
                report.withLock { $0.refused[String(response.status.code), default: 0] += 1 }
                return
            }
            report.withLock { $0.opened += 1 }
            for try await chunk in response.body {
                let size = chunk.readableBytes
                report.withLock { $0.bytes += size }
            }
            if !Task.isCancelled { report.withLock { $0.endedEarly += 1 } }
        } catch {
            if !Task.isCancelled { report.withLock { $0.refused[OpenLoopDriver.reason(error), default: 0] += 1 } }
        }
    }

    var current: Report { report.withLock { $0 } }
}
