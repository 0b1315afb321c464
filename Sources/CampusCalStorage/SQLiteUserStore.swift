import CampusCalCore
import Foundation
import GRDB

/// `UserStore` on SQLite.
public struct SQLiteUserStore: UserStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func insert(_ credentials: UserCredentials) async throws {
        do {
            try await database.write { db in
                try db.cachedStatement(
                    sql: """
                        INSERT INTO user (id, username, passwordHash, displayName, email, phone, timeZone, role, createdAt, updatedAt, version,
                                          directoryOptOut)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """
                ).execute(arguments: [
                    credentials.user.id.rawValue, credentials.user.username, credentials.passwordHash,
                    credentials.user.displayName, credentials.user.email, credentials.user.phone, credentials.user.timeZone,
                    credentials.user.role.rawValue, credentials.user.createdAt, credentials.user.updatedAt,
                    credentials.user.version, credentials.user.directoryOptOut,
                ])
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw AccountError.usernameTaken(credentials.user.username)
        }
    }

    public func credentials(username: String) async throws -> UserCredentials? {
        try database.readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM user WHERE username = ?"), arguments: [username]).map(Self.credentials(from:))
        }
    }

    public func credentials(id: UserID) async throws -> UserCredentials? {
        try database.readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM user WHERE id = ?"), arguments: [id.rawValue]).map(Self.credentials(from:))
        }
    }

    public func update(_ user: User, expectedVersion: Int) async throws -> User {
        try await database.write { db in
            try db.cachedStatement(
                sql: """
                    UPDATE user SET displayName = ?, email = ?, phone = ?, timeZone = ?, role = ?, directoryOptOut = ?, updatedAt = ?,
                      version = version + 1
                    WHERE id = ? AND version = ?
                    """
            ).execute(arguments: [
                user.displayName, user.email, user.phone, user.timeZone, user.role.rawValue, user.directoryOptOut, user.updatedAt,
                user.id.rawValue, expectedVersion,
            ])
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM user WHERE id = ?"), arguments: [user.id.rawValue]) else {
                throw AccountError.userNotFound
            }
            let stored = try Self.user(from: row)
            if db.changesCount == 0 { throw AccountError.versionMismatch(current: stored.version) }
            return stored
        }
    }

    public func setPasswordHash(_ hash: String, for id: UserID, at date: Date) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "UPDATE user SET passwordHash = ?, updatedAt = ?, version = version + 1 WHERE id = ?").execute(arguments: [
                hash, date, id.rawValue,
            ])
            if db.changesCount == 0 { throw AccountError.userNotFound }
        }
    }

    public func users(after username: String?, limit: Int) async throws -> [User] {
        try database.readNow { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM user WHERE username > ? ORDER BY username LIMIT ?"), arguments: [username ?? "", limit]
            ).map(Self.user(from:))
        }
    }

    public func count(role: Role) async throws -> Int {
        try database.readNow { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM user WHERE role = ?"), arguments: [role.rawValue]) ?? 0
        }
    }

    /// Reads the `user` columns of a row; `prefix` selects aliased columns of a join.
    static func user(from row: Row) throws -> User {
        guard let role = Role(rawValue: row["role"]) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "unknown role \(String(describing: row["role"] as String?))")
        }
        return User(
            id: UserID(rawValue: row["id"]), username: row["username"], displayName: row["displayName"], email: row["email"],
            phone: row["phone"], timeZone: row["timeZone"], role: role, createdAt: row["createdAt"], updatedAt: row["updatedAt"],
            version: row["version"], directoryOptOut: row["directoryOptOut"])
    }

    static func credentials(from row: Row) throws -> UserCredentials {
        UserCredentials(user: try user(from: row), passwordHash: row["passwordHash"])
    }
}
