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
    /// email: nowhere when notifications are off (quiet), or for channels without an address.
    public func outbound(profileEmail: String?) -> [(channel: DeliveryChannel, address: String)] {
        guard enabled else { return [] }
        var result: [(channel: DeliveryChannel, address: String)] = []
        if email, let profileEmail, !profileEmail.isEmpty { result.append((.email, profileEmail)) }
        if text, let textAddress, !textAddress.isEmpty { result.append((.text, textAddress)) }
        return result
    }
}
