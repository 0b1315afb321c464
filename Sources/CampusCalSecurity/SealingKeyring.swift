import CampusCalCore
import Crypto
import Foundation

/// AES-256-GCM sealing under a ring of keys: one current key seals, every key of the ring opens.
///
/// A sealed value names the key that sealed it, so that the sealing key can be rotated while
/// values sealed before (in the database, and in backups made before) stay readable:
///
///     "CCK" 0x01 | key id (4 bytes) | AES-GCM nonce, ciphertext and tag
///
/// The 8-byte header is authenticated with the ciphertext. The key id is a fingerprint of the key
/// itself (``keyID(of:)``), not a counter, so the same key has the same id wherever it comes from
/// (the key file or `CAMPUSCAL_SECURITY_SEALING_KEY`). Values sealed before key ids existed (bare
/// AES-GCM `combined` bytes) are opened with whichever key of the ring authenticates them: a
/// wrong key fails GCM's tag check, so trying each is safe.
public struct SealingKeyring: CredentialSealing {
    /// The header's first four bytes.
    static let magic: [UInt8] = [0x43, 0x43, 0x4B, 0x01]
    static let headerLength = 8

    private let current: (id: [UInt8], key: SymmetricKey)
    private let all: [(id: [UInt8], key: SymmetricKey)]

    /// `current` seals; it and `retired` open. Every key must be 32 bytes.
    public init(current: [UInt8], retired: [[UInt8]] = []) throws {
        for key in [current] + retired where key.count != 32 { throw CredentialSealingError.badKey(bytes: key.count) }
        self.current = (Self.keyID(of: current), SymmetricKey(data: current))
        self.all = ([current] + retired).map { (Self.keyID(of: $0), SymmetricKey(data: $0)) }
    }

    /// The id a key is known by in sealed values: the first 4 bytes of SHA-256("campuscal sealing key" ‖ key).
    public static func keyID(of key: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: Array("campuscal sealing key".utf8) + key).prefix(4))
    }

    /// The key id in hex, as `campuscal keys rotate-sealing` prints it.
    public static func keyIDText(of key: [UInt8]) -> String { keyID(of: key).map { String(format: "%02x", $0) }.joined() }

    public func seal(_ plaintext: [UInt8]) throws -> [UInt8] {
        let header = Self.magic + current.id
        guard let combined = try AES.GCM.seal(plaintext, using: current.key, authenticating: header).combined else {
            throw CredentialSealingError.unsealable
        }
        return header + [UInt8](combined)
    }

    public func open(_ sealed: [UInt8]) throws -> [UInt8] {
        if sealed.count > Self.headerLength, Array(sealed.prefix(4)) == Self.magic {
            let header = Array(sealed.prefix(Self.headerLength))
            let id = Array(header.suffix(4))
            if let entry = all.first(where: { $0.id == id }),
                let box = try? AES.GCM.SealedBox(combined: sealed.dropFirst(Self.headerLength)),
                let opened = try? AES.GCM.open(box, using: entry.key, authenticating: header)
            {
                return [UInt8](opened)
            }
            // Not ours after all: a value from before key ids whose random nonce began with the magic bytes.
        }
        let box = try AES.GCM.SealedBox(combined: sealed)
        for entry in all {
            if let opened = try? AES.GCM.open(box, using: entry.key) { return [UInt8](opened) }
        }
        throw CredentialSealingError.noKeyOpens
    }

    /// Whether `sealed` is already sealed under the current key (rotation leaves those alone).
    public func isSealedWithCurrentKey(_ sealed: [UInt8]) -> Bool {
        sealed.count > Self.headerLength && Array(sealed.prefix(Self.headerLength)) == Self.magic + current.id
    }
}
