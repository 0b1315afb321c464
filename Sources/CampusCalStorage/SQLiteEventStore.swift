import CampusCalCore
import CampusCalICalendar
import Foundation
import GRDB

/// `EventStore` on SQLite. Recurrence is stored as its RFC 5545 text; series bounds index window queries.
public struct SQLiteEventStore: EventStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func insert(_ event: CalendarEvent, reminders: ReminderPlan?, maximumInCalendar: Int?) async throws {
        let arguments = Self.arguments(for: event)
        do {
            try await database.writeNow { db in
                // The count the triggers keep on the calendar row (`CalendarCountsSchema`), read by
                // the writer inside the write: no other insert can come between the check and this one.
                if let maximumInCalendar {
                    let held = try Int.fetchOne(
                        db.cachedStatement(sql: "SELECT eventCount FROM calendar WHERE id = ?"), arguments: [event.calendarID.rawValue])
                    if (held ?? 0) >= maximumInCalendar { throw EventError.calendarFull(maximum: maximumInCalendar) }
                }
                // Cached: compiling the INSERT (and the triggers it fires) was a tenth of a CalDAV PUT.
                try db.cachedStatement(sql: Self.insertSQL).execute(arguments: arguments)
                try ScheduledNoticeRows.write(reminders, in: db)
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw EventError.duplicateUID(event.uid)
        }
    }

    public func event(id: EventID) async throws -> CalendarEvent? {
        try database.readNow { db in
            try db.cachedStatement(sql: "SELECT \(Self.columns) FROM event WHERE id = ?").decodeFirst(arguments: [id.rawValue], Self.event(from:))
        }
    }

    public func events(in calendars: [CalendarID], overlapping from: Date, _ to: Date) async throws -> [CalendarEvent] {
        try database.readNow { db in
            let placeholders = Array(repeating: "?", count: calendars.count).joined(separator: ",")
            var arguments = StatementArguments(calendars.map(\.rawValue))
            arguments += [to.timeIntervalSince1970, from.timeIntervalSince1970]
            return try db.cachedStatement(
                sql: """
                    SELECT \(Self.columns) FROM event WHERE calendarID IN (\(placeholders))
                      AND seriesStart < ? AND (seriesEnd IS NULL OR seriesEnd > ?)
                    """
            ).decodeAll(arguments: arguments, Self.event(from:))
        }
    }

    public func update(_ event: CalendarEvent, expectedVersion: Int, reminders: ReminderPlan?) async throws -> CalendarEvent {
        var next = event
        next.version = expectedVersion + 1
        let arguments = Self.arguments(for: next) + [event.id.rawValue, expectedVersion]
        return try await database.writeNow { db in
            try db.cachedStatement(sql: Self.updateSQL + " WHERE id = ? AND version = ?").execute(arguments: arguments)
            let changed = db.changesCount
            guard
                let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Self.columns) FROM event WHERE id = ?"), arguments: [event.id.rawValue]),
                let stored = Self.event(from: row)
            else { throw EventError.notFound }
            if changed == 0 { throw EventError.versionMismatch(current: stored.version) }
            try ScheduledNoticeRows.write(reminders, in: db)
            return stored
        }
    }

    public func delete(id: EventID, expectedVersion: Int, reminders: ReminderPlan?) async throws {
        try await database.writeNow { db in
            try db.cachedStatement(sql: "DELETE FROM event WHERE id = ? AND version = ?").execute(arguments: [id.rawValue, expectedVersion])
            if db.changesCount == 0 {
                let current = try Int.fetchOne(db, sql: "SELECT version FROM event WHERE id = ?", arguments: [id.rawValue])
                throw current.map { EventError.versionMismatch(current: $0) } ?? EventError.notFound
            }
            try ScheduledNoticeRows.write(reminders, in: db)
        }
    }

    public func event(uid: String, in calendar: CalendarID) async throws -> CalendarEvent? {
        // The (calendarID, uid) unique index answers it.
        try database.readNow { db in
            try db.cachedStatement(sql: "SELECT \(Self.columns) FROM event WHERE calendarID = ? AND uid = ?")
                .decodeFirst(arguments: [calendar.rawValue, uid], Self.event(from:))
        }
    }

    public func eventsByUID(in calendar: CalendarID) async throws -> [String: CalendarEvent] {
        try database.readNow { db in
            var result: [String: CalendarEvent] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT \(Self.columns) FROM event WHERE calendarID = ?", arguments: [calendar.rawValue])
            while let row = try rows.next() {
                if let event = Self.event(from: row) { result[event.uid] = event }
            }
            return result
        }
    }

    public func versionedEvents(in calendar: CalendarID) async throws -> (eventsVersion: Int, events: [CalendarEvent])? {
        try database.readNow { db in
            guard
                let version = try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT eventsVersion FROM calendar WHERE id = ?"), arguments: [calendar.rawValue])
            else { return nil }
            return (
                version,
                try db.cachedStatement(sql: "SELECT \(Self.columns) FROM event WHERE calendarID = ?").decodeAll(
                    arguments: [calendar.rawValue], Self.event(from:))
            )
        }
    }

    public func save(inserting: [CalendarEvent], replacing: [CalendarEvent], reminders: [ReminderPlan]) async throws {
        if inserting.isEmpty && replacing.isEmpty && reminders.isEmpty { return }
        // Series bounds may expand recurrences: compute them before taking the writer.
        let inserts = inserting.map(Self.arguments(for:))
        let replaces = replacing.map { Self.arguments(for: $0) + [$0.id.rawValue] }
        try await database.write { db in
            let insert = try db.cachedStatement(sql: Self.insertSQL)
            for arguments in inserts { try insert.execute(arguments: arguments) }
            let replace = try db.cachedStatement(sql: Self.updateSQL + " WHERE id = ?")
            for arguments in replaces { try replace.execute(arguments: arguments) }
            for plan in reminders { try ScheduledNoticeRows.write(plan, in: db) }
        }
    }

    /// Every column, in the order of `arguments(for:)`; callers add the WHERE clause.
    static let updateSQL = """
        UPDATE event SET id = ?, calendarID = ?, uid = ?, title = ?, description = ?, location = ?, url = ?, start = ?, "end" = ?,
          recurrenceRule = ?, recurrenceDates = ?, exceptionDates = ?, categories = ?, classification = ?, status = ?,
          transparency = ?, sequence = ?, createdAt = ?, updatedAt = ?, version = ?, seriesStart = ?, seriesEnd = ?, overrides = ?,
          reminders = ?, courseID = ?
        """

    static let insertSQL = """
        INSERT INTO event (id, calendarID, uid, title, description, location, url, start, "end", recurrenceRule,
          recurrenceDates, exceptionDates, categories, classification, status, transparency, sequence, createdAt, updatedAt,
          version, seriesStart, seriesEnd, overrides, reminders, courseID)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    static func arguments(for event: CalendarEvent) -> StatementArguments {
        let bounds = EventSeriesBounds.of(event)
        // Most events have no categories: "[]" without a trip through JSONSerialization.
        let categories =
            event.categories.isEmpty
            ? "[]" : (try? JSONSerialization.data(withJSONObject: event.categories)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return [
            event.id.rawValue, event.calendarID.rawValue, event.uid, event.title, event.description, event.location, event.url,
            EventTimeColumn.encode(event.start), EventTimeColumn.encode(event.end), event.recurrence?.rules.first?.rfc5545,
            EventTimeColumn.encodeList(event.recurrence?.rdates ?? []), EventTimeColumn.encodeList(event.recurrence?.exdates ?? []),
            categories, event.classification.rawValue, event.status.rawValue, event.transparency.rawValue, event.sequence,
            StoredDate.text(event.createdAt), StoredDate.text(event.updatedAt), event.version, bounds.start.timeIntervalSince1970,
            bounds.end?.timeIntervalSince1970,
            OverridesColumn.encode(event.overrides), RemindersColumn.encode(event.reminders), event.courseID?.rawValue,
        ]
    }

    /// The columns an event is read from, by position: reading a row by index skips GRDB's
    /// per-column name lookup, which a calendar view would otherwise pay hundreds of times.
    private enum Column: Int, CaseIterable {
        case id, calendarID, uid, title, description, location, url, start, end, recurrenceRule, recurrenceDates, exceptionDates
        case categories, classification, status, transparency, sequence, createdAt, updatedAt, version, overrides, reminders, courseID
    }

    static let columns = Column.allCases.map { "\"\($0)\"" }.joined(separator: ", ")

    /// The event of a row; nil (skipped) only if the row was written by a newer, incompatible version.
    static func event(from row: Row) -> CalendarEvent? {
        // `StatementColumnConvertible` picks GRDB's direct column read; with `DatabaseValueConvertible`
        // alone every column went through an unspecialised generic decode that looks up type metadata
        // at run time — a seventh of the task list's CPU (issue #11).
        func column<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ column: Column) -> Value { row[column.rawValue] }
        func optional<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ column: Column) -> Value? { row[column.rawValue] }
        guard let start = EventTimeColumn.decode(column(.start)), let end = EventTimeColumn.decode(column(.end)),
            let classification = EventClassification(rawValue: column(.classification)), let status = EventStatus(rawValue: column(.status)),
            let transparency = EventTransparency(rawValue: column(.transparency))
        else { return nil }
        var recurrence: RecurrenceSet?
        let rule = (optional(.recurrenceRule) as String?).flatMap(ParsedRuleCache.rule)
        let rdates = EventTimeColumn.decodeList(column(.recurrenceDates))
        if rule != nil || !rdates.isEmpty {
            recurrence = RecurrenceSet(
                start: start, rules: rule.map { [$0] } ?? [], rdates: rdates, exdates: EventTimeColumn.decodeList(column(.exceptionDates)))
        }
        let categoriesText: String = column(.categories)
        // Most events have none; JSONSerialization costs microseconds per call on Linux.
        let categories = categoriesText == "[]" ? [] : (try? JSONSerialization.jsonObject(with: Data(categoriesText.utf8))) as? [String] ?? []
        return CalendarEvent(
            id: EventID(rawValue: column(.id)), calendarID: CalendarID(rawValue: column(.calendarID)), uid: column(.uid), title: column(.title),
            description: optional(.description), location: optional(.location), url: optional(.url), start: start, end: end, categories: categories,
            classification: classification, status: status, transparency: transparency, recurrence: recurrence,
            overrides: OverridesColumn.decode(column(.overrides)), sequence: column(.sequence), reminders: RemindersColumn.decode(column(.reminders)),
            createdAt: column(.createdAt),
            updatedAt: column(.updatedAt), version: column(.version), courseID: (optional(.courseID) as String?).map(CourseID.init(rawValue:)))
    }
}
