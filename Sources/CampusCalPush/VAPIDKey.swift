import CampusCalCore
import Crypto
import Foundation

/// The server's VAPID identity (RFC 8292): the key push services check our messages against,
/// and that browsers bind their subscriptions to (`applicationServerKey`).
///
/// Derived from the record-code key of the key file (HKDF, its own label), not stored: every
/// process of one installation has the same key without a new secret to back up, and nothing
/// about it is in the database. Changing the record-code key changes this key too; browsers then
/// subscribe again the next time the person turns notifications on.
public struct VAPIDKey: Sendable {
    let signing: P256.Signing.PrivateKey
    /// The public key, uncompressed (65 bytes), base64url: `applicationServerKey` and the `k=` of each request.
    public let publicKey: String

    public init(deriveFrom secret: [UInt8]) {
        var counter: UInt8 = 0
        while true {
            // A P-256 scalar must be below the group order: one candidate in 2^32 is not, then the next counter.
            let candidate = HKDF<SHA256>.deriveKey(
                inputKeyMaterial: SymmetricKey(data: secret), info: Array("campuscal web push vapid v1".utf8) + [counter], outputByteCount: 32)
            if let key = try? P256.Signing.PrivateKey(rawRepresentation: candidate.withUnsafeBytes { Array($0) }) {
                self.signing = key
                break
            }
            counter &+= 1
        }
        self.publicKey = Base64URL.encode(signing.publicKey.x963Representation)
    }

    /// `Authorization: vapid t=<JWT>, k=<key>` for a message to `endpoint`: an ES256 JWT whose
    /// audience is the push service's origin, valid 12 hours (RFC 8292 allows 24), naming `contact`.
    public func authorization(endpoint: String, contact: String, now: Date) throws -> String {
        guard let url = URLComponents(string: endpoint), let scheme = url.scheme, let host = url.host else {
            throw WebPushEncryption.Failure.invalidBrowserKey
        }
        let audience = "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
        let header = Base64URL.encode(Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let claims = try JSONSerialization.data(
            withJSONObject: ["aud": audience, "exp": Int(now.timeIntervalSince1970) + 12 * 3600, "sub": contact], options: [.sortedKeys])
        let signingInput = header + "." + Base64URL.encode(claims)
        let signature = try signing.signature(for: Data(signingInput.utf8))
        return "vapid t=\(signingInput).\(Base64URL.encode(signature.rawRepresentation)), k=\(publicKey)"
    }
}
