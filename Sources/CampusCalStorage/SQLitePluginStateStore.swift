import CampusCalCore
import Foundation
import GRDB
import Synchronization

/// `PluginStateStore` on SQLite. Synchronous (GRDB's blocking `read`/`write`): it is called from a
/// plugin's C call on the plugin's own worker thread, never from an event loop or a Swift task's
/// cooperative thread. Each `setValue` is its own transaction.
///
/// Durability: plugin state is committed with `synchronous=NORMAL` (WAL): a commit survives a crash
/// or kill of the server, but the last ones before a power cut may be lost — plugin state is a
/// plugin's bookkeeping (points, counters), never a change the API acknowledged, and a completed
/// task costing a second fsync for its points made the API 20% slower (docs/PERFORMANCE.md). It
/// goes through the server's one writer (a second writer connection starved under load), which is
/// switched to NORMAL for this commit only and back to FULL before anything else may write.
public struct SQLitePluginStateStore: PluginStateStore {
    let database: SQLiteDatabase
    /// Each plugin's bytes in all, counted once and then kept up to date (every write goes through here).
    private let totals: Totals

    final class Totals: Sendable {
        let bytes = Mutex<[String: Int]>([:])
    }

    public init(database: SQLiteDatabase) {
        self.database = database
        totals = Totals()
    }

    public func value(plugin: String, key: String) throws -> String? {
        try database.pool.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM pluginState WHERE pluginID = ? AND key = ?", arguments: [plugin, key])
        }
    }

    public func setValue(_ value: String?, plugin: String, key: String, quota: Int) throws -> Bool {
        try setValues([PluginStateWrite(key: key, value: value)], plugin: plugin, quota: quota)
    }

    public func setValues(_ writes: [PluginStateWrite], plugin: String, quota: Int) throws -> Bool {
        guard !writes.isEmpty else { return true }
        return try database.pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            defer { try? db.execute(sql: "PRAGMA synchronous = FULL") }
            var total: Int?
            try db.inTransaction {
                for write in writes {
                    total = try store(write.value, plugin: plugin, key: write.key, quota: quota, total: total, db)
                    if total == nil { return .rollback }
                }
                return .commit
            }
            guard let total else { return false }
            totals.bytes.withLock { $0[plugin] = total }  // committed: the count is true now
            return true
        }
    }

    public func totalBytes(plugin: String) throws -> Int {
        if let known = totals.bytes.withLock({ $0[plugin] }) { return known }
        let total = try database.pool.read { db in try Int.fetchOne(db, sql: Self.sumSQL, arguments: [plugin]) ?? 0 }
        totals.bytes.withLock { $0[plugin] = $0[plugin] ?? total }
        return total
    }

    private static let sumSQL = "SELECT COALESCE(SUM(LENGTH(CAST(value AS BLOB))), 0) FROM pluginState WHERE pluginID = ?"

    /// The write itself, inside the caller's transaction: the plugin's new total, or nil (nothing
    /// written) past the quota.
    /// `total`: the plugin's total so far in this transaction (nil: as committed).
    private func store(_ value: String?, plugin: String, key: String, quota: Int, total: Int?, _ db: Database) throws -> Int? {
        let total = try total ?? totals.bytes.withLock { $0[plugin] } ?? Int.fetchOne(db, sql: Self.sumSQL, arguments: [plugin]) ?? 0
        let old =
            try Int.fetchOne(db, sql: "SELECT LENGTH(CAST(value AS BLOB)) FROM pluginState WHERE pluginID = ? AND key = ?", arguments: [plugin, key])
            ?? 0
        let after = total - old + (value?.utf8.count ?? 0)
        guard value == nil || after <= quota else { return nil }
        if let value {
            try db.execute(
                sql: """
                    INSERT INTO pluginState (pluginID, key, value, updatedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (pluginID, key) DO UPDATE SET value = excluded.value, updatedAt = excluded.updatedAt
                    """,
                arguments: [plugin, key, value, Date()])
        } else {
            try db.execute(sql: "DELETE FROM pluginState WHERE pluginID = ? AND key = ?", arguments: [plugin, key])
        }
        return after
    }
}

extension SQLitePluginStateStore: PluginSettingsStore {
    public func disabledPlugins() throws -> Set<String> {
        try database.pool.read { db in Set(try String.fetchAll(db, sql: "SELECT pluginID FROM pluginSetting WHERE enabled = 0")) }
    }

    public func enabledPlugins() throws -> Set<String> {
        try database.pool.read { db in Set(try String.fetchAll(db, sql: "SELECT pluginID FROM pluginSetting WHERE enabled = 1")) }
    }

    public func setEnabled(_ enabled: Bool, plugin: String) throws {
        try database.writeWaiting { db in
            try db.execute(
                sql: """
                    INSERT INTO pluginSetting (pluginID, enabled, updatedAt) VALUES (?, ?, ?)
                    ON CONFLICT (pluginID) DO UPDATE SET enabled = excluded.enabled, updatedAt = excluded.updatedAt
                    """,
                arguments: [plugin, enabled, Date()])
        }
    }
}
