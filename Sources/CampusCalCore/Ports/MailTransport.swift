/// Sends email; the notification engine's way out to the world.
///
/// The production implementation is `SMTPMailer` (module CampusCalMail, libcurl); tests can use
/// an in-memory transport that records messages.
public protocol MailTransport: Sendable {
    /// Sends `message` to all its recipients, or to none.
    ///
    /// Returns once the relay has accepted the message for delivery. Never blocks the caller's
    /// thread on network I/O.
    ///
    /// - Throws: `MailError`: `.temporary` (retry later), `.permanent` (don't retry this message),
    ///   `.configuration` (fix the settings).
    func send(_ message: MailMessage) async throws
}
