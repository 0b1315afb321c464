import CampusCalCore
import Crypto
import Foundation

/// Record codes for de-identified data (34 CFR §99.31(b)(2)): a stable stand-in for a user that
/// lets one recipient match its own records over time, and nothing more.
///
/// code = HMAC-SHA256(key for the recipient, user id), where the key for the recipient is
/// HMAC-SHA256(server secret, recipient id). So a code is never derived from identifiers alone
/// (without the secret nobody can compute or reverse it), is the same for one recipient every
/// time, and differs between recipients — two recipients cannot join their data on it. The
/// secret never leaves the server.
public struct RecordCodes: Sendable {
    private let secret: SymmetricKey

    /// `secret`: at least 32 random bytes kept on the server (never in a release, never logged).
    public init?(secret: [UInt8]) {
        guard secret.count >= 32 else { return nil }
        self.secret = SymmetricKey(data: secret)
    }

    /// The code of `user` for `recipient` (a plugin id, an export's recipient): `rc_` and 32 hex digits.
    public func code(for user: UserID, recipient: String) -> String {
        let recipientKey = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(recipient.utf8), using: secret)))
        let mac = HMAC<SHA256>.authenticationCode(for: Data(user.rawValue.utf8), using: recipientKey)
        return "rc_" + Data(mac).prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
