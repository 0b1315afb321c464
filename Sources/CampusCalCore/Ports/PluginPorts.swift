import Foundation

/// Plugins' small key-value state, kept across restarts and while a plugin is disabled.
///
/// Synchronous on purpose: it is called from inside a plugin's C call, on the plugin's own worker
/// thread (never an event loop), which cannot await.
public protocol PluginStateStore: Sendable {
    func value(plugin: String, key: String) throws -> String?
    /// Stores `value` (nil deletes) in its own durable transaction.
    func setValue(_ value: String?, plugin: String, key: String) throws
    /// The bytes of all the plugin's values, for its quota.
    func totalBytes(plugin: String) throws -> Int
}

/// Which plugins an administrator turned off; synchronous like `PluginStateStore`.
public protocol PluginSettingsStore: Sendable {
    func disabledPlugins() throws -> Set<String>
    func setEnabled(_ enabled: Bool, plugin: String) throws
}
