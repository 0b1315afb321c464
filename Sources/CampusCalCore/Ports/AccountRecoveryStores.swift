import Foundation

/// What a one-time code proves when it comes back.
public enum OneTimeCodePurpose: String, Sendable, CaseIterable {
    /// That the person reads mail at the address it was sent to (review L2).
    case confirmAddress = "confirm-address"
    /// That the person may set a new password without the old one (SRS 4.2.36.1).
    case passwordReset = "password-reset"
}

/// A code sent to a person, stored only as its hash.
public struct OneTimeCode: Sendable, Equatable {
    /// The hash of the code (`TokenIssuing.hash`): the code itself is never stored.
    public var hash: String
    public var purpose: OneTimeCodePurpose
    public var userID: UserID
    /// Where it went, and by which channel: a confirmation confirms exactly this address.
    public var channel: DeliveryChannel
    public var address: String
    public var createdAt: Date
    public var expiresAt: Date

    public init(
        hash: String, purpose: OneTimeCodePurpose, userID: UserID, channel: DeliveryChannel, address: String, createdAt: Date, expiresAt: Date
    ) {
        self.hash = hash
        self.purpose = purpose
        self.userID = userID
        self.channel = channel
        self.address = address
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// One-time codes (address confirmation, password reset) and the addresses they confirmed.
///
/// A port like those in `Ports/`; every method is atomic.
public protocol AccountRecoveryStore: Sendable {
    /// Stores a new code.
    func insert(_ code: OneTimeCode) async throws
    /// How many codes of `purpose` were made for `user` since `since` (used or not).
    func codeCount(purpose: OneTimeCodePurpose, user: UserID, since: Date) async throws -> Int
    /// How many codes of `purpose` went to `address` (any account) since `since`.
    func codeCount(purpose: OneTimeCodePurpose, address: String, since: Date) async throws -> Int
    /// The unused, unexpired code of `purpose` with this hash, marked used in the same step (so a
    /// code works once, even when two requests present it at once); nil otherwise. When
    /// `purpose` is a password reset, every other open reset code of that person is spent too.
    func consume(hash: String, purpose: OneTimeCodePurpose, at now: Date) async throws -> OneTimeCode?
    /// The addresses `user` has confirmed, one per channel.
    func confirmedAddresses(of user: UserID) async throws -> [DeliveryChannel: String]
    /// The people who confirmed `address` (compared without case) for `channel`: how a CalDAV
    /// ATTENDEE's `mailto:` finds its account — only a confirmed address, or anyone could claim a
    /// lecturer's address and receive what is sent to it.
    func users(confirmed address: String, channel: DeliveryChannel) async throws -> [UserID]
    /// Records that `user` confirmed `address` for `channel` (replacing an earlier one).
    func confirm(_ address: String, channel: DeliveryChannel, of user: UserID, at: Date) async throws
    /// Deletes codes that expired before `before`; returns how many.
    func deleteExpiredCodes(before: Date) async throws -> Int
}

/// Sends the messages of account recovery — confirmation codes and password-reset links — which
/// are not notices: they never enter the inbox (a reset link there would turn a stolen session into
/// a stolen account), and they go regardless of notification settings.
public protocol AccountMessenger: Sendable {
    /// Whether messages can be sent at all (mail is configured).
    var canSend: Bool { get }
    /// Sends one message; throws when the relay refuses it.
    func send(to address: String, channel: DeliveryChannel, subject: String, body: String) async throws
}

/// Sends nothing: for servers without mail, and services built without it.
public struct NoAccountMessenger: AccountMessenger {
    public init() {}
    public var canSend: Bool { false }
    public func send(to address: String, channel: DeliveryChannel, subject: String, body: String) async throws {}
}
