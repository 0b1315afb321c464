import CampusCalCore
import Foundation
import GRDB

/// `PluginCalendarStore` on SQLite (table `pluginCalendar`). Deleting the calendar sets the link's
/// calendar to NULL (a foreign key), which is how "the person removed it" is remembered.
public struct SQLitePluginCalendarStore: PluginCalendarStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func link(plugin: String, user: UserID) async throws -> PluginCalendarLink {
        try await database.pool.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT calendarID FROM pluginCalendar WHERE pluginID = ? AND userID = ?", arguments: [plugin, user.rawValue])
            else { return .none }
            let calendar: String? = row["calendarID"]
            return calendar.map { .calendar(CalendarID(rawValue: $0)) } ?? .removedByOwner
        }
    }

    public func setLink(plugin: String, user: UserID, calendar: CalendarID) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO pluginCalendar (pluginID, userID, calendarID) VALUES (?, ?, ?)",
                arguments: [plugin, user.rawValue, calendar.rawValue])
        }
    }
}
