import CampusCalCore
import Foundation
import NIOPosix

/// Sends mail through an SMTP relay with libcurl: STARTTLS or implicit TLS, AUTH, per-recipient
/// `RCPT TO`, replies mapped to `MailError`.
///
/// libcurl blocks its thread for the whole transaction (up to `configuration.timeout`), so each
/// send runs on a small thread pool of the mailer's own rather than on Swift's cooperative pool or
/// NIO's shared pool, where a slow relay would hold up requests and password hashing.
/// A send is all-or-nothing: if the relay refuses one recipient, nothing is sent.
public struct SMTPMailer: MailTransport {
    /// At most this many sends are in progress at once across all mailers; more wait their turn.
    public static let maximumConcurrentSends = 4

    /// Threads that may block on the network; started once, kept for the life of the process.
    private static let threadPool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: maximumConcurrentSends)
        pool.start()
        return pool
    }()

    public let configuration: SMTPConfiguration
    private let url: String
    private let host: String

    /// - Throws: `MailError.configuration` naming the setting to fix (URL, security, CA file…).
    public init(configuration: SMTPConfiguration) throws(MailError) {
        self.configuration = configuration
        url = try configuration.validatedURL()
        host = URLComponents(string: configuration.url)?.host ?? configuration.url
    }

    public func send(_ message: MailMessage) async throws {
        guard !message.to.isEmpty else { throw MailError.permanent("The message has no recipients.") }
        let data = MailRenderer.render(message)
        let sender = message.from.address
        let recipients = message.to.map(\.address)
        let (url, host, configuration) = (self.url, self.host, self.configuration)
        do {
            try await Self.threadPool.runIfActive {
                try CurlSMTPTransfer.send(data, from: sender, to: recipients, url: url, host: host, configuration: configuration)
            }
        } catch let error as MailError {
            throw error
        } catch {
            throw MailError.temporary("The mail thread pool is not running: \(error).")
        }
    }
}
