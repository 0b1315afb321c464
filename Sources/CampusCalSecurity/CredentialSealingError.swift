/// Why sealing or opening a credential failed.
public enum CredentialSealingError: Error, CustomStringConvertible {
    /// Never expected with a 96-bit nonce, which `combined` always supports.
    case unsealable
    /// A sealing key that is not 32 bytes (AES-256).
    case badKey(bytes: Int)
    /// No key of the ring authenticates the value: it was sealed under a key the key file no
    /// longer holds (or it was altered).
    case noKeyOpens

    public var description: String {
        switch self {
        case .unsealable: "AES-GCM could not seal the value"
        case .badKey(let bytes): "a sealing key must be 32 bytes, not \(bytes)"
        case .noKeyOpens: "no sealing key in the key file opens this value (sealed under a key that was removed, or altered)"
        }
    }
}
