import Foundation

/// Why an address confirmation or a password reset was refused.
public enum RecoveryError: Error, Sendable, Equatable {
    /// The server cannot send mail (no `[mail]` settings).
    case mailNotConfigured
    /// There is no address for this channel in the profile (or notification settings).
    case noAddress(DeliveryChannel)
    /// Too many codes for this person or address lately; try again after this many seconds.
    case tooManyCodes(retryAfterSeconds: Int)
    /// The code is unknown, used, expired, not this person's, or for an address since changed.
    case invalidCode
    /// The reset link is unknown, used or expired (one answer for all: nothing to learn from it).
    case invalidResetToken
}
