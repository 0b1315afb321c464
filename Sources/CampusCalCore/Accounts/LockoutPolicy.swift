import Foundation

/// When repeated failed logins lock an account (SRS 3.2.32: ten failures within five minutes lock
/// it for 24 hours, or until an administrator unlocks it or the password is reset).
///
/// Failures are counted per *canonical account* (`AccountService.accountKey`: every spelling a
/// directory takes for one account is one key, review H5) and per *source* (`LoginSource`: SRS
/// 4.2.36.1 locks the account "from that session"), whether or not such an account exists, so
/// that the lock never tells an anonymous caller which usernames are real — and a stranger's
/// failures lock the stranger out, not the student (review L5).
public struct LockoutPolicy: Sendable, Equatable {
    public var threshold: Int
    public var window: TimeInterval
    public var lockDuration: TimeInterval

    public init(threshold: Int = 10, window: TimeInterval = 300, lockDuration: TimeInterval = 86_400) {
        self.threshold = threshold
        self.window = window
        self.lockDuration = lockDuration
    }

    /// The start of the window that counts for a failure at `now`.
    public func windowStart(endingAt now: Date) -> Date { now.addingTimeInterval(-window) }

    /// The lock to apply after a failure, given how many failures (this one included) fall in the window.
    public func lockUntil(afterFailures count: Int, at now: Date) -> Date? {
        count >= threshold ? now.addingTimeInterval(lockDuration) : nil
    }
}
