import Foundation

/// Where a plugin stands, as administrators and students see it.
public enum PluginStatus: Sendable, Equatable {
    /// Loaded, started and serving.
    case active
    /// Turned off by an administrator; kept installed (and its state kept).
    case disabled
    /// Refused or stopped by the server, with the reason in words (e.g. "built for plugin ABI 2,
    /// this server speaks 1"); the server runs on without it.
    case failed(String)

    public var name: String {
        switch self {
        case .active: "active"
        case .disabled: "disabled"
        case .failed: "failed"
        }
    }
}

/// A plugin as the server knows it: its manifest and its status.
public struct PluginInfo: Sendable, Equatable {
    public var manifest: PluginManifest
    public var status: PluginStatus

    public init(manifest: PluginManifest, status: PluginStatus) {
        self.manifest = manifest
        self.status = status
    }
}
