import CampusCalCore
import CampusCalICalendar
import CampusCalImporters
import Foundation
import Logging

/// Web Push as a notice channel (issue #30): every notice that reaches a person's inbox goes, encrypted, to
/// each browser they subscribed, so reminders and notices show while no CampusCal tab is open.
///
/// Best effort, by design: the notice is already durable in the inbox (and queued for email), so a
/// push service that is down loses one banner, not the notice; nothing is retried. A push service
/// answering 404 or 410 says the browser unsubscribed, and its subscription is deleted. Sending runs
/// in a task of its own, so the request that made the notice (an invitation, an RSVP) never waits on
/// a push service. Endpoints are URLs browsers handed in: they go through the same outbound checks
/// as every LMS request (`LMSHTTPClient`: public addresses, or the networks the campus allows; plain
/// http only there), so a forged subscription cannot aim the server inward.
public struct WebPushChannel: NoticeChannel {
    public let subscriptions: any PushSubscriptionStore
    public let key: VAPIDKey
    /// The VAPID `sub`: how a push service's operator reaches the campus (`notifications.push_contact`).
    public let contact: String
    public let http: LMSHTTPClient
    public let clock: any TimeSource
    public let logger: Logger

    public init(
        subscriptions: any PushSubscriptionStore, key: VAPIDKey, contact: String, http: LMSHTTPClient, clock: any TimeSource = SystemTimeSource(),
        logger: Logger = Logger(label: "campuscal.push")
    ) {
        self.subscriptions = subscriptions
        self.key = key
        self.contact = contact
        self.http = http
        self.clock = clock
        self.logger = logger
    }

    public func deliver(_ notice: Notice, preferences: NotificationPreferences) async {
        // `NotificationService` calls no channel for someone whose notifications are off.
        guard let targets = try? await subscriptions.subscriptions(of: notice.userID), !targets.isEmpty else { return }
        let payload = Self.payload(notice)
        Task {
            for subscription in targets { await send(payload, to: subscription) }
        }
    }

    /// What the service worker shows: UTF-8 JSON `{id, kind, title, body, link}`, the body shortened
    /// so that the whole fits in one record.
    static func payload(_ notice: Notice) -> [UInt8] {
        var body = notice.body
        while true {
            let object: [String: Any] = [
                "id": notice.id.rawValue, "kind": notice.kind.rawValue, "title": String(notice.title.prefix(200)), "body": body,
                "link": notice.link ?? NSNull(),
            ]
            let bytes = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).map { [UInt8]($0) } ?? []
            if bytes.count <= WebPushEncryption.maximumPayload - 64 || body.isEmpty { return bytes }
            body = String(body.prefix(max(0, body.count / 2))) + "…"
        }
    }

    func send(_ payload: [UInt8], to subscription: PushSubscription) async {
        do {
            let body = try WebPushEncryption.encrypt(payload, browserPublicKey: subscription.publicKey, authSecret: subscription.authSecret)
            let authorization = try key.authorization(endpoint: subscription.endpoint, contact: contact, now: clock.now())
            let response = try await http.postOnce(
                subscription.endpoint, body: body, contentType: "application/octet-stream",
                headers: [("TTL", "86400"), ("Urgency", "normal"), ("Content-Encoding", "aes128gcm"), ("Authorization", authorization)])
            switch response.status {
            case 200..<300:
                try await subscriptions.markDelivered(id: subscription.id, at: clock.now())
            case 404, 410:
                try await subscriptions.delete(endpoint: subscription.endpoint)
                logger.info("push subscription ended by its push service", metadata: ["status": "\(response.status)"])
            default:
                logger.warning(
                    "push service refused a message",
                    metadata: ["status": "\(response.status)", "host": "\(URL(string: subscription.endpoint)?.host ?? "")"])
            }
        } catch {
            logger.warning("push message not sent", metadata: ["error": "\(error)"])
        }
    }
}
