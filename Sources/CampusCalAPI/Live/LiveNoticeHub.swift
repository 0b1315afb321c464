import CampusCalCore
import Foundation
import Synchronization

/// Live delivery of notices to the user's open apps and browsers (the "device" channel): each open
/// `GET /api/v1/notifications/stream` subscribes here, and every notice fired for that user is
/// yielded to each of their subscriptions.
///
/// A stream belongs to the session that opened it, and ends with it (security review M6): the hub
/// is the accounts' `SessionRevocationObserver`, so logout, a password change or reset, a role
/// change and account deletion finish the session's streams at once, and the stream's route asks
/// again at every heartbeat (expiry, and sessions ended by another process such as the CLI).
/// One person holds at most `maximumStreamsPerUser` streams: each costs a connection and a task
/// for as long as it is open, and streams are exempt from load shedding.
///
/// Thread rule: any task may deliver or subscribe; the subscription table is behind a mutex, and
/// yielding to an `AsyncStream` never blocks (the stream buffers the newest 100 events, dropping
/// older ones for a reader that has stalled — the inbox still holds every notice).
public final class LiveNoticeHub: NoticeChannel, SessionRevocationObserver, Sendable {
    /// What a subscription receives: a notice, a keep-alive tick so proxies keep the connection
    /// open (and the route re-checks the session), or word that the session ended (the last event).
    public enum Event: Sendable {
        case notice(Notice)
        case heartbeat
        case sessionEnded
    }

    private struct Stream {
        var sessionID: String
        var continuation: AsyncStream<Event>.Continuation
    }

    private struct Subscriptions {
        var byUser: [UserID: [UUID: Stream]] = [:]
        var closed = false
    }

    private let subscriptions = Mutex(Subscriptions())
    let heartbeat: Duration
    /// Open streams one person may hold (`limits.max_streams_per_user`).
    public let maximumStreamsPerUser: Int

    public init(heartbeat: Duration = .seconds(15), maximumStreamsPerUser: Int = ResourceLimits.standard.maximumStreamsPerUser) {
        self.heartbeat = heartbeat
        self.maximumStreamsPerUser = maximumStreamsPerUser
    }

    public func deliver(_ notice: Notice, preferences: NotificationPreferences) async {
        guard preferences.device else { return }
        let targets = subscriptions.withLock { Array(($0.byUser[notice.userID] ?? [:]).values) }
        for stream in targets { stream.continuation.yield(.notice(notice)) }
    }

    /// One open stream: its events, and `end()` to finish it early (on graceful shutdown).
    public struct Subscription: Sendable {
        public let events: AsyncStream<Event>
        public let end: @Sendable () -> Void
    }

    /// Refused: the person already holds `limit` open streams.
    public struct TooManyStreams: Error, Sendable {
        public let limit: Int
    }

    /// A stream of the user's notices from now on, with heartbeats, for as long as `sessionID`
    /// lasts; it ends when the session ends or the hub closes. Throws `TooManyStreams` when the
    /// person already holds `maximumStreamsPerUser` (checked and counted under one lock, so
    /// streams opened at once cannot pass the limit together).
    public func subscribe(_ user: UserID, session sessionID: String) throws -> Subscription {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(100))
        let limit = maximumStreamsPerUser
        let accepted = try subscriptions.withLock { state -> Bool in
            guard !state.closed else { return false }
            guard state.byUser[user, default: [:]].count < limit else { throw TooManyStreams(limit: limit) }
            state.byUser[user, default: [:]][id] = Stream(sessionID: sessionID, continuation: continuation)
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

    // MARK: SessionRevocationObserver

    public func sessionEnded(_ sessionID: String, of user: UserID) {
        end(streamsOf: user) { $0 == sessionID }
    }

    public func sessionsEnded(of user: UserID, keeping: String?) {
        end(streamsOf: user) { $0 != keeping }
    }

    /// Tells the user's streams whose session matches that it ended, and finishes them. They
    /// leave the table as each one's termination handler runs.
    private func end(streamsOf user: UserID, where matches: (String) -> Bool) {
        let ending = subscriptions.withLock { state in
            (state.byUser[user] ?? [:]).values.filter { matches($0.sessionID) }.map(\.continuation)
        }
        for continuation in ending {
            continuation.yield(.sessionEnded)
            continuation.finish()
        }
    }

    /// A heartbeat to every open stream now, besides the regular ones: each stream's session is
    /// checked again at once (tests use it instead of waiting out the interval).
    public func beat() {
        let all = subscriptions.withLock { $0.byUser.values.flatMap(\.values).map(\.continuation) }
        for continuation in all { continuation.yield(.heartbeat) }
    }

    /// How many streams are open (for tests and metrics).
    public var openStreams: Int { subscriptions.withLock { $0.byUser.values.reduce(0) { $0 + $1.count } } }

    /// Ends every stream and refuses new ones: on graceful shutdown, so open connections let the server stop.
    public func close() {
        let all = subscriptions.withLock { state -> [AsyncStream<Event>.Continuation] in
            state.closed = true
            defer { state.byUser = [:] }
            return state.byUser.values.flatMap(\.values).map(\.continuation)
        }
        for continuation in all { continuation.finish() }
    }
}
