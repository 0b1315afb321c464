import CampusCalCore
import Foundation
import GRDB

/// Writing reminders to `scheduledNotice` inside a transaction someone else opened: the notice
/// store's own writes, and the task and event stores', which write an item and its reminder plan
/// together so that a crash never separates them.
enum ScheduledNoticeRows {
    /// Replaces the pending notices whose key starts with `prefix` (nil: none) by `notices`.
    /// Fired notices stay: re-planning the same reminder must never fire it twice.
    static func schedule(_ notices: [ScheduledNotice], replacingPendingWithPrefix prefix: String?, in db: Database) throws {
        if let prefix {
            // LIKE with the prefix escaped: keys are ids and numbers, but a stray % must not widen the match.
            let pattern =
                prefix.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_") + "%"
            try db.cachedStatement(sql: "DELETE FROM scheduledNotice WHERE firedAt IS NULL AND key LIKE ? ESCAPE '\\'").execute(arguments: [pattern])
        }
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO scheduledNotice (key, userID, fireAt, kind, title, body, link) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET fireAt = excluded.fireAt, title = excluded.title, body = excluded.body,
                  link = excluded.link WHERE firedAt IS NULL
                """)
        for notice in notices {
            try insert.execute(arguments: [
                notice.key, notice.userID.rawValue, notice.fireAt.timeIntervalSince1970, notice.kind.rawValue, notice.title, notice.body,
                notice.link,
            ])
        }
    }

    /// One item's plan; nothing for nil.
    static func write(_ plan: ReminderPlan?, in db: Database) throws {
        if let plan { try schedule(plan.notices, replacingPendingWithPrefix: plan.prefix, in: db) }
    }
}
