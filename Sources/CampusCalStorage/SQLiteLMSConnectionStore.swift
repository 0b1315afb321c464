import CampusCalCore
import Foundation
import GRDB

/// `LMSConnectionStore` on SQLite. A sync's changes (`apply`) are one transaction: a crash or a
/// conflict midway leaves the student's tasks and calendar as they were.
public struct SQLiteLMSConnectionStore: LMSConnectionStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func insert(_ connection: LMSConnection, sealedCredentials: [UInt8]) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO lmsConnection (id, ownerID, kind, baseURL, calendarID, sealedCredentials, status, statusReason, lastSyncAt,
                                               lastReport, createdAt, updatedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    connection.id.rawValue, connection.ownerID.rawValue, connection.kind.rawValue, connection.baseURL,
                    connection.calendarID.rawValue, Data(sealedCredentials), connection.status.name, Self.reason(connection.status),
                    connection.lastSyncAt, try connection.lastReport.map(Self.json), connection.createdAt, connection.updatedAt,
                ])
        }
    }

    public func connection(id: LMSConnectionID) async throws -> LMSConnection? {
        try await database.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM lmsConnection WHERE id = ?", arguments: [id.rawValue]).map(Self.connection(from:))
        }
    }

    public func connections(ownedBy owner: UserID) async throws -> [LMSConnection] {
        try await database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM lmsConnection WHERE ownerID = ? ORDER BY createdAt, id", arguments: [owner.rawValue])
                .map(Self.connection(from:))
        }
    }

    public func activeConnections(notSyncedSince date: Date, limit: Int) async throws -> [LMSConnection] {
        try await database.pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM lmsConnection WHERE status = 'active'
                        AND (COALESCE(lastAttemptAt, lastSyncAt) IS NULL OR COALESCE(lastAttemptAt, lastSyncAt) < ?)
                    ORDER BY lastSyncAt IS NOT NULL, lastSyncAt LIMIT ?
                    """,
                arguments: [date, limit]
            ).map(Self.connection(from:))
        }
    }

    public func sealedCredentials(of id: LMSConnectionID) async throws -> [UInt8]? {
        try await database.pool.read { db in
            try Data.fetchOne(db, sql: "SELECT sealedCredentials FROM lmsConnection WHERE id = ?", arguments: [id.rawValue]).map { [UInt8]($0) }
        }
    }

    public func replaceCredentials(of id: LMSConnectionID, sealed: [UInt8], status: LMSConnectionStatus, at date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE lmsConnection SET sealedCredentials = ?, status = ?, statusReason = ?, updatedAt = ? WHERE id = ?",
                arguments: [Data(sealed), status.name, Self.reason(status), date, id.rawValue])
        }
    }

    public func recordSyncAttempt(of id: LMSConnectionID, at date: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE lmsConnection SET lastAttemptAt = ? WHERE id = ?", arguments: [date, id.rawValue])
        }
    }

    public func recordSync(of id: LMSConnectionID, status: LMSConnectionStatus, report: LMSSyncReport?, at date: Date) async throws {
        let reportJSON = try report.map(Self.json)
        try await database.write { db in
            // A failed attempt keeps the last good report's time only when there is no new report.
            try db.execute(
                sql: """
                    UPDATE lmsConnection SET status = ?, statusReason = ?, lastSyncAt = COALESCE(?, lastSyncAt),
                        lastReport = COALESCE(?, lastReport), updatedAt = ? WHERE id = ?
                    """,
                arguments: [status.name, Self.reason(status), report == nil ? nil : date, reportJSON, date, id.rawValue])
        }
    }

    public func delete(id: LMSConnectionID) async throws {
        try await database.write { db in try db.execute(sql: "DELETE FROM lmsConnection WHERE id = ?", arguments: [id.rawValue]) }
    }

    public func apply(_ plan: LMSSyncPlan) async throws {
        let taskInserts = plan.insertTasks.map(SQLiteTaskStore.arguments(for:))
        let taskUpdates = plan.updateTasks.map { update -> (StatementArguments, String, Int) in
            var next = update.task
            next.version = update.expectedVersion + 1
            return (SQLiteTaskStore.updateArguments(for: next), update.task.id.rawValue, update.expectedVersion)
        }
        let eventInserts = plan.insertEvents.map(SQLiteEventStore.arguments(for:))
        let eventReplaces = plan.replaceEvents.map { SQLiteEventStore.arguments(for: $0) + [$0.id.rawValue] }
        try await database.write { db in
            let insertTask = try db.cachedStatement(sql: "INSERT INTO task (\(SQLiteTaskStore.columns)) VALUES (\(SQLiteTaskStore.placeholders))")
            for arguments in taskInserts { try insertTask.execute(arguments: arguments) }
            let updateTask = try db.cachedStatement(sql: "UPDATE task SET \(SQLiteTaskStore.assignments) WHERE id = ? AND version = ?")
            for (arguments, id, version) in taskUpdates {
                try updateTask.execute(arguments: arguments + [id, version])
                // The student changed it meanwhile: their edit wins, and the whole sync is retried later.
                if db.changesCount == 0 { throw TaskError.versionMismatch(current: version) }
            }
            let insertEvent = try db.cachedStatement(sql: SQLiteEventStore.insertSQL)
            for arguments in eventInserts { try insertEvent.execute(arguments: arguments) }
            let replaceEvent = try db.cachedStatement(sql: SQLiteEventStore.updateSQL + " WHERE id = ?")
            for arguments in eventReplaces { try replaceEvent.execute(arguments: arguments) }
            for id in plan.deleteEvents { try db.execute(sql: "DELETE FROM event WHERE id = ?", arguments: [id.rawValue]) }
        }
    }

    static func reason(_ status: LMSConnectionStatus) -> String? {
        if case .needsReconnect(let reason) = status { return reason }
        return nil
    }

    static func json(_ report: LMSSyncReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }

    static func connection(from row: Row) -> LMSConnection {
        let status: LMSConnectionStatus =
            switch row["status"] as String {
            case "needs-reconnect": .needsReconnect(row["statusReason"] ?? "")
            case "awaiting-authorization": .awaitingAuthorization
            default: .active
            }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let report = (row["lastReport"] as String?).flatMap { try? decoder.decode(LMSSyncReport.self, from: Data($0.utf8)) }
        return LMSConnection(
            id: LMSConnectionID(rawValue: row["id"]), ownerID: UserID(rawValue: row["ownerID"]), kind: LMSKind(rawValue: row["kind"]) ?? .ics,
            baseURL: row["baseURL"], calendarID: CalendarID(rawValue: row["calendarID"]), status: status, lastSyncAt: row["lastSyncAt"],
            lastReport: report, createdAt: row["createdAt"], updatedAt: row["updatedAt"])
    }
}
