import CampusCalCore
import CampusCalTestSupport
import Crypto
import Foundation
import Testing

@testable import CampusCalPush

/// Web Push (issue #30) inside the process: what a subscription must be, and that what the server
/// encrypts is what RFC 8291 says (decrypted here with the browser's half of the keys).
/// `Tests/Web/web_push.py` checks the same against Python's http_ece and a push-service double.
@Suite("Web Push subscriptions and encryption")
struct WebPushTests {
    static let browserKey = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
    static let auth = Base64URL.encode([UInt8](repeating: 1, count: 16))

    @Test func aSubscriptionThatCouldAimTheServerInwardIsRefused() async throws {
        let server = try TestServer()
        let ada = try await server.createUser("ada")
        let service = server.services.pushSubscriptions
        for endpoint in [
            "http://push.example.net/x", "ftp://push.example.net/x", "https://127.0.0.1/x", "https://10.1.2.3/x", "https://[::1]/x",
            "http://192.168.1.10/push", "not a url", String(repeating: "a", count: 3000),
        ] {
            await #expect(throws: ValidationError.self, "\(endpoint)") {
                try await service.subscribe(ada, endpoint: endpoint, publicKey: Self.browserKey, authSecret: Self.auth)
            }
        }
        await #expect(throws: ValidationError.self) {
            try await service.subscribe(
                ada, endpoint: "https://push.example.invalid/x", publicKey: Base64URL.encode([4, 1, 2]), authSecret: Self.auth)
        }
        await #expect(throws: ValidationError.self) {
            try await service.subscribe(ada, endpoint: "https://push.example.invalid/x", publicKey: Self.browserKey, authSecret: "!!")
        }
        // 65 bytes that are no point on the curve: no browser made them.
        await #expect(throws: ValidationError.self) {
            try await service.subscribe(
                ada, endpoint: "https://push.example.invalid/x", publicKey: Base64URL.encode([4] + [UInt8](repeating: 7, count: 64)),
                authSecret: Self.auth)
        }
        #expect(try await service.subscriptions(of: ada).isEmpty)
    }

    @Test func oneRowPerBrowserAndABoundPerPerson() async throws {
        let server = try TestServer()
        let ada = try await server.createUser("ada")
        let service = server.services.pushSubscriptions
        let first = try await service.subscribe(ada, endpoint: "https://push.example.invalid/1", publicKey: Self.browserKey, authSecret: Self.auth)
        let again = try await service.subscribe(ada, endpoint: "https://push.example.invalid/1", publicKey: Self.browserKey, authSecret: Self.auth)
        #expect(first.created && !again.created && first.subscription.id == again.subscription.id)
        for index in 2...service.limit {
            _ = try await service.subscribe(ada, endpoint: "https://push.example.invalid/\(index)", publicKey: Self.browserKey, authSecret: Self.auth)
        }
        await #expect(throws: PushSubscriptionError.tooMany(limit: service.limit)) {
            try await service.subscribe(ada, endpoint: "https://push.example.invalid/over", publicKey: Self.browserKey, authSecret: Self.auth)
        }
    }

    @Test func browsersSubscribingAtOnceCannotPassTheBoundTogether() async throws {
        let server = try TestServer()
        let ada = try await server.createUser("ada")
        let service = server.services.pushSubscriptions
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<(service.limit + 10) {
                group.addTask {
                    _ = try? await service.subscribe(
                        ada, endpoint: "https://push.example.invalid/race-\(index)", publicKey: Self.browserKey, authSecret: Self.auth)
                }
            }
        }
        #expect(try await service.subscriptions(of: ada).count == service.limit)
    }

    @Test func theBrowserReadsWhatTheServerEncrypts() throws {
        let browser = P256.KeyAgreement.PrivateKey()
        let browserPublic = [UInt8](browser.publicKey.x963Representation)
        let auth = [UInt8](repeating: 9, count: 16)
        let message = Array(#"{"title":"Invitation: Study session"}"#.utf8)
        let body = try WebPushEncryption.encrypt(message, browserPublicKey: browserPublic, authSecret: auth)

        // RFC 8188 header: salt, record size, key id (the sender's public key).
        let salt = Array(body[0..<16])
        #expect(body[16..<20].elementsEqual([0, 0, 0x10, 0]))
        let idLength = Int(body[20])
        let sender = try P256.KeyAgreement.PublicKey(x963Representation: body[21..<(21 + idLength)])
        let record = body[(21 + idLength)...]

        let shared = try browser.sharedSecretFromKeyAgreement(with: sender)
        let info = Array("WebPush: info".utf8) + [0] + browserPublic + [UInt8](sender.x963Representation)
        let input = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth, sharedInfo: info, outputByteCount: 32)
        let key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: input, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: input, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Array($0) }), ciphertext: record.dropLast(16), tag: record.suffix(16))
        #expect(Array(try AES.GCM.open(box, using: key)) == message + [2])
    }

    @Test func theVAPIDTokenNamesThePushServiceAndVerifiesWithTheServersKey() throws {
        let key = VAPIDKey(deriveFrom: [UInt8](repeating: 3, count: 32))
        #expect(VAPIDKey(deriveFrom: [UInt8](repeating: 3, count: 32)).publicKey == key.publicKey)
        let header = try key.authorization(endpoint: "https://push.example.net:8443/send/abc", contact: "mailto:it@campus.example.edu", now: Date())
        let parts = header.split(separator: " ")
        #expect(parts.first == "vapid" && header.hasSuffix("k=\(key.publicKey)"))
        let token = String(parts[1].dropFirst(2).dropLast())
        let pieces = token.split(separator: ".").map(String.init)
        let claims = try #require(JSONSerialization.jsonObject(with: Data(Base64URL.decode(pieces[1]) ?? [])) as? [String: Any])
        #expect(claims["aud"] as? String == "https://push.example.net:8443" && claims["sub"] as? String == "mailto:it@campus.example.edu")
        let publicKey = try P256.Signing.PublicKey(x963Representation: Base64URL.decode(key.publicKey) ?? [])
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: Base64URL.decode(pieces[2]) ?? [])
        #expect(publicKey.isValidSignature(signature, for: Data((pieces[0] + "." + pieces[1]).utf8)))
    }
}
