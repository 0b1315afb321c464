import Foundation

/// The ways a notice leaves the server besides the inbox and live streams: both are email, since
/// texts go through the user's email-to-SMS gateway address.
public enum DeliveryChannel: String, Sendable, CaseIterable {
    case email, text
}

/// One notice waiting to be sent by email or text, in the durable outbox.
///
/// Deliveries are queued in the same transaction that puts the notice in the inbox, so a crash
/// never loses one; they are retried with back-off while the mail server is unreachable.
public struct NoticeDelivery: Sendable, Equatable {
    public var id: Int64
    public var notice: Notice
    public var channel: DeliveryChannel
    public var address: String
    /// Attempts made so far.
    public var attempts: Int

    public init(id: Int64, notice: Notice, channel: DeliveryChannel, address: String, attempts: Int) {
        self.id = id
        self.notice = notice
        self.channel = channel
        self.address = address
        self.attempts = attempts
    }
}

/// A notice that has just fired, with the key it was scheduled under.
public struct FiredNotice: Sendable, Equatable {
    public var key: String
    public var notice: Notice

    public init(key: String, notice: Notice) {
        self.key = key
        self.notice = notice
    }
}

extension NotificationPreferences {
    /// Where a notice goes by email and text for a user with these preferences and this profile
    /// email: nowhere when notifications are off (quiet), for channels without an address, or to
    /// an address its owner has not confirmed (`confirmed`, one per channel; review L2).
    public func outbound(profileEmail: String?, confirmed: [DeliveryChannel: String]) -> [(channel: DeliveryChannel, address: String)] {
        guard enabled else { return [] }
        var result: [(channel: DeliveryChannel, address: String)] = []
        if email, let profileEmail, !profileEmail.isEmpty, confirmed[.email] == profileEmail { result.append((.email, profileEmail)) }
        if text, let textAddress, !textAddress.isEmpty, confirmed[.text] == textAddress { result.append((.text, textAddress)) }
        return result
    }
}
