import CampusCalCore
import Foundation
import GRDB

/// `PluginStateStore` on SQLite. Synchronous (GRDB's blocking `read`/`write`): it is called from a
/// plugin's C call on the plugin's own worker thread, never from an event loop or a Swift task's
/// cooperative thread. Each `setValue` is its own durable transaction.
public struct SQLitePluginStateStore: PluginStateStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) { self.database = database }

    public func value(plugin: String, key: String) throws -> String? {
        try database.pool.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM pluginState WHERE pluginID = ? AND key = ?", arguments: [plugin, key])
        }
    }

    public func setValue(_ value: String?, plugin: String, key: String) throws {
        try database.pool.write { db in
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
        }
    }

    public func totalBytes(plugin: String) throws -> Int {
        try database.pool.read { db in
            try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(LENGTH(CAST(value AS BLOB))), 0) FROM pluginState WHERE pluginID = ?", arguments: [plugin])
                ?? 0
        }
    }
}

extension SQLitePluginStateStore: PluginSettingsStore {
    public func disabledPlugins() throws -> Set<String> {
        try database.pool.read { db in Set(try String.fetchAll(db, sql: "SELECT pluginID FROM pluginSetting WHERE enabled = 0")) }
    }

    public func setEnabled(_ enabled: Bool, plugin: String) throws {
        try database.pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO pluginSetting (pluginID, enabled, updatedAt) VALUES (?, ?, ?)
                    ON CONFLICT (pluginID) DO UPDATE SET enabled = excluded.enabled, updatedAt = excluded.updatedAt
                    """,
                arguments: [plugin, enabled, Date()])
        }
    }
}
