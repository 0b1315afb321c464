import CampusCalCore
import Foundation
import GRDB

/// `AppPasswordStore` on SQLite (issue #29). A revoked app password is deleted: nothing about it is needed afterwards.
public struct SQLiteAppPasswordStore: AppPasswordStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func insert(_ appPassword: AppPassword, secretHash: String) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO appPassword (id, userID, name, secretHash, createdAt, lastUsedAt) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [
                    appPassword.id, appPassword.userID.rawValue, appPassword.name, secretHash, appPassword.createdAt, appPassword.lastUsedAt,
                ])
        }
    }

    public func appPasswords(of user: UserID) async throws -> [AppPassword] {
        try database.readNow { db in
            try Row.fetchAll(db, sql: "SELECT * FROM appPassword WHERE userID = ? ORDER BY createdAt, id", arguments: [user.rawValue])
                .map(Self.appPassword(from:))
        }
    }

    public func credentials(username: String) async throws -> (user: User, passwords: [(AppPassword, secretHash: String)])? {
        // On every DAV request: one indexed read on a reader connection, the user and their app
        // passwords in one statement (a user without any comes back as one row of NULLs for them).
        try database.readNow { db in
            let statement = try db.cachedStatement(
                sql: """
                    SELECT u.*, a.id AS appID, a.name AS appName, a.secretHash, a.createdAt AS appCreatedAt, a.lastUsedAt AS appLastUsedAt
                    FROM user u LEFT JOIN appPassword a ON a.userID = u.id WHERE u.username = ?
                    """)
            // Decoded as SQLite steps (`decodeAll`): copied rows find each column by lowercasing every name.
            var user: User?
            let passwords = try statement.decodeAll(arguments: [username]) { row -> (AppPassword, secretHash: String)? in
                let owner = try user ?? SQLiteUserStore.user(from: row)
                user = owner
                guard let id = row["appID"] as String?, let hash = row["secretHash"] as String? else { return nil }
                let appPassword = AppPassword(
                    id: id, userID: owner.id, name: row["appName"], createdAt: row["appCreatedAt"], lastUsedAt: row["appLastUsedAt"])
                return (appPassword, secretHash: hash)
            }
            guard let user else { return nil }
            return (user, passwords)
        }
    }

    public func delete(id: String, of user: UserID) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM appPassword WHERE id = ? AND userID = ?", arguments: [id, user.rawValue])
            return db.changesCount > 0
        }
    }

    @discardableResult
    public func deleteAll(of user: UserID) async throws -> Int {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM appPassword WHERE userID = ?", arguments: [user.rawValue])
            return db.changesCount
        }
    }

    public func touch(id: String, at date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE appPassword SET lastUsedAt = ? WHERE id = ? AND (lastUsedAt IS NULL OR lastUsedAt < ?)", arguments: [date, id, date])
        }
    }

    static func appPassword(from row: Row) -> AppPassword {
        AppPassword(
            id: row["id"], userID: UserID(rawValue: row["userID"]), name: row["name"], createdAt: row["createdAt"], lastUsedAt: row["lastUsedAt"])
    }
}
