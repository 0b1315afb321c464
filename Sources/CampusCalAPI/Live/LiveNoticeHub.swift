import CampusCalCore
import Foundation
import Synchronization

/// Live delivery of notices to the user's open apps and browsers (the "device" channel): each open
/// `GET /api/v1/notifications/stream` subscribes here, and every notice fired for that user is
/// yielded to each of their subscriptions.
///
/// Thread rule: any task may deliver or subscribe; the subscription table is behind a mutex, and
/// yielding to an `AsyncStream` never blocks (the stream buffers the newest 100 events, dropping
/// older ones for a reader that has stalled — the inbox still holds every notice).
public final class LiveNoticeHub: NoticeChannel, Sendable {
    /// What a subscription receives: a notice, or a keep-alive tick so proxies keep the connection open.
    public enum Event: Sendable {
        case notice(Notice)
        case heartbeat
    }

    private struct Subscriptions {
        var byUser: [UserID: [UUID: AsyncStream<Event>.Continuation]] = [:]
        var closed = false
    }

    private let subscriptions = Mutex(Subscriptions())
    let heartbeat: Duration

    public init(heartbeat: Duration = .seconds(15)) { self.heartbeat = heartbeat }

    public func deliver(_ notice: Notice, preferences: NotificationPreferences) async {
        guard preferences.device else { return }
        let targets = subscriptions.withLock { Array(($0.byUser[notice.userID] ?? [:]).values) }
        for continuation in targets { continuation.yield(.notice(notice)) }
    }

    /// One open stream: its events, and `end()` to finish it early (on graceful shutdown).
    public struct Subscription: Sendable {
        public let events: AsyncStream<Event>
        public let end: @Sendable () -> Void
    }

    /// A stream of the user's notices from now on, with heartbeats; it ends when the hub closes.
    public func subscribe(_ user: UserID) -> Subscription {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(100))
        let accepted = subscriptions.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.byUser[user, default: [:]][id] = continuation
            return true
        }
        let subscription = Subscription(events: stream, end: { continuation.finish() })
        guard accepted else {
            continuation.finish()
            return subscription
        }
        let interval = heartbeat
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                continuation.yield(.heartbeat)
            }
        }
        continuation.onTermination = { [weak self] _ in
            ticker.cancel()
            self?.subscriptions.withLock { state in
                state.byUser[user]?[id] = nil
                if state.byUser[user]?.isEmpty == true { state.byUser[user] = nil }
            }
        }
        return subscription
    }

    /// How many streams are open (for tests and metrics).
    public var openStreams: Int { subscriptions.withLock { $0.byUser.values.reduce(0) { $0 + $1.count } } }

    /// Ends every stream and refuses new ones: on graceful shutdown, so open connections let the server stop.
    public func close() {
        let all = subscriptions.withLock { state -> [AsyncStream<Event>.Continuation] in
            state.closed = true
            defer { state.byUser = [:] }
            return state.byUser.values.flatMap(\.values)
        }
        for continuation in all { continuation.finish() }
    }
}
