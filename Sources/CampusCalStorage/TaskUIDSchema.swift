import GRDB

/// Tasks as CalDAV resources (issue #29): the migration `2026-12-06-task-uids`. Released once
/// shipped: never edit it; change things in a new migration.
///
/// A task made on a phone keeps the VTODO UID the phone gave it, which names its resource
/// (`<UID>.ics`); every other task has none and answers to `<id>@campuscal`. Unique per owner
/// (one task calendar per person), and the index is partial: most tasks have no UID of their own.
///
/// The change log's task triggers (`ChangeLogSchema`) are made again to record the UID too — in
/// deletion records, where the task row is gone, it is the only way a sync can name the resource
/// that went. Same names, same rows otherwise (`ChangeLogStoreTests` lists them after every migration).
enum TaskUIDSchema {
    static func create(in db: Database) throws {
        try db.alter(table: "task") { t in t.add(column: "uid", .text) }
        try db.execute(sql: "CREATE UNIQUE INDEX task_owner_uid ON task (ownerID, uid) WHERE uid IS NOT NULL")
        let insert = "INSERT OR REPLACE INTO changeLog (kind, collection, itemID, deleted, uid)"
        func uid(_ row: String) -> String { "coalesce(\(row).uid, \(row).id || '@campuscal')" }
        try db.execute(
            sql: """
                DROP TRIGGER task_insert_logs_change;
                DROP TRIGGER task_update_logs_change;
                DROP TRIGGER task_delete_logs_change;
                CREATE TRIGGER task_insert_logs_change AFTER INSERT ON task BEGIN
                  \(insert) VALUES ('task', NEW.ownerID, NEW.id, 0, \(uid("NEW")));
                END;
                CREATE TRIGGER task_update_logs_change AFTER UPDATE ON task BEGIN
                  \(insert) SELECT 'task', OLD.ownerID, OLD.id, 1, \(uid("OLD")) WHERE OLD.ownerID IS NOT NEW.ownerID OR OLD.id IS NOT NEW.id;
                  \(insert) VALUES ('task', NEW.ownerID, NEW.id, 0, \(uid("NEW")));
                END;
                CREATE TRIGGER task_delete_logs_change AFTER DELETE ON task BEGIN
                  \(insert) VALUES ('task', OLD.ownerID, OLD.id, 1, \(uid("OLD")));
                END;
                UPDATE changeLog SET uid = itemID || '@campuscal' WHERE kind = 'task' AND uid IS NULL;
                """)
    }
}
