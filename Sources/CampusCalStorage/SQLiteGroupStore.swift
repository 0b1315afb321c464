import CampusCalCore
import Foundation
import GRDB

/// `GroupStore` on SQLite: `studyGroup`, `groupMember` (permissions as a comma-separated list),
/// `groupInvitation`, `groupJoinRequest` and `groupPost`, all deleted with their group by cascade.
public struct SQLiteGroupStore: GroupStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    // MARK: Groups

    private static let groupColumns = "id, name, description, ownerID, createdAt, updatedAt, version"

    private static func group(_ row: Row) -> Group {
        Group(
            id: GroupID(rawValue: row[0]), name: row[1], description: row[2], ownerID: UserID(rawValue: row[3]), createdAt: row[4],
            updatedAt: row[5], version: row[6])
    }

    public func insert(_ group: Group, owner: GroupMember) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO studyGroup (\(Self.groupColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    group.id.rawValue, group.name, group.description, group.ownerID.rawValue, group.createdAt, group.updatedAt, group.version,
                ])
            try Self.insert(owner, db)
        }
    }

    public func group(id: GroupID) async throws -> Group? {
        try await database.pool.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Self.groupColumns) FROM studyGroup WHERE id = ?"), arguments: [id.rawValue])
                .map(Self.group)
        }
    }

    public func groups(memberID user: UserID) async throws -> [Group] {
        try await database.pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT g.id, g.name, g.description, g.ownerID, g.createdAt, g.updatedAt, g.version
                        FROM studyGroup g JOIN groupMember m ON m.groupID = g.id
                        WHERE m.userID = ? ORDER BY g.name COLLATE NOCASE, g.id
                        """), arguments: [user.rawValue]
            ).map(Self.group)
        }
    }

    public func update(_ group: Group, expectedVersion: Int) async throws -> Group {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE studyGroup SET name = ?, description = ?, updatedAt = ?, version = version + 1 WHERE id = ? AND version = ?",
                arguments: [group.name, group.description, group.updatedAt, group.id.rawValue, expectedVersion])
            let changed = db.changesCount
            guard let row = try Row.fetchOne(db, sql: "SELECT \(Self.groupColumns) FROM studyGroup WHERE id = ?", arguments: [group.id.rawValue])
            else { throw GroupError.notFound }
            let stored = Self.group(row)
            if changed == 0 { throw GroupError.versionMismatch(current: stored.version) }
            return stored
        }
    }

    public func delete(id: GroupID) async throws {
        try await database.write { db in try db.execute(sql: "DELETE FROM studyGroup WHERE id = ?", arguments: [id.rawValue]) }
    }

    public func transfer(_ id: GroupID, to newOwner: UserID, at: Date) async throws -> Group {
        try await database.write { db in
            try Self.handOver(id.rawValue, to: newOwner.rawValue, at: at, in: db)
            guard let row = try Row.fetchOne(db, sql: "SELECT \(Self.groupColumns) FROM studyGroup WHERE id = ?", arguments: [id.rawValue])
            else { throw GroupError.notFound }
            return Self.group(row)
        }
    }

    /// Makes `newOwner` (a member) the group's owner, inside the caller's transaction: used by transfers
    /// and by account deletion, which hands a departing owner's groups on.
    static func handOver(_ group: String, to newOwner: String, at: Date, in db: Database) throws {
        let all = GroupPermission.allCases.map(\.rawValue).joined(separator: ",")
        try db.execute(sql: "UPDATE groupMember SET role = 'member', permissions = ? WHERE groupID = ? AND role = 'owner'", arguments: [all, group])
        try db.execute(
            sql: "UPDATE groupMember SET role = 'owner', permissions = ? WHERE groupID = ? AND userID = ?", arguments: [all, group, newOwner])
        guard db.changesCount == 1 else { throw GroupError.itemNotFound("No member with this id is in this group.") }
        try db.execute(sql: "UPDATE studyGroup SET ownerID = ?, updatedAt = ?, version = version + 1 WHERE id = ?", arguments: [newOwner, at, group])
        // The group's calendar belongs to whoever owns the group.
        try db.execute(sql: "UPDATE calendar SET ownerID = ? WHERE groupID = ?", arguments: [newOwner, group])
        // Its subscription address was the old owner's (only an owner makes one): it ends with their
        // ownership, in this transaction, or they would keep reading the group's meetings (review L1).
        try db.execute(sql: "DELETE FROM calendarFeed WHERE calendarID IN (SELECT id FROM calendar WHERE groupID = ?)", arguments: [group])
    }

    // MARK: Members

    private static let memberSelect = """
        SELECT m.groupID, m.userID, m.role, m.permissions, m.joinedAt, u.username, u.displayName
        FROM groupMember m JOIN user u ON u.id = m.userID
        """

    private static func member(_ row: Row) -> GroupMember {
        let permissions = (row[3] as String).split(separator: ",").compactMap { GroupPermission(rawValue: String($0)) }
        return GroupMember(
            groupID: GroupID(rawValue: row[0]), userID: UserID(rawValue: row[1]), role: GroupRole(rawValue: row[2]) ?? .member,
            permissions: Set(permissions), joinedAt: row[4], username: row[5], displayName: row[6])
    }

    private static func encode(_ permissions: Set<GroupPermission>) -> String { permissions.sorted().map(\.rawValue).joined(separator: ",") }

    private static func insert(_ member: GroupMember, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO groupMember (groupID, userID, role, permissions, joinedAt) VALUES (?, ?, ?, ?, ?)",
            arguments: [member.groupID.rawValue, member.userID.rawValue, member.role.rawValue, encode(member.permissions), member.joinedAt])
    }

    public func member(of group: GroupID, userID: UserID) async throws -> GroupMember? {
        try await database.pool.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "\(Self.memberSelect) WHERE m.groupID = ? AND m.userID = ?"), arguments: [group.rawValue, userID.rawValue]
            ).map(Self.member)
        }
    }

    public func members(of group: GroupID) async throws -> [GroupMember] {
        try await database.pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "\(Self.memberSelect) WHERE m.groupID = ? ORDER BY m.role = 'owner' DESC, u.username"),
                arguments: [group.rawValue]
            ).map(Self.member)
        }
    }

    public func setPermissions(_ permissions: Set<GroupPermission>, of member: UserID, in group: GroupID) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE groupMember SET permissions = ? WHERE groupID = ? AND userID = ? AND role = 'member'",
                arguments: [Self.encode(permissions), group.rawValue, member.rawValue])
        }
    }

    public func removeMember(_ member: UserID, from group: GroupID) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM groupMember WHERE groupID = ? AND userID = ? AND role = 'member'", arguments: [group.rawValue, member.rawValue])
            return db.changesCount > 0
        }
    }

    // MARK: Invitations and requests

    private static let invitationSelect = """
        SELECT i.id, i.groupID, i.inviteeID, i.inviterID, i.status, i.createdAt, i.decidedAt, g.name
        FROM groupInvitation i JOIN studyGroup g ON g.id = i.groupID
        """

    private static func invitation(_ row: Row) -> GroupInvitation {
        GroupInvitation(
            id: GroupItemID(rawValue: row[0]), groupID: GroupID(rawValue: row[1]), inviteeID: UserID(rawValue: row[2]),
            inviterID: UserID(rawValue: row[3]), status: GroupRequestStatus(rawValue: row[4]) ?? .declined, createdAt: row[5], decidedAt: row[6],
            groupName: row[7])
    }

    public func insert(_ invitation: GroupInvitation) async throws {
        try await Self.unlessOpenAlready("already-invited", "This user was just invited to this group.") {
            try await insertInvitation(invitation)
        }
    }

    /// Runs `body`, turning a clash with the one-open-invitation (or request) index — two requests
    /// racing — into `GroupError.conflict`.
    private static func unlessOpenAlready(_ code: String, _ message: String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw GroupError.conflict(code: code, message: message)
        }
    }

    private func insertInvitation(_ invitation: GroupInvitation) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO groupInvitation (id, groupID, inviteeID, inviterID, status, createdAt, decidedAt) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    invitation.id.rawValue, invitation.groupID.rawValue, invitation.inviteeID.rawValue, invitation.inviterID.rawValue,
                    invitation.status.rawValue, invitation.createdAt, invitation.decidedAt,
                ])
        }
    }

    public func invitation(id: GroupItemID) async throws -> GroupInvitation? {
        try await database.pool.read { db in
            try Row.fetchOne(db, sql: "\(Self.invitationSelect) WHERE i.id = ?", arguments: [id.rawValue]).map(Self.invitation)
        }
    }

    public func pendingInvitation(to group: GroupID, for user: UserID) async throws -> GroupInvitation? {
        try await database.pool.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "\(Self.invitationSelect) WHERE i.groupID = ? AND i.inviteeID = ? AND i.status = 'pending'"),
                arguments: [group.rawValue, user.rawValue]
            ).map(Self.invitation)
        }
    }

    public func pendingInvitations(for user: UserID) async throws -> [GroupInvitation] {
        try await database.pool.read { db in
            try Row.fetchAll(
                db, sql: "\(Self.invitationSelect) WHERE i.inviteeID = ? AND i.status = 'pending' ORDER BY i.createdAt DESC, i.id",
                arguments: [user.rawValue]
            ).map(Self.invitation)
        }
    }

    private static let requestSelect = """
        SELECT r.id, r.groupID, r.userID, r.status, r.createdAt, r.decidedAt, r.decidedBy, u.username
        FROM groupJoinRequest r JOIN user u ON u.id = r.userID
        """

    private static func request(_ row: Row) -> JoinRequest {
        JoinRequest(
            id: GroupItemID(rawValue: row[0]), groupID: GroupID(rawValue: row[1]), userID: UserID(rawValue: row[2]),
            status: GroupRequestStatus(rawValue: row[3]) ?? .rejected, createdAt: row[4], decidedAt: row[5],
            decidedBy: (row[6] as String?).map(UserID.init(rawValue:)), username: row[7])
    }

    public func insert(_ request: JoinRequest) async throws {
        try await Self.unlessOpenAlready("join-request-pending", "You already asked to join this group; wait for the owner's answer.") {
            try await insertRequest(request)
        }
    }

    private func insertRequest(_ request: JoinRequest) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO groupJoinRequest (id, groupID, userID, status, createdAt, decidedAt, decidedBy) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    request.id.rawValue, request.groupID.rawValue, request.userID.rawValue, request.status.rawValue, request.createdAt,
                    request.decidedAt, request.decidedBy?.rawValue,
                ])
        }
    }

    public func joinRequest(id: GroupItemID) async throws -> JoinRequest? {
        try await database.pool.read { db in
            try Row.fetchOne(db, sql: "\(Self.requestSelect) WHERE r.id = ?", arguments: [id.rawValue]).map(Self.request)
        }
    }

    public func joinRequests(to group: GroupID, from user: UserID) async throws -> [JoinRequest] {
        try await database.pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "\(Self.requestSelect) WHERE r.groupID = ? AND r.userID = ? ORDER BY r.createdAt, r.id"),
                arguments: [group.rawValue, user.rawValue]
            ).map(Self.request)
        }
    }

    public func pendingJoinRequests(to group: GroupID) async throws -> [JoinRequest] {
        try await database.pool.read { db in
            try Row.fetchAll(
                db, sql: "\(Self.requestSelect) WHERE r.groupID = ? AND r.status = 'pending' ORDER BY r.createdAt, r.id",
                arguments: [group.rawValue]
            ).map(Self.request)
        }
    }

    public func close(invitation: GroupItemID, as status: GroupRequestStatus, at: Date, adding member: GroupMember?) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE groupInvitation SET status = ?, decidedAt = ? WHERE id = ? AND status = 'pending'",
                arguments: [status.rawValue, at, invitation.rawValue])
            guard db.changesCount == 1 else { return false }
            if let member { try Self.join(member, at: at, decider: nil, db) }
            return true
        }
    }

    public func close(
        joinRequest: GroupItemID, as status: GroupRequestStatus, by decider: UserID, at: Date, adding member: GroupMember?
    ) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE groupJoinRequest SET status = ?, decidedAt = ?, decidedBy = ? WHERE id = ? AND status = 'pending'",
                arguments: [status.rawValue, at, decider.rawValue, joinRequest.rawValue])
            guard db.changesCount == 1 else { return false }
            if let member { try Self.join(member, at: at, decider: decider, db) }
            return true
        }
    }

    /// Adds a member (unless already one) and closes their other open invitation or request to the group.
    private static func join(_ member: GroupMember, at: Date, decider: UserID?, _ db: Database) throws {
        let arguments: StatementArguments = [at, member.groupID.rawValue, member.userID.rawValue]
        try db.execute(
            sql: "UPDATE groupInvitation SET status = 'accepted', decidedAt = ? WHERE groupID = ? AND inviteeID = ? AND status = 'pending'",
            arguments: arguments)
        try db.execute(
            sql:
                "UPDATE groupJoinRequest SET status = 'accepted', decidedAt = ?, decidedBy = ? WHERE groupID = ? AND userID = ? AND status = 'pending'",
            arguments: [at, (decider ?? member.userID).rawValue, member.groupID.rawValue, member.userID.rawValue])
        let exists =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM groupMember WHERE groupID = ? AND userID = ?)",
                arguments: [member.groupID.rawValue, member.userID.rawValue]) ?? false
        if !exists { try insert(member, db) }
    }

    // MARK: Posts

    private static let postSelect = """
        SELECT p.sequence, p.id, p.groupID, p.kind, p.authorID, p.title, p.body, p.url, p.createdAt, u.username
        FROM groupPost p JOIN user u ON u.id = p.authorID
        """

    private static func post(_ row: Row) -> GroupPost {
        GroupPost(
            id: GroupItemID(rawValue: row[1]), groupID: GroupID(rawValue: row[2]), kind: GroupPostKind(rawValue: row[3]) ?? .message,
            authorID: UserID(rawValue: row[4]), title: row[5], body: row[6], url: row[7], createdAt: row[8], sequence: row[0], authorUsername: row[9])
    }

    public func insert(_ post: GroupPost) async throws -> GroupPost {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO groupPost (id, groupID, kind, authorID, title, body, url, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    post.id.rawValue, post.groupID.rawValue, post.kind.rawValue, post.authorID.rawValue, post.title, post.body, post.url,
                    post.createdAt,
                ])
            var stored = post
            stored.sequence = db.lastInsertedRowID
            return stored
        }
    }

    public func post(id: GroupItemID) async throws -> GroupPost? {
        try await database.pool.read { db in
            try Row.fetchOne(db, sql: "\(Self.postSelect) WHERE p.id = ?", arguments: [id.rawValue]).map(Self.post)
        }
    }

    public func posts(in group: GroupID, kind: GroupPostKind, before: Int64?, limit: Int) async throws -> [GroupPost] {
        try await database.pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: "\(Self.postSelect) WHERE p.groupID = ? AND p.kind = ? AND p.sequence < ? ORDER BY p.sequence DESC LIMIT ?"),
                arguments: [group.rawValue, kind.rawValue, before ?? Int64.max, limit]
            ).map(Self.post)
        }
    }

    public func deletePost(id: GroupItemID) async throws {
        try await database.write { db in try db.execute(sql: "DELETE FROM groupPost WHERE id = ?", arguments: [id.rawValue]) }
    }

    public func hasContent(_ group: GroupID) async throws -> Bool {
        try await database.pool.read { db in
            try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM groupPost WHERE groupID = ?)"), arguments: [group.rawValue]) ?? false
        }
    }
}
