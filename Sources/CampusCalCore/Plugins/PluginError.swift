import Foundation

/// Why a plugin operation (a panel, an administrator's install, enable, disable or remove) did not happen.
public enum PluginError: Error, Sendable, Equatable {
    /// No plugin with that id is installed.
    case notFound(String)
    /// Installed, but not active (disabled or failed), so it cannot answer.
    case notActive(String)
    /// It does not offer what was asked (e.g. no personal panel).
    case unsupported(String)
    /// Refused, with the reason in words ("built for plugin ABI 2, this server speaks 1"); nothing was installed.
    case refused(String)
    /// It conflicts with what is installed (the same id).
    case conflict(String)
    /// It failed or did not answer in time.
    case failed(String)
}

/// What administrators do with plugins while the server runs (`/api/v1/admin/plugins`).
public protocol PluginAdministration: Sendable {
    /// Verifies the plugin in `folder` (its `plugin.toml` and library), copies it into the plugins
    /// directory and starts it; an unfit plugin is refused and nothing is copied.
    func install(from folder: String) async throws -> PluginInfo
    func enable(_ id: String) async throws -> PluginInfo
    func disable(_ id: String) async throws -> PluginInfo
    /// Stops it and deletes it from the plugins directory (its key-value state is kept).
    func remove(_ id: String) async throws
}
