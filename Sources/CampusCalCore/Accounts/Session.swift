import Foundation

/// A logged-in session of a local account. The bearer token itself is never stored, only its hash.
public struct Session: Sendable, Equatable {
    public var id: String
    public var userID: UserID
    public var createdAt: Date
    /// Last time the session was used, recorded at most once per `SessionPolicy.touchInterval`.
    public var lastSeenAt: Date
    /// The absolute end of the session, however active it is.
    public var expiresAt: Date

    public init(id: String, userID: UserID, createdAt: Date, lastSeenAt: Date, expiresAt: Date) {
        self.id = id
        self.userID = userID
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.expiresAt = expiresAt
    }
}

/// Why a presented session is no longer accepted.
public enum SessionExpiry: String, Sendable, Equatable {
    /// No request for longer than the idle timeout (SRS: one hour).
    case idle
    /// Past the absolute lifetime, however active.
    case absolute
}

/// How long sessions live.
public struct SessionPolicy: Sendable, Equatable {
    /// A session unused for this long ends (SRS 3.2.32: one hour).
    public var idleTimeout: TimeInterval
    /// A session ends this long after login, however active it is.
    public var absoluteLifetime: TimeInterval
    /// `lastSeenAt` is written at most this often, so that authenticated reads are not writes.
    /// Idle expiry is therefore early by at most this much, never late.
    public var touchInterval: TimeInterval

    public init(idleTimeout: TimeInterval = 3600, absoluteLifetime: TimeInterval = 12 * 3600, touchInterval: TimeInterval = 60) {
        self.idleTimeout = idleTimeout
        self.absoluteLifetime = absoluteLifetime
        self.touchInterval = min(touchInterval, idleTimeout / 2)
    }

    /// Why `session` has expired at `now`, or nil while it is still valid.
    public func expiry(of session: Session, at now: Date) -> SessionExpiry? {
        if now >= session.expiresAt { return .absolute }
        if now.timeIntervalSince(session.lastSeenAt) >= idleTimeout { return .idle }
        return nil
    }

    /// Whether using `session` at `now` should be recorded as activity.
    public func needsTouch(_ session: Session, at now: Date) -> Bool {
        now.timeIntervalSince(session.lastSeenAt) >= touchInterval
    }

    /// The instant the session ends if it is not used again.
    public func idleDeadline(of session: Session) -> Date {
        min(session.lastSeenAt.addingTimeInterval(idleTimeout), session.expiresAt)
    }
}
