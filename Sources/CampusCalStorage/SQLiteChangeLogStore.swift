import CampusCalCore
import Foundation
import GRDB

/// `ChangeLogStore` on SQLite: the `changeLog` table that triggers keep (`ChangeLogSchema`).
///
/// Numbers are handed out inside write transactions, and SQLite has one writer, so they become
/// visible in order: a read that sees change n sees every change before it, and "the newest number
/// in this snapshot" is a token that skips nothing. (A database with concurrent writers would
/// need more than a sequence here.)
public struct SQLiteChangeLogStore: ChangeLogStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func changes(in collections: Set<ChangeCollection>, after token: SyncToken?, limit: Int) async throws -> ChangeLogPage {
        let ids = Array(Set(collections.map(\.id)))
        return try database.readNow { db in
            let latest = try Int64.fetchOne(db.cachedStatement(sql: "SELECT seq FROM sqlite_sequence WHERE name = 'changeLog'")) ?? 0
            let prunedThrough = try Int64.fetchOne(db.cachedStatement(sql: "SELECT prunedThrough FROM changeLogHorizon WHERE id = 1")) ?? 0
            var records: [ChangeRecord] = []
            var hasMore = false
            if !ids.isEmpty {
                // (collection, seq) index: one range per collection, merged by the sort.
                let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
                let rows = try Row.fetchCursor(
                    db.cachedStatement(
                        sql: """
                            SELECT seq, kind, collection, itemID, deleted, hidden, shown, uid FROM changeLog
                            WHERE collection IN (\(placeholders)) AND seq > ?\(token == nil ? " AND NOT deleted" : "")
                            ORDER BY seq LIMIT ?
                            """),
                    arguments: StatementArguments(ids) + [token?.number ?? 0, limit + 1])
                while let row = try rows.next() {
                    let kind = ChangeKind(rawValue: row[1]) ?? .event  // the CHECK allows no other
                    if records.count == limit {
                        hasMore = true
                        break
                    }
                    // Every row read is returned, so the caller's next token is the last one read;
                    // its kind names the collection (the caller drops any it did not ask for).
                    let collection = ChangeCollection(kind: kind, id: row[2])
                    records.append(
                        ChangeRecord(
                            token: SyncToken(row[0]), collection: collection, itemID: row[3], deleted: row[4], hidden: row[5], shown: row[6],
                            uid: row[7]))
                }
            }
            return ChangeLogPage(records: records, hasMore: hasMore, latest: SyncToken(latest), prunedThrough: SyncToken(prunedThrough))
        }
    }

    public func pruneTombstones(olderThan cutoff: Date, now: Date) async throws -> Int {
        try await database.write { db in
            let latest = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'changeLog'") ?? 0
            try db.execute(sql: "INSERT OR REPLACE INTO changeLogMark (markedAt, seq) VALUES (?, ?)", arguments: [now, latest])
            guard
                let mark = try Row.fetchOne(
                    db, sql: "SELECT markedAt, seq FROM changeLogMark WHERE markedAt <= ? ORDER BY markedAt DESC LIMIT 1", arguments: [cutoff])
            else { return 0 }
            let boundary: Int64 = mark[1]
            // Marks older than the boundary are never needed again.
            try db.execute(sql: "DELETE FROM changeLogMark WHERE markedAt < ?", arguments: [mark[0] as DatabaseValue])
            let newest = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM changeLog WHERE deleted AND seq <= ?", arguments: [boundary])
            guard let newest else { return 0 }
            try db.execute(sql: "DELETE FROM changeLog WHERE deleted AND seq <= ?", arguments: [newest])
            let pruned = db.changesCount
            try db.execute(sql: "UPDATE changeLogHorizon SET prunedThrough = max(prunedThrough, ?) WHERE id = 1", arguments: [newest])
            return pruned
        }
    }
}
