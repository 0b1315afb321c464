import CampusCalCore
import Foundation
import GRDB

/// `CalendarStore` on SQLite.
public struct SQLiteCalendarStore: CalendarStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func insert(_ calendar: CalendarCollection) async throws {
        do {
            try await database.write { db in
                try db.cachedStatement(
                    sql: """
                        INSERT INTO calendar (id, ownerID, name, description, color, timeZone, createdAt, updatedAt, version, groupID,
                                              davName, displayOrder)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """
                ).execute(arguments: [
                    calendar.id.rawValue, calendar.ownerID.rawValue, calendar.name, calendar.description, calendar.color, calendar.timeZone,
                    calendar.createdAt, calendar.updatedAt, calendar.version, calendar.groupID?.rawValue, calendar.davName,
                    calendar.displayOrder,
                ])
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE && calendar.davName != nil {
            // Two clients making the same address at once: the unique index decides, the loser is told.
            throw CalendarError.addressTaken
        }
    }

    public func calendar(id: CalendarID) async throws -> CalendarCollection? {
        try database.readNow { db in
            // Every calendar view reads this first: a cached statement skips SQLite's parser and GRDB's authorizer.
            try db.cachedStatement(sql: "SELECT * FROM calendar WHERE id = ?").decodeFirst(arguments: [id.rawValue], Self.calendar(from:))
        }
    }

    public func update(_ calendar: CalendarCollection, expectedVersion: Int) async throws -> CalendarCollection {
        try await database.write { db in
            try db.cachedStatement(
                sql: """
                    UPDATE calendar SET name = ?, description = ?, color = ?, timeZone = ?, displayOrder = ?, updatedAt = ?,
                                        version = version + 1
                    WHERE id = ? AND version = ?
                    """
            ).execute(arguments: [
                calendar.name, calendar.description, calendar.color, calendar.timeZone, calendar.displayOrder, calendar.updatedAt,
                calendar.id.rawValue, expectedVersion,
            ])
            let changed = db.changesCount
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM calendar WHERE id = ?"), arguments: [calendar.id.rawValue]) else {
                throw CalendarError.notFound
            }
            let stored = Self.calendar(from: row)
            if changed == 0 { throw CalendarError.versionMismatch(current: stored.version) }
            return stored
        }
    }

    public func delete(id: CalendarID, expectedVersion: Int) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM calendar WHERE id = ? AND version = ?").execute(arguments: [id.rawValue, expectedVersion])
            if db.changesCount == 0 {
                let current = try Int.fetchOne(db.cachedStatement(sql: "SELECT version FROM calendar WHERE id = ?"), arguments: [id.rawValue])
                throw current.map { CalendarError.versionMismatch(current: $0) } ?? CalendarError.notFound
            }
        }
    }

    public func setFeedTokenHash(_ hash: String?, for id: CalendarID, at date: Date) async throws {
        try await database.write { db in
            try db.cachedStatement(sql: "DELETE FROM calendarFeed WHERE calendarID = ?").execute(arguments: [id.rawValue])
            if let hash {
                try db.cachedStatement(sql: "INSERT INTO calendarFeed (calendarID, tokenHash, createdAt) VALUES (?, ?, ?)").execute(arguments: [
                    id.rawValue, hash, date,
                ])
            }
        }
    }

    public func calendar(feedTokenHash: String) async throws -> CalendarCollection? {
        try database.readNow { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT calendar.* FROM calendar JOIN calendarFeed ON calendarFeed.calendarID = calendar.id WHERE tokenHash = ?"),
                arguments: [feedTokenHash]
            ).map(Self.calendar(from:))
        }
    }

    public func davNames(ownedBy owner: UserID) async throws -> [CalendarID: String] {
        try database.readNow { db in
            // Read on every CalDAV request into a calendar home: the partial unique index
            // (ownerID, davName) answers it without touching the rows of calendars made elsewhere.
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT id, davName FROM calendar WHERE ownerID = ? AND davName IS NOT NULL"), arguments: [owner.rawValue])
            var names: [CalendarID: String] = [:]
            while let row = try rows.next() { names[CalendarID(rawValue: row[0])] = row[1] }
            return names
        }
    }

    static func calendar(from row: Row) -> CalendarCollection {
        CalendarCollection(
            id: CalendarID(rawValue: row["id"]), ownerID: UserID(rawValue: row["ownerID"]), name: row["name"], description: row["description"],
            color: row["color"], timeZone: row["timeZone"], createdAt: row["createdAt"], updatedAt: row["updatedAt"], version: row["version"],
            eventsVersion: row["eventsVersion"], groupID: (row["groupID"] as String?).map(GroupID.init(rawValue:)), davName: row["davName"],
            displayOrder: row["displayOrder"], eventCount: row["eventCount"], shareCount: row["shareCount"])
    }
}
