import CampusCalCore
import Foundation
import GRDB

/// `InvitationStore` on SQLite: `invitation`, `invitationInvitee` (one row per invitee, keyed
/// (invitationID, userID), holding the answer) and `invitationSetting`.
public struct SQLiteInvitationStore: InvitationStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    private static let columns = "i.id, i.organizerID, i.eventID, i.title, i.message, i.startsAt, i.endsAt, i.createdAt, i.cancelledAt"
    private static let inviteeColumns = "v.invitationID, v.userID, u.username, v.response, v.respondedAt, v.viaGroupID"

    private static func invitation(_ row: Row) -> Invitation {
        Invitation(
            id: InvitationID(rawValue: row[0]), organizerID: UserID(rawValue: row[1]), eventID: (row[2] as String?).map(EventID.init(rawValue:)),
            title: row[3], message: row[4], start: row[5], end: row[6], createdAt: row[7], cancelledAt: row[8])
    }

    private static func invitee(_ row: Row, from index: Int) -> Invitee {
        Invitee(
            invitationID: InvitationID(rawValue: row[index]), userID: UserID(rawValue: row[index + 1]), username: row[index + 2],
            response: InvitationResponse(rawValue: row[index + 3]) ?? .pending, respondedAt: row[index + 4],
            viaGroupID: (row[index + 5] as String?).map(GroupID.init(rawValue:)))
    }

    public func insert(_ invitation: Invitation, invitees: [Invitee]) async throws {
        try await database.write { db in
            try db.cachedStatement(
                sql: """
                    INSERT INTO invitation (id, organizerID, eventID, title, message, startsAt, endsAt, createdAt, cancelledAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [
                invitation.id.rawValue, invitation.organizerID.rawValue, invitation.eventID?.rawValue, invitation.title, invitation.message,
                invitation.start, invitation.end, invitation.createdAt, invitation.cancelledAt,
            ])
            for invitee in invitees {
                try db.cachedStatement(
                    sql: "INSERT INTO invitationInvitee (invitationID, userID, response, respondedAt, viaGroupID) VALUES (?, ?, ?, ?, ?)"
                ).execute(arguments: [
                    invitation.id.rawValue, invitee.userID.rawValue, invitee.response.rawValue, invitee.respondedAt, invitee.viaGroupID?.rawValue,
                ])
            }
        }
    }

    public func invitation(id: InvitationID) async throws -> Invitation? {
        try database.readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Self.columns) FROM invitation i WHERE i.id = ?"), arguments: [id.rawValue]).map(
                Self.invitation)
        }
    }

    public func invitees(of invitation: InvitationID) async throws -> [Invitee] {
        try database.readNow { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.inviteeColumns) FROM invitationInvitee v JOIN user u ON u.id = v.userID
                        WHERE v.invitationID = ? ORDER BY u.username
                        """), arguments: [invitation.rawValue]
            ).map { Self.invitee($0, from: 0) }
        }
    }

    public func invitee(of invitation: InvitationID, userID: UserID) async throws -> Invitee? {
        try database.readNow { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.inviteeColumns) FROM invitationInvitee v JOIN user u ON u.id = v.userID
                        WHERE v.invitationID = ? AND v.userID = ?
                        """), arguments: [invitation.rawValue, userID.rawValue]
            ).map { Self.invitee($0, from: 0) }
        }
    }

    public func respond(_ invitation: InvitationID, userID: UserID, response: InvitationResponse, at: Date) async throws -> Bool {
        try await database.write { db in
            try db.cachedStatement(sql: "UPDATE invitationInvitee SET response = ?, respondedAt = ? WHERE invitationID = ? AND userID = ?").execute(
                arguments: [response.rawValue, at, invitation.rawValue, userID.rawValue])
            return db.changesCount == 1
        }
    }

    public func received(by user: UserID, response: InvitationResponse?) async throws -> [(Invitation, Invitee)] {
        try database.readNow { db in
            var sql = """
                SELECT \(Self.columns), \(Self.inviteeColumns) FROM invitationInvitee v
                JOIN invitation i ON i.id = v.invitationID JOIN user u ON u.id = v.userID
                WHERE v.userID = ?
                """
            var arguments: StatementArguments = [user.rawValue]
            if let response {
                sql += " AND v.response = ?"
                arguments += [response.rawValue]
            }
            sql += " ORDER BY i.createdAt DESC, i.id"
            return try db.cachedStatement(sql: sql).decodeAll(arguments: arguments) { (Self.invitation($0), Self.invitee($0, from: 9)) }
        }
    }

    public func sent(by user: UserID) async throws -> [Invitation] {
        try database.readNow { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT \(Self.columns) FROM invitation i WHERE i.organizerID = ? ORDER BY i.createdAt DESC, i.id"),
                arguments: [user.rawValue]
            ).map(Self.invitation)
        }
    }

    public func invitations(toEvent event: EventID) async throws -> [Invitation] {
        try database.readNow { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT \(Self.columns) FROM invitation i WHERE i.eventID = ? AND i.cancelledAt IS NULL ORDER BY i.createdAt, i.id"),
                arguments: [event.rawValue]
            ).map(Self.invitation)
        }
    }

    public func setTitle(_ title: String, forEvent event: EventID) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "UPDATE invitation SET title = ? WHERE eventID = ? AND cancelledAt IS NULL").execute(arguments: [
                title, event.rawValue,
            ])
        }
    }

    public func cancel(event: EventID, at: Date) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "UPDATE invitation SET cancelledAt = ? WHERE eventID = ? AND cancelledAt IS NULL").execute(arguments: [
                at, event.rawValue,
            ])
        }
    }

    public func attendingEventIDs(of user: UserID) async throws -> [EventID] {
        try database.readNow { db in
            try String.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT DISTINCT i.eventID FROM invitationInvitee v JOIN invitation i ON i.id = v.invitationID
                        WHERE v.userID = ? AND v.response IN ('accepted', 'tentative') AND i.eventID IS NOT NULL AND i.cancelledAt IS NULL
                        """), arguments: [user.rawValue]
            ).map(EventID.init(rawValue:))
        }
    }

    public func privacy(of user: UserID) async throws -> InvitationPrivacy {
        try database.readNow { db in
            let raw = try String.fetchOne(
                db.cachedStatement(sql: "SELECT privacy FROM invitationSetting WHERE userID = ?"), arguments: [user.rawValue])
            return raw.flatMap(InvitationPrivacy.init(rawValue:)) ?? .everyone
        }
    }

    public func setPrivacy(_ privacy: InvitationPrivacy, of user: UserID) async throws {
        try await database.write { db in
            try db.cachedStatement(
                sql: "INSERT INTO invitationSetting (userID, privacy) VALUES (?, ?) ON CONFLICT(userID) DO UPDATE SET privacy = excluded.privacy"
            ).execute(arguments: [user.rawValue, privacy.rawValue])
        }
    }
}
