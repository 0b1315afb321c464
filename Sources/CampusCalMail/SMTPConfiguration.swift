import CampusCalCore
import Foundation

/// How to reach the SMTP relay: where, how securely, as whom, and how long to wait.
///
/// Checked by `SMTPMailer.init(configuration:)`, which throws `MailError.configuration` with a
/// sentence naming the setting to fix.
public struct SMTPConfiguration: Sendable, CustomStringConvertible {
    /// How the connection is protected.
    public enum Security: String, Sendable {
        /// Plain SMTP, no encryption: only for a relay on the same host or a trusted network.
        case none
        /// Plain connection upgraded with STARTTLS (usually port 587 or 25). Required: if the relay
        /// does not offer STARTTLS the send fails, it never falls back to plain text.
        case startTLS
        /// TLS from the first byte (`smtps://`, usually port 465).
        case tls
    }

    /// `smtp://relay.campus.edu:25`, `smtp://host:587` or `smtps://host:465`; no path, no credentials.
    public var url: String
    public var security: Security
    /// For SMTP AUTH; `nil` to send without logging in.
    public var username: String?
    /// For SMTP AUTH. Never logged nor included in `description`.
    public var password: String?
    /// A PEM file of CA certificates to trust instead of the system's, e.g. a campus CA.
    public var caFile: String?
    /// Whether the relay's certificate and host name are checked. Turn off only to debug.
    public var verifyPeer: Bool
    /// How long to wait for the TCP (and implicit TLS) connection.
    public var connectTimeout: Duration
    /// How long a whole send may take, connection included.
    public var timeout: Duration
    /// The name to introduce this host with in EHLO; libcurl's default otherwise.
    public var heloName: String?

    public init(
        url: String,
        security: Security,
        username: String? = nil,
        password: String? = nil,
        caFile: String? = nil,
        verifyPeer: Bool = true,
        connectTimeout: Duration = .seconds(10),
        timeout: Duration = .seconds(60),
        heloName: String? = nil
    ) {
        self.url = url
        self.security = security
        self.username = username
        self.password = password
        self.caFile = caFile
        self.verifyPeer = verifyPeer
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.heloName = heloName
    }

    /// The settings without the password, for logs.
    public var description: String {
        var parts = ["url: \(url)", "security: \(security.rawValue)"]
        if let username { parts.append("username: \(username)") }
        if password != nil { parts.append("password: <redacted>") }
        if let caFile { parts.append("caFile: \(caFile)") }
        if !verifyPeer { parts.append("verifyPeer: false") }
        if let heloName { parts.append("heloName: \(heloName)") }
        return "SMTPConfiguration(" + parts.joined(separator: ", ") + ")"
    }
}
