/// Why a message was not sent, sorted by what the caller should do next.
public enum MailError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Worth retrying later: the relay was unreachable, timed out, or answered 4xx.
    case temporary(String)
    /// Retrying the same message will not help: the relay answered 5xx (unknown recipient,
    /// rejected login, refused content) or the message itself is unusable.
    case permanent(String)
    /// The mail settings are wrong (bad URL, TLS required but not offered, certificate not
    /// trusted); nothing will be sent until an administrator changes them.
    case configuration(String)

    /// The sentence for a person, without the category.
    public var message: String {
        switch self {
        case .temporary(let message), .permanent(let message), .configuration(let message): message
        }
    }

    /// Whether sending the same message again later may succeed.
    public var isRetryable: Bool {
        if case .temporary = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .temporary(let message): "temporary mail failure: \(message)"
        case .permanent(let message): "permanent mail failure: \(message)"
        case .configuration(let message): "mail configuration error: \(message)"
        }
    }
}
