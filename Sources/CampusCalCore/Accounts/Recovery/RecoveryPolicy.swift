import Foundation

/// How long recovery codes live and how many a person or an address may be sent (`[auth]`
/// settings `password_reset`, `reset_token_minutes`, `confirmation_code_hours`,
/// `recovery_messages_per_hour`).
public struct RecoveryPolicy: Sendable, Equatable {
    /// Whether people with local passwords may reset them themselves (`auth.password_reset`).
    public var selfServiceReset: Bool
    /// How long a password-reset link works (`auth.reset_token_minutes`): short, since it opens the account.
    public var resetLifetime: TimeInterval
    /// How long an address-confirmation code works (`auth.confirmation_code_hours`).
    public var confirmationLifetime: TimeInterval
    /// Codes of one kind one person may be sent within an hour (`auth.recovery_messages_per_hour`).
    public var codesPerPersonPerHour: Int
    /// Confirmation codes one address may receive within a day, whichever accounts asked: an
    /// address typed into many accounts is not mailed more than this (review L2).
    public var codesPerAddressPerDay: Int

    public init(
        selfServiceReset: Bool = true, resetLifetime: TimeInterval = 30 * 60, confirmationLifetime: TimeInterval = 24 * 3600,
        codesPerPersonPerHour: Int = 3, codesPerAddressPerDay: Int = 5
    ) {
        self.selfServiceReset = selfServiceReset
        self.resetLifetime = resetLifetime
        self.confirmationLifetime = confirmationLifetime
        self.codesPerPersonPerHour = codesPerPersonPerHour
        self.codesPerAddressPerDay = codesPerAddressPerDay
    }
}
