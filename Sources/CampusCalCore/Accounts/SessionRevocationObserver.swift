import Foundation

/// Told when sessions end, so that whatever was opened under them ends too: a live notification
/// stream authenticates once, and without this would keep delivering a person's notices to whoever
/// held the token after logout, a password change or a role change (security review M6).
///
/// A port, so the core stays free of I/O: the HTTP layer's `LiveNoticeHub` implements it.
/// Called after the store has ended the sessions; it must return at once (no I/O, no waiting).
public protocol SessionRevocationObserver: Sendable {
    /// One session ended: logout, or found expired.
    func sessionEnded(_ sessionID: String, of user: UserID)
    /// Every session of `user` ended, except `keeping` when given: password change or reset, role
    /// change, account deletion.
    func sessionsEnded(of user: UserID, keeping: String?)
}

/// Tells nobody: for services built without a live channel (the CLI, tests of the core).
public struct NoSessionRevocationObserver: SessionRevocationObserver {
    public init() {}
    public func sessionEnded(_ sessionID: String, of user: UserID) {}
    public func sessionsEnded(of user: UserID, keeping: String?) {}
}

/// A `PersonalDataStore` that tells the observer when an account is deleted: the deletion takes
/// the person's sessions with it (by cascade, inside the store's transaction), and whatever was
/// opened under them must end as it does.
///
/// Why a wrapper and not a call in `PersonalDataService`: every way an account is deleted goes
/// through the store's `deleteAccount`, so wrapping it there cannot miss one.
public struct SessionEndingPersonalDataStore: PersonalDataStore {
    public let base: any PersonalDataStore
    public let observer: any SessionRevocationObserver

    public init(base: any PersonalDataStore, observer: any SessionRevocationObserver) {
        self.base = base
        self.observer = observer
    }

    public func records(of user: UserID) async throws -> [PersonalRecordSet] { try await base.records(of: user) }

    public func deleteAccount(_ user: UserID, requestedBy: UserID?, at date: Date) async throws -> AccountDeletion {
        let deletion = try await base.deleteAccount(user, requestedBy: requestedBy, at: date)
        observer.sessionsEnded(of: user, keeping: nil)
        return deletion
    }

    public func deletions(after cursor: String?, limit: Int) async throws -> Page<AccountDeletion> {
        try await base.deletions(after: cursor, limit: limit)
    }
}
