import CampusCalICalendar
import Foundation

/// Subscribing browsers to Web Push (issue #30): checks what a browser sends (its
/// `PushSubscription.toJSON()`), keeps at most `limit` per person, and lists and removes them.
public struct PushSubscriptionService: Sendable {
    public let store: any PushSubscriptionStore
    public let clock: any TimeSource
    /// Browsers (devices) one person may have subscribed.
    public let limit: Int
    /// Whether an endpoint may be sent to, or why not (the campus's outbound rules: https to public
    /// hosts, plain http only inside allowed networks); nil means it may.
    public let endpointRefusal: @Sendable (URLComponents) -> String?
    /// Whether 65 bytes are a point on P-256 (the core has no elliptic curves; `CampusCalPush` does).
    public let isBrowserKey: @Sendable ([UInt8]) -> Bool

    public init(
        store: any PushSubscriptionStore, clock: any TimeSource = SystemTimeSource(), limit: Int = 20,
        endpointRefusal: @escaping @Sendable (URLComponents) -> String? = { $0.scheme == "https" ? nil : "must be an https URL" },
        isBrowserKey: @escaping @Sendable ([UInt8]) -> Bool
    ) {
        self.store = store
        self.clock = clock
        self.limit = limit
        self.endpointRefusal = endpointRefusal
        self.isBrowserKey = isBrowserKey
    }

    /// Subscribes `user`'s browser; the same endpoint again updates its keys and keeps its id.
    /// - Parameters:
    ///   - publicKey: `keys.p256dh`, base64url.
    ///   - authSecret: `keys.auth`, base64url.
    public func subscribe(_ user: User, endpoint: String, publicKey: String, authSecret: String) async throws -> (
        subscription: PushSubscription, created: Bool
    ) {
        guard endpoint.count <= 2048, let url = URLComponents(string: endpoint), let host = url.host, !host.isEmpty,
            ["https", "http"].contains(url.scheme?.lowercased() ?? "")
        else {
            throw Self.invalid("endpoint", "The endpoint must be the push service's http(s) URL the browser gave.")
        }
        if let refusal = endpointRefusal(url) {
            throw Self.invalid("endpoint", "The endpoint \(refusal).")
        }
        guard let key = Base64URL.decode(publicKey), key.count == 65, key.first == 4, isBrowserKey(key) else {
            throw Self.invalid("keys.p256dh", "keys.p256dh must be the browser's P-256 public key: 65 bytes, uncompressed, base64url.")
        }
        guard let auth = Base64URL.decode(authSecret), auth.count == 16 else {
            throw Self.invalid("keys.auth", "keys.auth must be the browser's 16-byte secret, base64url.")
        }
        return try await store.upsert(
            PushSubscription(id: RandomUUID.text(), userID: user.id, endpoint: endpoint, publicKey: key, authSecret: auth, createdAt: clock.now()),
            limit: limit)
    }

    static func invalid(_ field: String, _ message: String) -> ValidationError {
        ValidationError([ValidationIssue(field: field, code: "\(field).invalid", message: message)])
    }

    public func subscriptions(of user: User) async throws -> [PushSubscription] { try await store.subscriptions(of: user.id) }

    public func unsubscribe(_ id: String, for user: User) async throws {
        guard try await store.delete(id: id, of: user.id) else { throw PushSubscriptionError.notFound }
    }
}
