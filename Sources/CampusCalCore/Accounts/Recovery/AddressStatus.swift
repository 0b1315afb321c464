import Foundation

/// An address notices may go to, and whether its owner proved they read it.
public struct AddressStatus: Sendable, Equatable {
    /// `email`: the profile's email; `text`: the notification settings' email-to-SMS address.
    public var channel: DeliveryChannel
    public var address: String?
    /// Only a confirmed address receives notices (review L2).
    public var confirmed: Bool

    public init(channel: DeliveryChannel, address: String?, confirmed: Bool) {
        self.channel = channel
        self.address = address
        self.confirmed = confirmed
    }
}

/// A confirmation code was sent (or the address was already confirmed and nothing was sent).
public struct ConfirmationRequest: Sendable, Equatable {
    public var status: AddressStatus
    /// When the code stops working; nil when nothing was sent.
    public var expiresAt: Date?
}
