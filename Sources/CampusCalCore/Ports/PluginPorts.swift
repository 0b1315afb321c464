import Foundation

/// Plugins' small key-value state, kept across restarts and while a plugin is disabled.
///
/// Synchronous on purpose: it is called from inside a plugin's C call, on the plugin's own worker
/// thread (never an event loop), which cannot await.
public protocol PluginStateStore: Sendable {
    func value(plugin: String, key: String) throws -> String?
    /// Stores `value` (nil deletes) in its own durable transaction.
    /// Stores `value` (nil deletes) in its own transaction — unless the plugin's values would then
    /// hold more than `quota` bytes in all (the value it replaces counted out): then nothing is
    /// stored and the answer is false.
    func setValue(_ value: String?, plugin: String, key: String, quota: Int) throws -> Bool
}

/// Which plugins an administrator turned off; synchronous like `PluginStateStore`.
public protocol PluginSettingsStore: Sendable {
    func disabledPlugins() throws -> Set<String>
    func setEnabled(_ enabled: Bool, plugin: String) throws
}
