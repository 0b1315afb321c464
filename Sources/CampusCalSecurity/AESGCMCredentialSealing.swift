import CampusCalCore
import Crypto
import Foundation

/// `CredentialSealing` with AES-256-GCM (swift-crypto): each sealing has a fresh random nonce and
/// an authentication tag, so a sealed secret can be neither read nor altered without the key.
///
/// The key is 32 random bytes the server generates once and keeps apart from the rows it seals
/// (`serverSecret` table, or a key file an administrator provides).
public struct AESGCMCredentialSealing: CredentialSealing {
    private let key: SymmetricKey

    /// `key`: 32 bytes; nil for anything else.
    public init?(key: [UInt8]) {
        guard key.count == 32 else { return nil }
        self.key = SymmetricKey(data: key)
    }

    public func seal(_ plaintext: [UInt8]) throws -> [UInt8] {
        guard let combined = try AES.GCM.seal(plaintext, using: key).combined else { throw CredentialSealingError.unsealable }
        return [UInt8](combined)
    }

    public func open(_ sealed: [UInt8]) throws -> [UInt8] {
        [UInt8](try AES.GCM.open(try AES.GCM.SealedBox(combined: sealed), using: key))
    }
}

/// Sealing failed (never expected with a 96-bit nonce, which `combined` always supports).
public enum CredentialSealingError: Error { case unsealable }

/// AES-GCM sealing whose key is read when needed (from the database, which may not be migrated
/// yet when the server's services are built).
public struct KeyedCredentialSealing: CredentialSealing {
    private let key: @Sendable () throws -> [UInt8]

    public init(key: @escaping @Sendable () throws -> [UInt8]) { self.key = key }

    public func seal(_ plaintext: [UInt8]) throws -> [UInt8] { try sealing().seal(plaintext) }
    public func open(_ sealed: [UInt8]) throws -> [UInt8] { try sealing().open(sealed) }

    private func sealing() throws -> AESGCMCredentialSealing {
        guard let sealing = AESGCMCredentialSealing(key: try key()) else { throw CredentialSealingError.unsealable }
        return sealing
    }
}
