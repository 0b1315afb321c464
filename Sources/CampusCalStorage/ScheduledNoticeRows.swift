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
            try db.cachedStatement(sql: deletePendingSQL).execute(arguments: [prefix])
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

    /// Deletes the pending notices whose key starts with ?1.
    ///
    /// A range of the primary key, then the exact prefix: `key LIKE ?` alone cannot use the index
    /// (LIKE is case-insensitive, the key is not), so it scanned every pending notice of the
    /// server on every event and task write. Every text with the prefix sorts at or after it and
    /// before it followed by U+10FFFF, the highest scalar, which no key holds; `substr` keeps the
    /// match exact all the same. Not `LIKE ?` for that last step either: SQLite compiles a
    /// statement whose LIKE pattern is a parameter again each time the pattern changes (the
    /// pattern may decide the plan), so every event write re-prepared this delete and its
    /// triggers — a twentieth of a CalDAV PUT.
    static let deletePendingSQL = """
        DELETE FROM scheduledNotice
        WHERE key >= ?1 AND key < ?1 || char(1114111) AND firedAt IS NULL AND substr(key, 1, length(?1)) = ?1
        """
}
