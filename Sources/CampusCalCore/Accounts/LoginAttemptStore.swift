import Foundation

/// How many failures a store counted when it recorded one.
public struct LoginFailureCounts: Sendable, Equatable {
    /// Failures of this account from this source since the lockout window's start, this one included.
    public var accountFromSource: Int
    /// Failures from this source, whatever the account, since the source window's start, this one included.
    public var fromSource: Int

    public init(accountFromSource: Int, fromSource: Int) {
        self.accountFromSource = accountFromSource
        self.fromSource = fromSource
    }
}

/// What currently stops a login of `account` from `source`.
public struct LoginBlocks: Sendable, Equatable {
    /// The account is locked from this source until then (SRS 4.2.36.1).
    public var accountLockedUntil: Date?
    /// The source may not try any account until then (growing delays, review L5).
    public var sourceBlockedUntil: Date?

    public init(accountLockedUntil: Date? = nil, sourceBlockedUntil: Date? = nil) {
        self.accountLockedUntil = accountLockedUntil
        self.sourceBlockedUntil = sourceBlockedUntil
    }
}

/// Failed-login bookkeeping keyed by canonical account (`AccountService.accountKey`) *and* source
/// (`LoginSource`): ten failures lock an account from the source that made them, not from everyone
/// (SRS 4.2.36.1, review L5), and every source has a budget of failures across all accounts.
///
/// A port like those in `Ports/`, kept beside the account rules it serves. Every method is atomic.
public protocol LoginAttemptStore: Sendable {
    /// The lock of `account` from `source` and the block of `source`, as they stand at `now`.
    func blocks(account: String, source: String, at now: Date) async throws -> LoginBlocks
    /// Records a failure and counts, in one transaction, the account's failures from the source
    /// since `accountWindowStart` and the source's since `sourceWindowStart`.
    func recordFailure(account: String, source: String, at: Date, accountWindowStart: Date, sourceWindowStart: Date) async throws
        -> LoginFailureCounts
    /// Locks `account` from `source` until `until` (and forgets the failures that led to it).
    func lock(account: String, source: String, until: Date) async throws
    /// Blocks every login from `source` until `until`.
    func block(source: String, until: Date) async throws
    /// Forgets the account's failures and lock from one source (a successful login from it).
    func clear(account: String, source: String) async throws
    /// Forgets the account's failures and locks from every source (administrator unlock, password reset).
    func clearAll(account: String) async throws
    /// Deletes bookkeeping that can no longer matter at `now`; returns how many rows went.
    func deleteStale(accountWindowStart: Date, sourceWindowStart: Date, now: Date) async throws -> Int
}

/// Told when failed logins lock an account from a source, so its owner hears of the attempt
/// (SRS 4.2.36.1: "the person is emailed about the attempt").
public protocol FailedLoginObserver: Sendable {
    func loginsLocked(of user: User, from source: LoginSource, until: Date) async
}

/// Tells nobody: for services built without notifications (the CLI, tests of the core).
public struct NoFailedLoginObserver: FailedLoginObserver {
    public init() {}
    public func loginsLocked(of user: User, from source: LoginSource, until: Date) async {}
}

/// Tells the owner through the notification service: a notice in their inbox and open apps, and
/// an email when mail is configured and they have an address (the notice engine queues it).
public struct NoticeFailedLoginObserver: FailedLoginObserver {
    let notifications: NotificationService

    public init(notifications: NotificationService) { self.notifications = notifications }

    public func loginsLocked(of user: User, from source: LoginSource, until: Date) async {
        let when = until.formatted(.iso8601)
        // Best effort: a notice that cannot be stored must not turn a lock into a 500.
        _ = try? await notifications.notify(
            user.id, kind: .announcement, title: "Failed logins to your account were stopped",
            body: """
                Someone typed a wrong password for your account \(user.username) many times from the network address \(source.key). \
                Logins to it from that address are locked until \(when) (UTC); from anywhere else your password still works. \
                If this was not you, change your password now (a campus account's on the campus password page).
                """)
    }
}
