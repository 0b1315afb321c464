import CampusCalICalendar
import Foundation

/// App passwords (issue #29): people make one per device after logging in (directory and single
/// sign-on accounts included), and CalDAV clients authenticate with HTTP Basic, username and app
/// password. Nothing else accepts them: a login takes the account's own password, the API takes
/// session tokens.
///
/// Failed Basic authentications count towards the same lockout and source throttling as failed
/// logins (`AccountService.recordFailedLogin`), under the same canonical account key, so a phone
/// guessing passwords locks the account from its address exactly as a login page would.
public struct AppPasswordService: Sendable {
    public let store: any AppPasswordStore
    /// For the token issuer and hash, the clock and the failed-login bookkeeping.
    public let accounts: AccountService

    /// App passwords one person may hold at once.
    public static let maximumPerUser = 50
    /// The longest name, in Unicode scalars (as JSON Schema counts `maxLength`).
    public static let maximumNameLength = 100
    /// A use is recorded at most this often (seconds), so DAV requests stay reads.
    public static let touchInterval: TimeInterval = 60

    public init(store: any AppPasswordStore, accounts: AccountService) {
        self.store = store
        self.accounts = accounts
    }

    /// Makes a new app password for the caller; its secret is in the result and nowhere else.
    public func create(for caller: User, name rawName: String) async throws -> IssuedAppPassword {
        let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty || rawName.unicodeScalars.count > Self.maximumNameLength || CredentialCharacters.nameHasForbidden(name) {
            throw ValidationError([
                ValidationIssue(
                    field: "name", code: "name.invalid",
                    message: "Name the device this password is for, in 1 to \(Self.maximumNameLength) characters without control characters.")
            ])
        }
        // Checked before the insert, not in its transaction: two at once may pass the bound by one, which is harmless.
        if try await store.appPasswords(of: caller.id).count >= Self.maximumPerUser {
            throw AppPasswordError.tooMany(maximum: Self.maximumPerUser)
        }
        let issued = accounts.tokens.issueAppPassword()
        let appPassword = AppPassword(id: accounts.tokens.identifier(), userID: caller.id, name: name, createdAt: accounts.clock.now())
        try await store.insert(appPassword, secretHash: issued.hash)
        return IssuedAppPassword(appPassword: appPassword, secret: issued.token)
    }

    /// The caller's app passwords (never their secrets), oldest first.
    public func list(for caller: User) async throws -> [AppPassword] {
        try await store.appPasswords(of: caller.id)
    }

    /// Revokes one of the caller's app passwords: the device using it is refused from the next request on.
    public func revoke(_ id: String, for caller: User) async throws {
        guard try await store.delete(id: id, of: caller.id) else { throw AppPasswordError.notFound }
    }

    /// The user behind HTTP Basic credentials: a username and one of that user's app passwords.
    ///
    /// Throws `AccountError.invalidCredentials` (after counting the failure), `.locked` or
    /// `.sourceThrottled`. Success does not clear earlier failures — that would be a write on every
    /// DAV request; they leave the lockout window on their own within minutes.
    public func authenticate(username typed: String, secret: String, from source: LoginSource = .unknown) async throws -> User {
        let account = accounts.accountKey(typed: typed)
        let now = accounts.clock.now()
        let blocks = try await accounts.throttle.blocks(account: account, source: source.key, at: now)
        if let until = blocks.sourceBlockedUntil {
            throw AccountError.sourceThrottled(retryAfterSeconds: AccountService.seconds(from: now, to: until))
        }
        if let until = blocks.accountLockedUntil { throw AccountService.locked(until: until, now: now) }
        // Hashed whether or not the account exists, so the answer's timing does not tell.
        let presented = accounts.tokens.hash(secret)
        let found = try await store.credentials(username: account)
        var match: AppPassword?
        for (candidate, hash) in found?.passwords ?? [] where Self.constantTimeEqual(hash, presented) { match = candidate }
        guard let user = found?.user, let match else {
            try await accounts.recordFailedLogin(account, from: source)
            throw AccountError.invalidCredentials
        }
        if match.lastUsedAt.map({ now.timeIntervalSince($0) >= Self.touchInterval }) ?? true {
            try await store.touch(id: match.id, at: now)
        }
        return user
    }

    /// Compares two hashes in time that depends only on their lengths, never on where they differ.
    static func constantTimeEqual(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8)
        let b = Array(right.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
