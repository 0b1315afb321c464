import Crypto
import Foundation

/// Message encryption for Web Push (RFC 8291), in the `aes128gcm` content coding (RFC 8188): what
/// the push service carries, only the subscribed browser can read.
///
/// Per message: a fresh P-256 key pair and salt; ECDH with the browser's key, mixed with its auth
/// secret (HKDF-SHA-256), gives the content key and nonce; the payload is one record, padded with
/// the last-record delimiter 0x02, sealed with AES-128-GCM. The body is the RFC 8188 header (salt,
/// record size, our public key as the key id) followed by that record. Checked against Python's
/// `http_ece`, which decrypts what this writes (`Tests/Web/web_push.py`).
public enum WebPushEncryption {
    /// The record size written in the header; a message is one record, so the payload fits in it.
    public static let recordSize = 4096
    /// The most payload bytes one message can carry: a record less its delimiter and GCM tag.
    public static let maximumPayload = recordSize - 1 - 16

    /// Whether `bytes` are an uncompressed P-256 public key a browser could have made (a point on the curve).
    public static func isBrowserKey(_ bytes: [UInt8]) -> Bool {
        (try? P256.KeyAgreement.PublicKey(x963Representation: bytes)) != nil
    }

    public enum Failure: Error, Equatable {
        case invalidBrowserKey
        case payloadTooLarge(Int)
    }

    /// Encrypts `payload` for the browser whose keys are `browserPublicKey` (65 bytes, uncompressed)
    /// and `authSecret` (16 bytes). `senderKey` and `salt` are fresh for every message; tests pass fixed ones.
    public static func encrypt(
        _ payload: [UInt8], browserPublicKey: [UInt8], authSecret: [UInt8],
        senderKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(),
        salt: [UInt8] = (0..<16).map { _ in UInt8.random(in: .min ... .max) }
    ) throws -> [UInt8] {
        guard payload.count <= maximumPayload else { throw Failure.payloadTooLarge(payload.count) }
        guard let browserKey = try? P256.KeyAgreement.PublicKey(x963Representation: browserPublicKey) else { throw Failure.invalidBrowserKey }
        let senderPublic = [UInt8](senderKey.publicKey.x963Representation)
        let shared = try senderKey.sharedSecretFromKeyAgreement(with: browserKey)

        // RFC 8291 §3.3: IKM = HKDF(salt = auth secret, ECDH secret, "WebPush: info" 0x00 ua_public as_public).
        let keyInfo = Array("WebPush: info".utf8) + [0] + browserPublicKey + senderPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        // RFC 8188 §2.2: the content key and nonce from the message's salt.
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        let sealed = try AES.GCM.seal(
            payload + [2], using: contentKey, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Array($0) }))

        var body = salt
        body += withUnsafeBytes(of: UInt32(recordSize).bigEndian) { Array($0) }
        body.append(UInt8(senderPublic.count))
        body += senderPublic
        body += sealed.ciphertext
        body += sealed.tag
        return body
    }
}
