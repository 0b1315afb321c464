import GRDB

/// How many events a calendar holds and how many shares it has, kept on its row by triggers:
/// the migration `2026-12-07-calendar-counts`.
///
/// This is part of a released migration once shipped: never edit it; change the counts in a new
/// migration.
///
/// Why on the row: every new event checks its calendar's bound (`limits.max_events_per_calendar`)
/// and every event write asks whether anyone but the owner sees the calendar (the change notice of
/// `CalendarService.noteEventsChanged`). Both were reads of their own on each CalDAV PUT and REST
/// create — the bound a `COUNT(*)` over the calendar's events, slower the fuller it was — and the
/// calendar row they now ride on is read by every write anyway. Why triggers: for the reason the
/// `eventsVersion` and change-log triggers are triggers (`ChangeLogSchema`) — every path that
/// writes an event or a share (REST, CalDAV, imports, LMS syncs, plugin calendars, a cascade from
/// a deleted user or group) reaches the tables, so no path can forget a count. The event triggers
/// are the `eventsVersion` ones, rewritten: the calendar row they already update takes the count
/// in the same statement, so an event write changes no more pages than before.
enum CalendarCountsSchema {
    static func create(in db: Database) throws {
        try db.alter(table: "calendar") { t in
            t.add(column: "eventCount", .integer).notNull().defaults(to: 0)
            t.add(column: "shareCount", .integer).notNull().defaults(to: 0)
        }
        let eventTriggers = [
            ("INSERT", "eventCount + 1", "NEW.calendarID"),
            // An event moved to another calendar leaves one count and joins the other.
            ("UPDATE", "eventCount + (id = NEW.calendarID) - (id = OLD.calendarID)", "OLD.calendarID, NEW.calendarID"),
            ("DELETE", "eventCount - 1", "OLD.calendarID"),
        ]
        for (name, count, calendars) in eventTriggers {
            let trigger = "event_\(name.lowercased())_bumps_calendar"
            try db.execute(
                sql: """
                    DROP TRIGGER \(trigger);
                    CREATE TRIGGER \(trigger) AFTER \(name) ON event BEGIN
                      UPDATE calendar SET eventsVersion = eventsVersion + 1, eventCount = \(count) WHERE id IN (\(calendars));
                    END
                    """)
        }
        let shareTriggers = [
            ("INSERT", "shareCount + 1", "NEW.calendarID"),
            ("UPDATE OF calendarID", "shareCount + (id = NEW.calendarID) - (id = OLD.calendarID)", "OLD.calendarID, NEW.calendarID"),
            ("DELETE", "shareCount - 1", "OLD.calendarID"),
        ]
        for (name, count, calendars) in shareTriggers {
            try db.execute(
                sql: """
                    CREATE TRIGGER calendarShare_\(name.prefix(6).lowercased())_counts AFTER \(name) ON calendarShare BEGIN
                      UPDATE calendar SET shareCount = \(count) WHERE id IN (\(calendars));
                    END
                    """)
        }
        try db.execute(
            sql: """
                UPDATE calendar SET
                  eventCount = (SELECT COUNT(*) FROM event WHERE calendarID = calendar.id),
                  shareCount = (SELECT COUNT(*) FROM calendarShare WHERE calendarID = calendar.id)
                """)
    }
}
