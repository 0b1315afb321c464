import CampusCalCore
import Foundation
import Hummingbird

/// Web Push (issue #30): the server's VAPID key, and the caller's subscribed browsers. The body of
/// a subscribe is what a browser's `PushSubscription.toJSON()` gives.
enum PushRoutes {
    struct PublicKeyJSON: Encodable { var publicKey: String }

    struct SubscriptionJSON: Encodable {
        var id: String
        var endpoint: String
        var createdAt: Date
        var lastDeliveredAt: Date?

        init(_ subscription: PushSubscription) {
            id = subscription.id
            endpoint = subscription.endpoint
            createdAt = subscription.createdAt
            lastDeliveredAt = subscription.lastDeliveredAt
        }

        private enum CodingKeys: String, CodingKey { case id, endpoint, createdAt, lastDeliveredAt }

        /// `lastDeliveredAt` is always there, `null` until a push service took a message for it.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(endpoint, forKey: .endpoint)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(lastDeliveredAt, forKey: .lastDeliveredAt)
        }
    }

    struct SubscriptionsJSON: Encodable { var items: [SubscriptionJSON] }

    struct Keys: StrictJSONBody {
        static let fields: Set<String> = ["p256dh", "auth"]
        var p256dh: String
        var auth: String
    }

    struct SubscribeBody: StrictJSONBody {
        static let fields: Set<String> = ["endpoint", "expirationTime", "keys"]
        var endpoint: String
        /// Sent by browsers (usually null); push services end subscriptions themselves (404/410).
        var expirationTime: Double?
        var keys: Keys
    }

    static func register(on routes: RouteTable, subscriptions: PushSubscriptionService, publicKey: String, limits: BodyLimits) {
        routes.authenticated(.get, "/api/v1/push/public-key") { _, _ in
            try JSONResponse.make(PublicKeyJSON(publicKey: publicKey))
        }

        routes.authenticated(.post, "/api/v1/me/push-subscriptions") { request, context in
            let body = try await request.decodeStrictJSON(SubscribeBody.self, limits: limits)
            let result = try await subscriptions.subscribe(
                try context.requireCaller().user, endpoint: body.endpoint, publicKey: body.keys.p256dh, authSecret: body.keys.auth)
            return try JSONResponse.make(SubscriptionJSON(result.subscription), status: result.created ? .created : .ok)
        }

        routes.authenticated(.get, "/api/v1/me/push-subscriptions") { _, context in
            let list = try await subscriptions.subscriptions(of: try context.requireCaller().user)
            return try JSONResponse.make(SubscriptionsJSON(items: list.map(SubscriptionJSON.init)))
        }

        routes.authenticated(.delete, "/api/v1/me/push-subscriptions/{id}") { _, context in
            try await subscriptions.unsubscribe(try context.parameters.require("id"), for: try context.requireCaller().user)
            return JSONResponse.noContent()
        }
    }
}
