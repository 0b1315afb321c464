import CampusCalCore
import Foundation
import GRDB

/// `CalendarShareStore` on SQLite.
///
/// A user's standing with a calendar is computed, never stored: from their direct share, the
/// shares with groups they are in, and their membership of the group the calendar belongs to. So
/// joining or leaving a group, or withdrawing a share, changes access in the same transaction.
public struct SQLiteCalendarShareStore: CalendarShareStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    /// `CalendarAccessLevel.rawValue` of a share level, in SQL.
    private static let shareRank = "CASE level WHEN 'free-busy' THEN 0 WHEN 'read' THEN 1 WHEN 'write' THEN 2 ELSE 3 END"
    /// The same for a member of a calendar's group: the group's owner owns it, `scheduleMeetings` writes, the rest read.
    private static let memberRank = """
        CASE WHEN m.role = 'owner' THEN 4 WHEN ',' || m.permissions || ',' LIKE '%,scheduleMeetings,%' THEN 2 ELSE 1 END
        """

    /// `(calendarID, rank)` for every calendar the user `:user` may see and how well.
    private static let visibleRanks = """
        SELECT id AS calendarID, 4 AS rank FROM calendar WHERE ownerID = :user
        UNION ALL
        SELECT calendarID, \(shareRank) FROM calendarShare WHERE recipientUserID = :user
        UNION ALL
        SELECT s.calendarID, \(shareRank.replacingOccurrences(of: "level", with: "s.level"))
          FROM calendarShare s JOIN groupMember g ON g.groupID = s.recipientGroupID WHERE g.userID = :user
        UNION ALL
        SELECT c.id, \(memberRank) FROM calendar c JOIN groupMember m ON m.groupID = c.groupID WHERE m.userID = :user
        """

    public func upsert(_ share: CalendarShare) async throws -> (share: CalendarShare, previousLevel: ShareLevel?) {
        try await database.write { db in
            let (column, recipient) = Self.recipientColumn(share.recipient)
            if let row = try Row.fetchOne(
                db, sql: "SELECT id, level FROM calendarShare WHERE calendarID = ? AND \(column) = ?",
                arguments: [share.calendarID.rawValue, recipient])
            {
                let id: String = row["id"]
                let previous = ShareLevel(rawValue: row["level"]) ?? .freeBusy
                if previous != share.level {
                    try db.execute(
                        sql: "UPDATE calendarShare SET level = ?, sharedByID = ?, updatedAt = ? WHERE id = ?",
                        arguments: [share.level.rawValue, share.sharedByID.rawValue, share.updatedAt, id])
                }
                return (try Self.share(db, id: id)!, previous)
            }
            try db.execute(
                sql: """
                    INSERT INTO calendarShare (id, calendarID, \(column), level, sharedByID, createdAt, updatedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    share.id.rawValue, share.calendarID.rawValue, recipient, share.level.rawValue, share.sharedByID.rawValue, share.createdAt,
                    share.updatedAt,
                ])
            return (try Self.share(db, id: share.id.rawValue)!, nil)
        }
    }

    public func share(id: ShareID) async throws -> CalendarShare? {
        try database.readNow { db in try Self.share(db, id: id.rawValue) }
    }

    public func shares(of calendar: CalendarID) async throws -> [CalendarShare] {
        try database.readNow { db in
            try Row.fetchAll(
                db, sql: "\(Self.shareSelect) WHERE s.calendarID = ? ORDER BY s.recipientGroupID IS NOT NULL, recipientName COLLATE NOCASE, s.id",
                arguments: [calendar.rawValue]
            ).map(Self.share(from:))
        }
    }

    public func setLevel(_ level: ShareLevel, of id: ShareID, at: Date) async throws -> CalendarShare? {
        try await database.write { db in
            try db.execute(sql: "UPDATE calendarShare SET level = ?, updatedAt = ? WHERE id = ?", arguments: [level.rawValue, at, id.rawValue])
            return try Self.share(db, id: id.rawValue)
        }
    }

    public func delete(id: ShareID) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM calendarShare WHERE id = ?", arguments: [id.rawValue])
            return db.changesCount > 0
        }
    }

    public func accessLevel(to calendar: CalendarID, for user: UserID) async throws -> CalendarAccessLevel? {
        try database.readNow { db in
            let rank = try Int.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT MAX(rank) FROM (
                          SELECT \(Self.shareRank) AS rank FROM calendarShare WHERE calendarID = :calendar AND recipientUserID = :user
                          UNION ALL
                          SELECT \(Self.shareRank.replacingOccurrences(of: "level", with: "s.level"))
                            FROM calendarShare s JOIN groupMember g ON g.groupID = s.recipientGroupID
                            WHERE s.calendarID = :calendar AND g.userID = :user
                          UNION ALL
                          SELECT \(Self.memberRank) FROM calendar c JOIN groupMember m ON m.groupID = c.groupID
                            WHERE c.id = :calendar AND m.userID = :user)
                        """),
                arguments: ["calendar": calendar.rawValue, "user": user.rawValue])
            return rank.flatMap(CalendarAccessLevel.init(rawValue:))
        }
    }

    public func calendars(visibleTo user: UserID, after cursor: CalendarPageCursor?, limit: Int) async throws -> [AccessibleCalendar] {
        try database.readNow { db in
            var arguments: StatementArguments = ["user": user.rawValue, "limit": limit]
            var after = ""
            if let cursor {
                after = "WHERE c.name > :name COLLATE NOCASE OR (c.name = :name COLLATE NOCASE AND c.id > :id)"
                arguments += ["name": cursor.name, "id": cursor.id.rawValue]
            }
            return try db.cachedStatement(
                sql: """
                    WITH visible AS (\(Self.visibleRanks))
                    SELECT c.*, MAX(v.rank) AS accessRank FROM visible v JOIN calendar c ON c.id = v.calendarID
                    \(after)
                    GROUP BY c.id ORDER BY c.name COLLATE NOCASE, c.id LIMIT :limit
                    """
            ).decodeAll(arguments: arguments) { row in
                AccessibleCalendar(
                    calendar: SQLiteCalendarStore.calendar(from: row), access: CalendarAccessLevel(rawValue: row["accessRank"]) ?? .freeBusy)
            }
        }
    }

    public func recipients(of calendar: CalendarID) async throws -> Set<UserID> {
        try database.readNow { db in
            let ids = try String.fetchAll(
                db,
                sql: """
                    SELECT recipientUserID FROM calendarShare WHERE calendarID = :calendar AND recipientUserID IS NOT NULL
                    UNION
                    SELECT g.userID FROM calendarShare s JOIN groupMember g ON g.groupID = s.recipientGroupID WHERE s.calendarID = :calendar
                    UNION
                    SELECT m.userID FROM calendar c JOIN groupMember m ON m.groupID = c.groupID WHERE c.id = :calendar
                    EXCEPT
                    SELECT ownerID FROM calendar WHERE id = :calendar
                    """,
                arguments: ["calendar": calendar.rawValue])
            return Set(ids.map(UserID.init(rawValue:)))
        }
    }

    public func groupCalendar(of group: GroupID) async throws -> CalendarCollection? {
        try database.readNow { db in
            try Row.fetchOne(db, sql: "SELECT * FROM calendar WHERE groupID = ?", arguments: [group.rawValue]).map(
                SQLiteCalendarStore.calendar(from:))
        }
    }

    public func insertGroupCalendar(_ calendar: CalendarCollection, group: GroupID) async throws -> CalendarCollection {
        try await database.write { db in
            // Unique index on groupID: a second request racing the first keeps the first's calendar.
            try db.execute(
                sql: """
                    INSERT INTO calendar (id, ownerID, name, description, color, timeZone, createdAt, updatedAt, version, groupID)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """,
                arguments: [
                    calendar.id.rawValue, calendar.ownerID.rawValue, calendar.name, calendar.description, calendar.color, calendar.timeZone,
                    calendar.createdAt, calendar.updatedAt, calendar.version, group.rawValue,
                ])
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM calendar WHERE groupID = ?", arguments: [group.rawValue]) else {
                throw CalendarError.notFound
            }
            return SQLiteCalendarStore.calendar(from: row)
        }
    }

    public func recordChange(in calendar: CalendarID, by actor: UserID, at: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO calendarChange (calendarID, actorID, changes, firstAt) VALUES (?, ?, 1, ?)
                    ON CONFLICT (calendarID, actorID) DO UPDATE SET changes = changes + 1
                    """,
                arguments: [calendar.rawValue, actor.rawValue, at])
        }
    }

    public func takeChangeBatches(openedBefore cutoff: Date) async throws -> [CalendarChangeBatch] {
        try await database.write { db in
            // A batch opens with the first change to a calendar, whoever makes it; every change until it is taken joins it.
            let due = try String.fetchAll(
                db, sql: "SELECT calendarID FROM calendarChange GROUP BY calendarID HAVING MIN(firstAt) <= ? ORDER BY MIN(firstAt)",
                arguments: [cutoff])
            var batches: [CalendarChangeBatch] = []
            for calendar in due {
                let rows = try Row.fetchAll(
                    db, sql: "SELECT actorID, changes FROM calendarChange WHERE calendarID = ? ORDER BY changes DESC, actorID", arguments: [calendar])
                try db.execute(sql: "DELETE FROM calendarChange WHERE calendarID = ?", arguments: [calendar])
                batches.append(
                    CalendarChangeBatch(
                        calendarID: CalendarID(rawValue: calendar),
                        changesByActor: rows.map { (actor: UserID(rawValue: $0["actorID"]), count: $0["changes"]) }))
            }
            return batches
        }
    }

    // MARK: Rows

    private static let shareSelect = """
        SELECT s.*, COALESCE(u.username, g.name, '') AS recipientName
        FROM calendarShare s LEFT JOIN user u ON u.id = s.recipientUserID LEFT JOIN studyGroup g ON g.id = s.recipientGroupID
        """

    private static func share(_ db: Database, id: String) throws -> CalendarShare? {
        try Row.fetchOne(db, sql: "\(shareSelect) WHERE s.id = ?", arguments: [id]).map(share(from:))
    }

    private static func recipientColumn(_ recipient: ShareRecipient) -> (String, String) {
        switch recipient {
        case .user(let id): ("recipientUserID", id.rawValue)
        case .group(let id): ("recipientGroupID", id.rawValue)
        }
    }

    private static func share(from row: Row) -> CalendarShare {
        let recipient: ShareRecipient
        if let user: String = row["recipientUserID"] {
            recipient = .user(UserID(rawValue: user))
        } else {
            recipient = .group(GroupID(rawValue: row["recipientGroupID"]))
        }
        return CalendarShare(
            id: ShareID(rawValue: row["id"]), calendarID: CalendarID(rawValue: row["calendarID"]), recipient: recipient,
            level: ShareLevel(rawValue: row["level"]) ?? .freeBusy, sharedByID: UserID(rawValue: row["sharedByID"]), createdAt: row["createdAt"],
            updatedAt: row["updatedAt"], recipientName: row["recipientName"])
    }
}
