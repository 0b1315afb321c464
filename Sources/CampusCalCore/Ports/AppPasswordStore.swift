import Foundation

/// Persistent app passwords (`AppPassword`), each stored with the hash of its secret.
public protocol AppPasswordStore: Sendable {
    func insert(_ appPassword: AppPassword, secretHash: String) async throws
    /// The user's app passwords, oldest first.
    func appPasswords(of user: UserID) async throws -> [AppPassword]
    /// The user with this (normalised) username and each of their app passwords with its secret's
    /// hash, in one read; nil when there is no such user. Basic authentication compares the hash of
    /// the presented secret against each, in constant time.
    func credentials(username: String) async throws -> (user: User, passwords: [(AppPassword, secretHash: String)])?
    /// Deletes one of the user's app passwords; false when the user has none with this id.
    func delete(id: String, of user: UserID) async throws -> Bool
    /// Deletes every app password of the user; how many there were.
    @discardableResult
    func deleteAll(of user: UserID) async throws -> Int
    /// Records a use; a time earlier than the one stored changes nothing.
    func touch(id: String, at: Date) async throws
}
