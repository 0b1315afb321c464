import Foundation

/// A browser's Web Push subscription (issue #30): where its push service takes messages for it
/// (`endpoint`) and the keys that only that browser can decrypt them with (RFC 8291).
///
/// The endpoint is a capability URL of the push service: whoever has it can send to the browser,
/// so it is the person's own and is never shown to anyone else. `authSecret` is a secret shared
/// with the browser only; the personal-data export leaves it out.
public struct PushSubscription: Sendable, Equatable {
    public var id: String
    public var userID: UserID
    public var endpoint: String
    /// The browser's P-256 public key, uncompressed (65 bytes, `0x04 || X || Y`).
    public var publicKey: [UInt8]
    /// The 16-byte authentication secret the browser made.
    public var authSecret: [UInt8]
    public var createdAt: Date
    /// When a push service last accepted a message for it.
    public var lastDeliveredAt: Date?

    public init(
        id: String, userID: UserID, endpoint: String, publicKey: [UInt8], authSecret: [UInt8], createdAt: Date, lastDeliveredAt: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.endpoint = endpoint
        self.publicKey = publicKey
        self.authSecret = authSecret
        self.createdAt = createdAt
        self.lastDeliveredAt = lastDeliveredAt
    }
}

/// Why a subscription could not be made or found (a malformed one is a `ValidationError`).
public enum PushSubscriptionError: Error, Equatable, Sendable {
    /// The person already has `limit` devices subscribed.
    case tooMany(limit: Int)
    case notFound
}
