import CampusCalCore
import Foundation
import GRDB

/// `PushSubscriptionStore` on SQLite (issue #30).
public struct SQLitePushSubscriptionStore: PushSubscriptionStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func upsert(_ subscription: PushSubscription, limit: Int) async throws -> (subscription: PushSubscription, created: Bool) {
        try await database.write { db in
            // An endpoint is one browser: the same person subscribing again keeps the row's id; an
            // endpoint another account held (the browser's next user signed in) moves to this one.
            if let row = try Row.fetchOne(db, sql: "SELECT * FROM pushSubscription WHERE endpoint = ?", arguments: [subscription.endpoint]) {
                var kept = Self.subscription(from: row)
                let movedAccounts = kept.userID != subscription.userID
                kept.userID = subscription.userID
                kept.publicKey = subscription.publicKey
                kept.authSecret = subscription.authSecret
                try db.execute(
                    sql: "UPDATE pushSubscription SET userID = ?, publicKey = ?, authSecret = ? WHERE id = ?",
                    arguments: [kept.userID.rawValue, Data(kept.publicKey), Data(kept.authSecret), kept.id])
                return (kept, created: movedAccounts)
            }
            let held =
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pushSubscription WHERE userID = ?", arguments: [subscription.userID.rawValue]) ?? 0
            guard held < limit else { throw PushSubscriptionError.tooMany(limit: limit) }
            try db.execute(
                sql: """
                    INSERT INTO pushSubscription (id, userID, endpoint, publicKey, authSecret, createdAt, lastDeliveredAt)
                    VALUES (?, ?, ?, ?, ?, ?, NULL)
                    """,
                arguments: [
                    subscription.id, subscription.userID.rawValue, subscription.endpoint, Data(subscription.publicKey), Data(subscription.authSecret),
                    subscription.createdAt,
                ])
            return (subscription, created: true)
        }
    }

    public func subscriptions(of user: UserID) async throws -> [PushSubscription] {
        try database.readNow { db in
            try Row.fetchAll(db, sql: "SELECT * FROM pushSubscription WHERE userID = ? ORDER BY createdAt, id", arguments: [user.rawValue])
                .map(Self.subscription(from:))
        }
    }

    public func delete(id: String, of user: UserID) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM pushSubscription WHERE id = ? AND userID = ?", arguments: [id, user.rawValue])
            return db.changesCount > 0
        }
    }

    public func delete(endpoint: String) async throws {
        try await database.write { db in try db.execute(sql: "DELETE FROM pushSubscription WHERE endpoint = ?", arguments: [endpoint]) }
    }

    public func markDelivered(id: String, at date: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE pushSubscription SET lastDeliveredAt = ? WHERE id = ?", arguments: [date, id])
        }
    }

    static func subscription(from row: Row) -> PushSubscription {
        PushSubscription(
            id: row["id"], userID: UserID(rawValue: row["userID"]), endpoint: row["endpoint"], publicKey: [UInt8](row["publicKey"] as Data),
            authSecret: [UInt8](row["authSecret"] as Data), createdAt: row["createdAt"], lastDeliveredAt: row["lastDeliveredAt"])
    }
}
