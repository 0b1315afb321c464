import Foundation

/// Plugins' small key-value state, kept across restarts and while a plugin is disabled.
///
/// Synchronous on purpose: it is called from inside a plugin's C call, on the plugin's own worker
/// thread (never an event loop), which cannot await.
public protocol PluginStateStore: Sendable {
    func value(plugin: String, key: String) throws -> String?
    /// Stores `value` (nil deletes) in its own transaction — unless the plugin's values would then
    /// hold more than `quota` bytes in all (the value it replaces counted out): then nothing is
    /// stored and the answer is false.
    func setValue(_ value: String?, plugin: String, key: String, quota: Int) throws -> Bool
    /// Stores all of `writes` (in order; nil deletes) in one transaction, or — past `quota` —
    /// none of them (false).
    func setValues(_ writes: [PluginStateWrite], plugin: String, quota: Int) throws -> Bool
    /// The bytes the plugin's values hold in all.
    func totalBytes(plugin: String) throws -> Int
}

/// One key's new value (nil: deleted), as a plugin runner hands back the writes of a batch.
public struct PluginStateWrite: Sendable, Codable, Equatable {
    public var key: String
    public var value: String?

    public init(key: String, value: String?) {
        self.key = key
        self.value = value
    }
}

/// Which plugins an administrator turned on or off; synchronous like `PluginStateStore`.
public protocol PluginSettingsStore: Sendable {
    func disabledPlugins() throws -> Set<String>
    /// The plugins an administrator installed or enabled (and did not disable since).
    func enabledPlugins() throws -> Set<String>
    func setEnabled(_ enabled: Bool, plugin: String) throws
}
