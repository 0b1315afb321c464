import CampusCalICalendar
import Foundation

extension NotificationService {
    /// Puts a notice in every user's inbox (maintenance, announcements to the whole campus), worded
    /// for each user's time zone by `words`, queues the email and text each asked for, and tells
    /// open apps. One transaction: everyone gets it, or (on failure) no one. Returns how many.
    @discardableResult
    public func broadcast(
        kind: NoticeKind, link: String?, _ words: @escaping @Sendable (TimeZone) -> (title: String, body: String)
    ) async throws -> Int {
        let now = clock.now()
        let zones = ZoneCache()
        let made = try await notices.broadcast(at: now) { user, zoneName in
            let (title, body) = words(zones.zone(zoneName))
            return Notice(id: .generate(), userID: user, kind: kind, title: title, body: body, link: link, createdAt: now)
        }
        await deliver(made)
        return made.count
    }
}

/// Time zones by name, made once each (a campus has a handful among thousands of users).
private final class ZoneCache: @unchecked Sendable {
    // @unchecked: used only inside one store transaction, which calls it from one thread at a time.
    private var zones: [String: TimeZone] = [:]

    func zone(_ name: String) -> TimeZone {
        if let known = zones[name] { return known }
        let zone = TimeZone(identifier: name) ?? .utc
        zones[name] = zone
        return zone
    }
}
