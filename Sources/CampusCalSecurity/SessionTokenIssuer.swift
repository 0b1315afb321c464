import CampusCalCore
import Crypto
import Foundation

/// Session tokens: 256 random bits, base64url-encoded with a recognisable prefix; stored as SHA-256.
///
/// A fast hash is enough here (unlike passwords): the token has full entropy, so the stored hash
/// cannot be brute-forced, and a fast lookup keeps authenticated requests cheap.
public struct SessionTokenIssuer: TokenIssuing {
    /// Lets secret scanners and people recognise a leaked CampusCal session token.
    public static let prefix = "ccs_"

    /// Lets secret scanners and people recognise a leaked CampusCal app password.
    public static let appPasswordPrefix = "ccp_"

    public init() {}

    public func issue() -> IssuedToken {
        let token = Self.prefix + Self.randomBase64URL(byteCount: 32)
        return IssuedToken(token: token, hash: hash(token))
    }

    /// 192 random bits (32 characters after the prefix): short enough to type into a phone once,
    /// far past the 128 bits that make its plain SHA-256 safe to store.
    public func issueAppPassword() -> IssuedToken {
        let secret = Self.appPasswordPrefix + Self.randomBase64URL(byteCount: 24)
        return IssuedToken(token: secret, hash: hash(secret))
    }

    public func hash(_ token: String) -> String {
        // Runs on every authenticated request: hex-encode by hand rather than through String(format:).
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Array(token.utf8)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    public func identifier() -> String { Self.randomBase64URL(byteCount: 16) }

    /// `SystemRandomNumberGenerator` reads the kernel CSPRNG (getrandom) on Linux.
    static func randomBase64URL(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Base64URL.encode(bytes)
    }
}
