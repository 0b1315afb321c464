import CampusCalCore
import Crypto
import Foundation
import Synchronization

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
    /// The recipients' keys once derived: one HMAC fewer per code. Recipients are few (plugin ids,
    /// export recipients), and event hooks ask for two codes per change per plugin.
    private let recipientKeys = RecipientKeys()

    /// `secret`: at least 32 random bytes kept on the server (never in a release, never logged).
    public init?(secret: [UInt8]) {
        guard secret.count >= 32 else { return nil }
        self.secret = SymmetricKey(data: secret)
    }

    /// The code of `user` for `recipient` (a plugin id, an export's recipient): `prefix` (`rc_`
    /// unless said) and 32 hex digits.
    ///
    /// `period` counts the person's consent changes towards the recipient (`ConsentPeriod`): a
    /// consent or a withdrawal starts a new period and so a new code, and `identified` codes — the
    /// ones released beside a name — come from a derivation of their own. So a code that ever went
    /// out next to an identity never marks that person's de-identified records, before or after
    /// (issue #27). Period 0, de-identified, is the code as it always was.
    public func code(for user: UserID, recipient: String, period: Int = 0, identified: Bool = false, prefix: String = "rc_") -> String {
        var message = user.rawValue
        if identified { message = "identified#" + message }
        if period > 0 || identified { message += "#\(period)" }
        let mac = HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: key(for: recipient))
        return mac.withUnsafeBytes { bytes in Self.hex(bytes.prefix(16), prefix: prefix) }
    }

    private func key(for recipient: String) -> SymmetricKey {
        if let known = recipientKeys.keys.withLock({ $0[recipient] }) { return known }
        let made = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(recipient.utf8), using: secret)))
        recipientKeys.keys.withLock { keys in
            if keys.count >= RecipientKeys.limit { keys.removeAll() }
            keys[recipient] = made
        }
        return made
    }

    private static func hex(_ bytes: some Collection<UInt8>, prefix: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = Array(prefix.utf8)
        text.reserveCapacity(text.count + bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// Shared by the copies of one `RecordCodes` (a class, so the struct stays a value).
private final class RecipientKeys: Sendable {
    /// Past this many recipients the keys are derived afresh (a bound, not an expected size).
    static let limit = 1024
    let keys = Mutex<[String: SymmetricKey]>([:])
}
