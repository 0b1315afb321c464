import GRDB

/// The change log's tables and triggers (issue #29): the migration `2026-12-05-change-log`.
///
/// This is part of a released migration: never edit it; change the log in a new migration. A later
/// migration that rebuilds `event`, `task`, `calendar` or `user` drops their triggers with the
/// table and must create them again (`ChangeLogStoreTests` lists them after every migration).
///
/// Why triggers, not the stores: every write of an event or a task — REST, the LMS sync's
/// `SQLiteLMSConnectionStore.apply`, iCalendar and plugin imports, the plugin calendar bridge, a
/// cascade from a deleted calendar, and CalDAV later — reaches the `event` and `task` tables, and a
/// trigger runs inside the same transaction as the write whatever path made it, exactly as the
/// `eventsVersion` triggers do. A call in the stores would have to be remembered on each of the
/// half-dozen write paths, and a path that forgot would silently lose deletions for every client.
///
/// Never give `event` or `task` a foreign key whose action UPDATEs them (`ON DELETE SET NULL`,
/// `ON UPDATE CASCADE`): SQLite runs such an action under ABORT, which overrides these triggers'
/// `OR REPLACE`, and the parent's delete then fails on the log's unique key (found when
/// `course` deletion was to unlink tasks; `CourseSyncStoreTests.itemsKeepTheirCourseRecordAndOutliveIt`).
/// Unlink with a trigger on the parent instead, as `2026-12-05-items-name-their-course` does.
///
/// One row per item and collection (`INSERT OR REPLACE` on the unique key gives the item a new
/// `seq` and drops its old row), so the log holds at most the items plus the deletion records
/// (tombstones) not yet pruned. `seq` is `AUTOINCREMENT`, so a number is never handed out twice,
/// even after the newest rows were deleted: it is the sync token.
enum ChangeLogSchema {
    static func create(in db: Database) throws {
        // kind: `event` (collection: its calendar) or `task` (collection: its owner's task list,
        // the owner's user id). `hidden`: the event is private or confidential now, so it is busy
        // time, without an id, to everyone but the owner. `shown`: it was public at some point in
        // this collection, so people the calendar is shared with may hold it and must hear when it
        // goes (becomes private, moves or is deleted). `uid`: an event's UID, which names its CalDAV
        // resource — kept in the deletion record too, where the event row is gone.
        try db.execute(
            sql: """
                CREATE TABLE changeLog (
                  seq INTEGER PRIMARY KEY AUTOINCREMENT,
                  kind TEXT NOT NULL CHECK (kind IN ('event', 'task')),
                  collection TEXT NOT NULL,
                  itemID TEXT NOT NULL,
                  deleted BOOLEAN NOT NULL,
                  hidden BOOLEAN NOT NULL DEFAULT 0,
                  shown BOOLEAN NOT NULL DEFAULT 0,
                  uid TEXT
                );
                CREATE UNIQUE INDEX changeLog_item ON changeLog (collection, kind, itemID);
                CREATE INDEX changeLog_collection_seq ON changeLog (collection, seq);
                CREATE INDEX changeLog_tombstones ON changeLog (seq) WHERE deleted;
                """)
        // Tombstones are pruned by age without a clock inside SQLite (the server's clock is the
        // one tests move): maintenance notes the newest `seq` at each run, and prunes the
        // tombstones numbered at or below the newest mark older than `sync.tombstone_days`.
        try db.create(table: "changeLogMark") { t in
            t.primaryKey("markedAt", .datetime)
            t.column("seq", .integer).notNull()
        }
        // The newest pruned tombstone: a client whose token is older may have missed a deletion.
        try db.create(table: "changeLogHorizon") { t in
            t.primaryKey("id", .integer).check(sql: "id = 1")
            t.column("prunedThrough", .integer).notNull()
        }
        try db.execute(sql: "INSERT INTO changeLogHorizon (id, prunedThrough) VALUES (1, 0)")
        try createEventTriggers(in: db)
        try createTaskTriggers(in: db)
        // Items written before this migration are in the log as they are now, so a first sync
        // (no token) lists them and later tokens see their changes.
        try db.execute(
            sql: """
                INSERT INTO changeLog (kind, collection, itemID, deleted, hidden, shown, uid)
                  SELECT 'event', calendarID, id, 0, classification <> 'PUBLIC', classification = 'PUBLIC', uid FROM event ORDER BY rowid;
                INSERT INTO changeLog (kind, collection, itemID, deleted) SELECT 'task', ownerID, id, 0 FROM task ORDER BY rowid;
                """)
    }

    /// `shown` stays set once set: an event that was public, then private, then changed again is
    /// still one the calendar's other viewers may hold.
    private static func shownBefore(_ collection: String, _ item: String) -> String {
        "coalesce((SELECT shown FROM changeLog WHERE collection = \(collection) AND kind = 'event' AND itemID = \(item)), 0)"
    }

    /// An insert is a new id (random UUIDs), so it has no earlier row to read `shown` from; not
    /// looking saves the hot path an index probe per event.
    private static func createEventTriggers(in db: Database) throws {
        let insert = "INSERT OR REPLACE INTO changeLog (kind, collection, itemID, deleted, hidden, shown, uid)"
        try db.execute(
            sql: """
                CREATE TRIGGER event_insert_logs_change AFTER INSERT ON event BEGIN
                  \(insert) VALUES ('event', NEW.calendarID, NEW.id, 0, NEW.classification <> 'PUBLIC', NEW.classification = 'PUBLIC', NEW.uid);
                END;
                CREATE TRIGGER event_update_logs_change AFTER UPDATE ON event BEGIN
                  \(insert) SELECT 'event', OLD.calendarID, OLD.id, 1, OLD.classification <> 'PUBLIC',
                    OLD.classification = 'PUBLIC' OR \(shownBefore("OLD.calendarID", "OLD.id")), OLD.uid
                    WHERE OLD.calendarID IS NOT NEW.calendarID OR OLD.id IS NOT NEW.id;
                  \(insert) VALUES ('event', NEW.calendarID, NEW.id, 0, NEW.classification <> 'PUBLIC',
                    NEW.classification = 'PUBLIC' OR \(shownBefore("NEW.calendarID", "NEW.id"))
                    OR (OLD.classification = 'PUBLIC' AND OLD.calendarID IS NEW.calendarID AND OLD.id IS NEW.id), NEW.uid);
                END;
                CREATE TRIGGER event_delete_logs_change AFTER DELETE ON event BEGIN
                  \(insert) VALUES ('event', OLD.calendarID, OLD.id, 1, OLD.classification <> 'PUBLIC',
                    OLD.classification = 'PUBLIC' OR \(shownBefore("OLD.calendarID", "OLD.id")), OLD.uid);
                END;
                """)
        // A deleted calendar is gone for everyone who saw it (clients drop it with its events when
        // it leaves `calendars`), so its events' tombstones — written by the cascade just before
        // this runs — would only wait to be pruned; they go with it.
        try db.execute(
            sql: """
                CREATE TRIGGER calendar_delete_drops_change_log AFTER DELETE ON calendar BEGIN
                  DELETE FROM changeLog WHERE collection = OLD.id AND kind = 'event';
                END;
                """)
    }

    private static func createTaskTriggers(in db: Database) throws {
        let insert = "INSERT OR REPLACE INTO changeLog (kind, collection, itemID, deleted)"
        try db.execute(
            sql: """
                CREATE TRIGGER task_insert_logs_change AFTER INSERT ON task BEGIN
                  \(insert) VALUES ('task', NEW.ownerID, NEW.id, 0);
                END;
                CREATE TRIGGER task_update_logs_change AFTER UPDATE ON task BEGIN
                  \(insert) SELECT 'task', OLD.ownerID, OLD.id, 1 WHERE OLD.ownerID IS NOT NEW.ownerID OR OLD.id IS NOT NEW.id;
                  \(insert) VALUES ('task', NEW.ownerID, NEW.id, 0);
                END;
                CREATE TRIGGER task_delete_logs_change AFTER DELETE ON task BEGIN
                  \(insert) VALUES ('task', OLD.ownerID, OLD.id, 1);
                END;
                """)
        // Account deletion: the person's tasks were just deleted by cascade, leaving tombstones
        // that name them; nobody can ask for them any more, so they go with the account.
        try db.execute(
            sql: """
                CREATE TRIGGER user_delete_drops_change_log AFTER DELETE ON user BEGIN
                  DELETE FROM changeLog WHERE collection = OLD.id AND kind = 'task';
                END;
                """)
    }
}
