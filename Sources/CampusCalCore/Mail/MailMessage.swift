import Foundation

/// A plain-text email, ready to be rendered by `MailRenderer` and sent by a `MailTransport`.
public struct MailMessage: Sendable, Hashable {
    /// The author, used for `From:` and for the SMTP envelope sender (`MAIL FROM`).
    public var from: MailAddress
    /// The recipients, used for `To:` and for the SMTP envelope (`RCPT TO`); must not be empty to send.
    public var to: [MailAddress]
    /// Free text; may come from users (task titles), so the renderer removes line breaks.
    public var subject: String
    /// The body, in any line-ending convention; sent as UTF-8, quoted-printable.
    public var textBody: String
    /// The `Date:` header.
    public var date: Date
    /// The `Message-ID:` without angle brackets, e.g. `3f2a…@campus.edu`.
    public var messageID: String
    /// Extra header fields, written after the standard ones in this order.
    public var extraHeaders: [MailHeader]

    /// - Parameters:
    ///   - messageID: without angle brackets; by default a random UUID at the sender's domain.
    public init(
        from: MailAddress,
        to: [MailAddress],
        subject: String,
        textBody: String,
        date: Date = Date(),
        messageID: String? = nil,
        extraHeaders: [MailHeader] = []
    ) {
        self.from = from
        self.to = to
        self.subject = subject
        self.textBody = textBody
        self.date = date
        self.messageID = messageID ?? Self.newMessageID(domain: from.domain)
        self.extraHeaders = extraHeaders
    }

    /// A globally unique message id: a random UUID at `domain`.
    public static func newMessageID(domain: some StringProtocol) -> String {
        RandomUUID.text() + "@" + domain
    }
}
