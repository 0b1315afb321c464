import CampusCalCore
import Foundation
import GRDB

/// `SessionStore` on SQLite. A revoked session is deleted: nothing about it is needed afterwards.
public struct SQLiteSessionStore: SessionStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func insert(_ session: Session, tokenHash: String) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO session (id, tokenHash, userID, createdAt, lastSeenAt, expiresAt) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [session.id, tokenHash, session.userID.rawValue, session.createdAt, session.lastSeenAt, session.expiresAt])
        }
    }

    public func session(tokenHash: String) async throws -> (Session, User)? {
        // The hot path of every authenticated request: one indexed lookup with a join, on a reader connection.
        try database.readNow { db -> (Session, User)? in
            let statement = try db.cachedStatement(
                sql: """
                    SELECT s.id AS sessionID, s.createdAt AS sessionCreatedAt, s.lastSeenAt, s.expiresAt, u.*
                    FROM session s JOIN user u ON u.id = s.userID WHERE s.tokenHash = ?
                    """)
            return try statement.decodeFirst(arguments: [tokenHash]) { row in
                let user = try SQLiteUserStore.user(from: row)
                let session = Session(
                    id: row["sessionID"], userID: user.id, createdAt: row["sessionCreatedAt"], lastSeenAt: row["lastSeenAt"],
                    expiresAt: row["expiresAt"])
                return (session, user)
            }
        }
    }

    public func touch(sessionID: String, at date: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE session SET lastSeenAt = ? WHERE id = ? AND lastSeenAt < ?", arguments: [date, sessionID, date])
        }
    }

    public func touch(_ lastSeen: [String: Date]) async throws {
        guard !lastSeen.isEmpty else { return }
        try await database.write { db in
            let statement = try db.cachedStatement(sql: "UPDATE session SET lastSeenAt = ? WHERE id = ? AND lastSeenAt < ?")
            for (sessionID, date) in lastSeen { try statement.execute(arguments: [date, sessionID, date]) }
        }
    }

    public func revoke(sessionID: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [sessionID])
        }
    }

    public func revokeAll(of userID: UserID, keeping: String?) async throws {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM session WHERE userID = ? AND id IS NOT ?", arguments: [userID.rawValue, keeping])
        }
    }

    public func deleteExpired(before date: Date, idleSince: Date) async throws -> Int {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE expiresAt <= ? OR lastSeenAt <= ?", arguments: [date, idleSince])
            return db.changesCount
        }
    }
}
