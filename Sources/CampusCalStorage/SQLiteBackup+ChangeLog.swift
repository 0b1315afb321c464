import GRDB

/// A restore and the change log's sync tokens (issue #29).
///
/// A restored database numbers its changes again from where the backup stood, so a client holding
/// a token the replaced database handed out would later be answered with other changes under the
/// same numbers, and keep items deleted since the backup. The restore therefore moves the log past
/// every number the replaced database handed out and marks all of them pruned: those clients get
/// 410 `sync-token-expired` and start over.
extension SQLiteBackup {
    /// The newest change number `database` handed out; 0 without a change log.
    static func latestChange(in database: some DatabaseReader) throws -> Int64 {
        try database.read { db in
            guard try db.tableExists("changeLogHorizon") else { return 0 }
            return try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'changeLog'") ?? 0
        }
    }

    /// Expires every token up to `handedOut` in the restored `database`, which goes on numbering after it.
    static func expireTokens(through handedOut: Int64, in database: some DatabaseWriter) throws {
        guard handedOut > 0 else { return }
        try database.write { db in
            // A backup from before the change log gets one at the next start, numbered from the
            // items it holds; not covered here (docs/OPERATIONS.md §4.3 says to re-sync clients).
            guard try db.tableExists("changeLogHorizon") else { return }
            let restored = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'changeLog'") ?? 0
            let floor = max(restored, handedOut) + 1
            try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = 'changeLog'")
            try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('changeLog', ?)", arguments: [floor])
            try db.execute(sql: "UPDATE changeLogHorizon SET prunedThrough = ? WHERE id = 1", arguments: [floor])
        }
    }
}
