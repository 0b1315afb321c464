import CampusCalCore
import Foundation
import GRDB

/// `NoticeStore` on SQLite. Firing is one write transaction that inserts the inbox rows and marks
/// the scheduled rows fired together: a crash before the commit fires nothing, after it everything
/// — so a reminder reaches the inbox exactly once whatever happens to the process.
public struct SQLiteNoticeStore: NoticeStore {
    let database: SQLiteDatabase
    /// Messages (emails and texts) queued for one person within an hour, at most
    /// (`mail.max_messages_per_person_per_hour`); 0 for no bound.
    let hourlyMessageLimit: Int

    public init(database: SQLiteDatabase, hourlyMessageLimit: Int = 30) {
        self.database = database
        self.hourlyMessageLimit = hourlyMessageLimit
    }

    public func schedule(_ notices: [ScheduledNotice], replacingPendingWithPrefix prefix: String?) async throws {
        try await database.write { db in
            try ScheduledNoticeRows.schedule(notices, replacingPendingWithPrefix: prefix, in: db)
        }
    }

    public func fireDue(at now: Date, limit: Int) async throws -> [FiredNotice] {
        try await database.write { db in
            let due = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT key, userID, fireAt, kind, title, body, link FROM scheduledNotice
                        WHERE firedAt IS NULL AND fireAt <= ? ORDER BY fireAt LIMIT ?
                        """), arguments: [now.timeIntervalSince1970, limit])
            let mark = try db.cachedStatement(sql: "UPDATE scheduledNotice SET firedAt = ? WHERE key = ?")
            var outbound = OutboundCache(hourlyLimit: hourlyMessageLimit)
            var made: [FiredNotice] = []
            made.reserveCapacity(due.count)
            for row in due {
                let notice = Notice(
                    id: .generate(), userID: UserID(rawValue: row[1]), kind: NoticeKind(rawValue: row[3]) ?? .reminder,
                    title: row[4], body: row[5], link: row[6], createdAt: now)
                try Self.insert(notice, outbound: &outbound, db)
                let key: String = row[0]
                try mark.execute(arguments: [now.timeIntervalSince1970, key])
                made.append(FiredNotice(key: key, notice: notice))
            }
            return made
        }
    }

    /// Where each user's notices go by email and text, read once per user per transaction, and
    /// how many messages each may still be sent this hour.
    private struct OutboundCache {
        /// `mail.max_messages_per_person_per_hour`; 0 for no bound.
        let hourlyLimit: Int
        var byUser: [UserID: (destinations: [(channel: DeliveryChannel, address: String)], left: Int)] = [:]

        init(hourlyLimit: Int) { self.hourlyLimit = hourlyLimit }

        /// The destinations of one more notice of `user` at `now`, within the hourly bound (review
        /// L2: 500 reminders a minute ahead must not become 500 emails). Past it the notice still
        /// reaches the inbox and the open apps; it is only not mailed.
        mutating func destinations(for user: UserID, at now: Date, _ db: Database) throws -> [(channel: DeliveryChannel, address: String)] {
            if byUser[user] == nil { byUser[user] = try Self.read(user, at: now, hourlyLimit: hourlyLimit, db) }
            guard let known = byUser[user] else { return [] }
            if hourlyLimit == 0 { return known.destinations }
            let allowed = Array(known.destinations.prefix(max(0, known.left)))
            byUser[user]?.left -= allowed.count
            return allowed
        }

        private static func read(_ user: UserID, at now: Date, hourlyLimit: Int, _ db: Database) throws -> (
            destinations: [(channel: DeliveryChannel, address: String)], left: Int
        ) {
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT p.enabled, p.email, p.text, p.textAddress, u.email,
                            (SELECT address FROM confirmedAddress WHERE userID = p.userID AND channel = 'email'),
                            (SELECT address FROM confirmedAddress WHERE userID = p.userID AND channel = 'text')
                        FROM notificationPreferences p JOIN user u ON u.id = p.userID WHERE p.userID = ?
                        """), arguments: [user.rawValue])
            // No row: the defaults, which send nothing by email or text.
            guard let row else { return ([], 0) }
            let preferences = NotificationPreferences(enabled: row[0], email: row[1], text: row[2], textAddress: row[3])
            var confirmed: [DeliveryChannel: String] = [:]
            confirmed[.email] = row[5]
            confirmed[.text] = row[6]
            let destinations = preferences.outbound(profileEmail: row[4], confirmed: confirmed)
            guard hourlyLimit > 0, !destinations.isEmpty else { return (destinations, 0) }
            let queued =
                try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT COUNT(*) FROM noticeDelivery WHERE userID = ? AND queuedAt > ?"),
                    arguments: [user.rawValue, now.timeIntervalSince1970 - 3600]) ?? 0
            return (destinations, hourlyLimit - queued)
        }
    }

    /// Inserts an inbox row and queues its deliveries.
    private static func insert(_ notice: Notice, outbound: inout OutboundCache, _ db: Database) throws {
        try db.cachedStatement(
            sql: "INSERT INTO notice (id, userID, kind, title, body, link, createdAt, readAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        ).execute(arguments: [
            notice.id.rawValue, notice.userID.rawValue, notice.kind.rawValue, notice.title, notice.body, notice.link, notice.createdAt,
            notice.readAt,
        ])
        let queuedAt = notice.createdAt.timeIntervalSince1970
        for destination in try outbound.destinations(for: notice.userID, at: notice.createdAt, db) {
            try db.cachedStatement(
                sql: "INSERT INTO noticeDelivery (noticeID, channel, address, nextAttemptAt, userID, queuedAt) VALUES (?, ?, ?, ?, ?, ?)"
            ).execute(arguments: [notice.id.rawValue, destination.channel.rawValue, destination.address, queuedAt, notice.userID.rawValue, queuedAt])
        }
    }

    public func nextFireAt() async throws -> Date? {
        try database.readNow { db in
            try Double.fetchOne(db.cachedStatement(sql: "SELECT MIN(fireAt) FROM scheduledNotice WHERE firedAt IS NULL"))
                .map(Date.init(timeIntervalSince1970:))
        }
    }

    public func add(_ notice: Notice) async throws {
        try await database.write { db in
            var outbound = OutboundCache(hourlyLimit: hourlyMessageLimit)
            try Self.insert(notice, outbound: &outbound, db)
        }
    }

    public func broadcast(at date: Date, _ make: @escaping @Sendable (UserID, String) -> Notice) async throws -> [Notice] {
        try await database.write { db in
            var outbound = OutboundCache(hourlyLimit: hourlyMessageLimit)
            var made: [Notice] = []
            for row in try Row.fetchAll(db, sql: "SELECT id, timeZone FROM user ORDER BY id") {
                let notice = make(UserID(rawValue: row[0]), row[1])
                try Self.insert(notice, outbound: &outbound, db)
                made.append(notice)
            }
            return made
        }
    }

    public func claimDeliveries(at now: Date, limit: Int, lease: TimeInterval) async throws -> [NoticeDelivery] {
        try await database.write { db in
            let claimed = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT d.id, d.channel, d.address, d.attempts, n.id, n.userID, n.kind, n.title, n.body, n.link, n.createdAt, n.readAt
                        FROM noticeDelivery d JOIN notice n ON n.id = d.noticeID
                        WHERE d.sentAt IS NULL AND d.failedAt IS NULL AND d.nextAttemptAt <= ? ORDER BY d.nextAttemptAt, d.id LIMIT ?
                        """), arguments: [now.timeIntervalSince1970, limit]
            ).map { row in
                NoticeDelivery(
                    id: row[0], notice: Self.notice(row, from: 4), channel: DeliveryChannel(rawValue: row[1]) ?? .email, address: row[2],
                    attempts: row[3])
            }
            let reserve = try db.cachedStatement(sql: "UPDATE noticeDelivery SET nextAttemptAt = ? WHERE id = ?")
            for delivery in claimed { try reserve.execute(arguments: [now.timeIntervalSince1970 + lease, delivery.id]) }
            return claimed
        }
    }

    public func markDelivered(_ id: Int64, at date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE noticeDelivery SET sentAt = ?, attempts = attempts + 1, lastError = NULL WHERE id = ?",
                arguments: [date.timeIntervalSince1970, id])
        }
    }

    public func markDeliveryFailed(_ id: Int64, error: String, retryAt: Date?, at date: Date) async throws {
        try await database.write { db in
            if let retryAt {
                try db.execute(
                    sql: "UPDATE noticeDelivery SET attempts = attempts + 1, lastError = ?, nextAttemptAt = ? WHERE id = ?",
                    arguments: [String(error.prefix(1000)), retryAt.timeIntervalSince1970, id])
            } else {
                try db.execute(
                    sql: "UPDATE noticeDelivery SET attempts = attempts + 1, lastError = ?, failedAt = ? WHERE id = ?",
                    arguments: [String(error.prefix(1000)), date.timeIntervalSince1970, id])
            }
        }
    }

    public func purge(firedBefore: Date, readBefore: Date, deliveriesFinishedBefore: Date) async throws -> Int {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM scheduledNotice WHERE firedAt < ?", arguments: [firedBefore.timeIntervalSince1970])
            var removed = db.changesCount
            try db.execute(sql: "DELETE FROM notice WHERE readAt < ?", arguments: [readBefore])
            removed += db.changesCount
            let finished = deliveriesFinishedBefore.timeIntervalSince1970
            try db.execute(sql: "DELETE FROM noticeDelivery WHERE sentAt < ? OR failedAt < ?", arguments: [finished, finished])
            return removed + db.changesCount
        }
    }

    public func outboxDepth() async throws -> Int {
        try database.readNow { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM noticeDelivery WHERE sentAt IS NULL AND failedAt IS NULL") ?? 0
        }
    }

    /// A notice from eight columns of `row` starting at `index`: id, userID, kind, title, body, link, createdAt, readAt.
    private static func notice(_ row: Row, from index: Int) -> Notice {
        Notice(
            id: NoticeID(rawValue: row[index]), userID: UserID(rawValue: row[index + 1]),
            kind: NoticeKind(rawValue: row[index + 2]) ?? .announcement, title: row[index + 3], body: row[index + 4], link: row[index + 5],
            createdAt: row[index + 6], readAt: row[index + 7])
    }

    public func unread(for user: UserID, limit: Int) async throws -> [Notice] {
        try database.readNow { db in
            try db.cachedStatement(
                sql: """
                    SELECT id, userID, kind, title, body, link, createdAt, readAt FROM notice
                    WHERE userID = ? AND readAt IS NULL ORDER BY createdAt DESC, id LIMIT ?
                    """
            ).decodeAll(arguments: [user.rawValue, limit]) { Self.notice($0, from: 0) }
        }
    }

    public func unreadCount(for user: UserID) async throws -> Int {
        try database.readNow { db in
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT COUNT(*) FROM notice WHERE userID = ? AND readAt IS NULL"), arguments: [user.rawValue]) ?? 0
        }
    }

    public func markRead(_ id: NoticeID, for user: UserID, at date: Date) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE notice SET readAt = COALESCE(readAt, ?) WHERE id = ? AND userID = ?", arguments: [date, id.rawValue, user.rawValue])
            return db.changesCount > 0
        }
    }

    public func preferences(for user: UserID) async throws -> NotificationPreferences {
        try database.readNow { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT enabled, email, text, device, includeFeedback, remindAllAssignments, defaultReminders, gradeUpdates, textAddress
                            FROM notificationPreferences WHERE userID = ?
                            """), arguments: [user.rawValue])
            else { return .default }
            return NotificationPreferences(
                enabled: row[0], email: row[1], text: row[2], device: row[3], includeFeedback: row[4], remindAllAssignments: row[5],
                defaultReminders: RemindersColumn.decode(row[6]), gradeUpdates: row[7], textAddress: row[8])
        }
    }

    public func setPreferences(_ preferences: NotificationPreferences, for user: UserID) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO notificationPreferences
                      (userID, enabled, email, text, device, includeFeedback, remindAllAssignments, defaultReminders, gradeUpdates,
                       textAddress)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    user.rawValue, preferences.enabled, preferences.email, preferences.text, preferences.device, preferences.includeFeedback,
                    preferences.remindAllAssignments, RemindersColumn.encode(preferences.defaultReminders), preferences.gradeUpdates,
                    preferences.textAddress,
                ])
        }
    }
}
