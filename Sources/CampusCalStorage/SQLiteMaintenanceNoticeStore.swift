import CampusCalCore
import Foundation
import GRDB

/// `MaintenanceNoticeStore` on SQLite.
public struct SQLiteMaintenanceNoticeStore: MaintenanceNoticeStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func insert(_ notice: MaintenanceNotice) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO maintenanceNotice (id, title, message, startsAt, endsAt, urgent, createdBy, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    notice.id.rawValue, notice.title, notice.message, notice.startsAt, notice.endsAt, notice.urgent, notice.createdBy.rawValue,
                    notice.createdAt,
                ])
        }
    }

    public func notice(id: MaintenanceNoticeID) async throws -> MaintenanceNotice? {
        try await database.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.columns) FROM maintenanceNotice WHERE id = ?", arguments: [id.rawValue]).map(Self.notice)
        }
    }

    public func current(at now: Date) async throws -> [MaintenanceNotice] {
        try await database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM maintenanceNotice WHERE endsAt > ? ORDER BY startsAt, id", arguments: [now])
                .map(Self.notice)
        }
    }

    public func delete(id: MaintenanceNoticeID) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM maintenanceNotice WHERE id = ?", arguments: [id.rawValue])
            return db.changesCount > 0
        }
    }

    static let columns = "id, title, message, startsAt, endsAt, urgent, createdBy, createdAt"

    static func notice(_ row: Row) -> MaintenanceNotice {
        MaintenanceNotice(
            id: MaintenanceNoticeID(rawValue: row[0]), title: row[1], message: row[2], startsAt: row[3], endsAt: row[4], urgent: row[5],
            createdBy: UserID(rawValue: row[6]), createdAt: row[7])
    }
}
