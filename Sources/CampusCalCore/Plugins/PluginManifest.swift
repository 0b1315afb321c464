import Foundation

/// What a plugin says about itself before it is loaded: the file beside its library
/// (`plugin.toml`), read and checked first so that nothing of an unfit plugin ever runs
/// (docs/PLUGINS.md, "The manifest").
public struct PluginManifest: Sendable, Equatable {
    public var id: String
    public var name: String
    public var version: String
    public var description: String
    /// The plugin ABI it was built for (major must equal the server's; minor at most the server's).
    public var abiMajor: Int
    public var abiMinor: Int
    /// The shared library's file name, beside the manifest.
    public var library: String
    /// The library's SHA-256 (hex), checked before it is loaded.
    public var sha256: String
    public var language: PluginLanguage
    /// For Swift plugins: the toolchain that built it (`swift --version`'s first line); must be the server's.
    public var toolchain: String?
    public var isolation: PluginIsolation
    /// The feature ids it provides (`campuscal.day-labels/1`).
    public var provides: [String]
    public var permissions: PluginPermissions
    /// The administrator's settings for it, from the manifest's `[config]` table (e.g. a webhook URL).
    public var config: [String: String]

    public init(
        id: String, name: String, version: String, description: String = "", abiMajor: Int, abiMinor: Int, library: String,
        sha256: String, language: PluginLanguage, toolchain: String? = nil, isolation: PluginIsolation = .inProcess,
        provides: [String] = [], permissions: PluginPermissions = PluginPermissions(), config: [String: String] = [:]
    ) {
        self.config = config
        self.id = id
        self.name = name
        self.version = version
        self.description = description
        self.abiMajor = abiMajor
        self.abiMinor = abiMinor
        self.library = library
        self.sha256 = sha256
        self.language = language
        self.toolchain = toolchain
        self.isolation = isolation
        self.provides = provides
        self.permissions = permissions
    }

    /// Reverse-DNS: lower-case letters, digits, dots and hyphens, 3–64 characters, no leading dot.
    public static func isValidID(_ id: String) -> Bool {
        (3...64).contains(id.utf8.count) && id.first.map { $0.isLetter || $0.isNumber } == true
            && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" }
    }
}

/// The language a plugin's library was written in; Swift libraries are never unloaded (the Swift
/// runtime keeps pointers into them) and must come from the server's own toolchain.
public enum PluginLanguage: String, Sendable, Equatable {
    case c
    case swift
}

/// Where a plugin runs.
public enum PluginIsolation: String, Sendable, Equatable {
    /// Loaded into the server process: fastest, but a crash inside it is a crash of the server.
    case inProcess = "in-process"
    /// In a separate `campuscal plugin-runner` process; required for plugins that may not see identities.
    case process
}

/// What a plugin may receive, approved by the administrator who installs it. What it actually
/// receives is built by the privacy module from these (de-identified unless `identities`, and
/// then only for people who consented to this plugin).
public struct PluginPermissions: Sendable, Equatable {
    public var data: Set<DataCategory>
    /// Whether it may see who people are (only for those who consented to the plugin by its id).
    public var identities: Bool
    /// Hosts it may call.
    public var network: [String]
    /// Whether it may send people notifications (`cc_host_api.notify`), addressed by record code.
    public var notify: Bool
    /// Whether it may keep a calendar of its own in people's accounts (`put_event`, `delete_event`).
    public var calendar: Bool

    public init(data: Set<DataCategory> = [], identities: Bool = false, network: [String] = [], notify: Bool = false, calendar: Bool = false) {
        self.calendar = calendar
        self.data = data
        self.identities = identities
        self.network = network
        self.notify = notify
    }
}
