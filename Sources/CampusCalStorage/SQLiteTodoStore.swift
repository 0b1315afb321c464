import CampusCalCore
import Foundation
import GRDB

/// `TodoStore` on SQLite: one row per line, `position` giving the order.
public struct SQLiteTodoStore: TodoStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func entries(ownedBy owner: UserID) async throws -> [TodoEntry] {
        try database.readNow { db in
            try db.cachedStatement(
                sql: "SELECT id, ownerID, position, taskID, text, completedAt, createdAt FROM todoEntry WHERE ownerID = ? ORDER BY position, id"
            ).decodeAll(arguments: [owner.rawValue]) { row in
                TodoEntry(
                    id: TodoEntryID(rawValue: row[0]), ownerID: UserID(rawValue: row[1]), position: row[2],
                    taskID: (row[3] as String?).map(TaskID.init(rawValue:)), text: row[4], completedAt: row[5], createdAt: row[6])
            }
        }
    }

    /// The list is read, changed and written back whole, so between the read and this write the
    /// person may have deleted a task a line names, or their account: the line then goes, as a
    /// deleted task takes its lines (the schema's cascade), and a list of an account that is gone
    /// is not written — rather than a foreign-key failure answered as a server error (found by the
    /// contract fuzzer, which deletes things while it changes others).
    public func replaceEntries(of owner: UserID, with entries: [TodoEntry]) async throws {
        try await database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM user WHERE id = ?", arguments: [owner.rawValue]) == true else { return }
            try db.execute(sql: "DELETE FROM todoEntry WHERE ownerID = ?", arguments: [owner.rawValue])
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO todoEntry (id, ownerID, position, taskID, text, completedAt, createdAt)
                    SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE ?4 IS NULL OR EXISTS (SELECT 1 FROM task WHERE id = ?4)
                    """)
            for entry in entries {
                try insert.execute(arguments: [
                    entry.id.rawValue, owner.rawValue, entry.position, entry.taskID?.rawValue, entry.text, entry.completedAt, entry.createdAt,
                ])
            }
        }
    }
}
