import CampusCalCore
import Foundation
import GRDB

/// Counts for `/metrics`, read when Prometheus scrapes: each a small aggregate over an index or a
/// short table, never a scan of the big ones.
public struct SQLiteOperationalFigures: Sendable {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    /// LMS connections by kind and state (`LMSConnectionStatus.name`: `active`,
    /// `awaiting-authorization`, `needs-reconnect`). A sync that failed for a passing reason (the
    /// LMS down) leaves a connection `active`; only refused credentials change its state.
    public func lmsConnections() async throws -> [(kind: String, status: String, count: Int)] {
        try await database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT kind, status, COUNT(*) AS n FROM lmsConnection GROUP BY kind, status ORDER BY kind, status")
                .map { ($0["kind"], $0["status"], $0["n"]) }
        }
    }

    /// Accounts, by role.
    public func accounts() async throws -> [(role: String, count: Int)] {
        try await database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT role, COUNT(*) AS n FROM user GROUP BY role ORDER BY role").map { ($0["role"], $0["n"]) }
        }
    }
}
