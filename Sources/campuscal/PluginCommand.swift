import ArgumentParser
import CampusCalApp
import CampusCalCore
import CampusCalPlugins
import Foundation
import Logging

/// `campuscal plugin …`: plugins from the server's shell. Works on the plugins directory and the
/// database, so it needs no running server; a running one picks the change up within
/// `plugins.rescan_seconds` (the admin API, `/api/v1/admin/plugins`, acts at once).
struct PluginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin", abstract: "Install, list, enable, disable and remove plugins.",
        subcommands: [List.self, Info.self, Install.self, Enable.self, Disable.self, Remove.self])

    /// What every subcommand needs: the directory, a loader that only verifies, the recorded settings.
    struct Context {
        let configuration: CampusCalConfiguration
        let directory: PluginDirectory
        let loader: PluginLoader
        let settings: any PluginSettingsStore

        init(_ options: ConfigurationOptions) throws {
            configuration = try options.load()
            guard !configuration.pluginsDirectory.isEmpty else { throw ValidationError("plugins.directory is not set") }
            let services = try CampusCalServices(configuration: configuration)
            // The server's own loader: `remove` and `install` clear its "loading" markers (issue #26).
            loader = services.plugins.loader
            directory = PluginDirectory(path: configuration.pluginsDirectory, loader: loader)
            settings = services.pluginSettings
        }

        /// Each installed plugin: its manifest (or why it cannot be read) and whether it would load.
        func installed() -> [(path: String, manifest: PluginManifest?, problem: String?)] {
            directory.manifestPaths().map { path in
                do {
                    return (path, try loader.verify(manifestAt: path), nil)
                } catch let refusal as PluginLoader.Refusal {
                    return (path, refusal.manifest, refusal.reason)
                } catch {
                    return (path, nil, "\(error)")
                }
            }
        }

        /// "waiting": in the folder, but no administrator installed or enabled it, so the server leaves it off (issue #26).
        static func state(of id: String, disabled: Set<String>, enabled: Set<String>) -> String {
            disabled.contains(id) ? "disabled" : enabled.contains(id) ? "enabled" : "waiting"
        }

        /// `installed`: what `installed()` gave, when the caller already has it (each call verifies every library again).
        func find(
            _ id: String, in installed: [(path: String, manifest: PluginManifest?, problem: String?)]? = nil
        ) throws -> (path: String, manifest: PluginManifest, problem: String?) {
            guard let found = (installed ?? self.installed()).first(where: { $0.manifest?.id == id }), let manifest = found.manifest else {
                throw ValidationError("No plugin \(id) is installed in \(directory.path).")
            }
            return (found.path, manifest, found.problem)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List installed plugins and whether each is enabled.")
        @OptionGroup var options: ConfigurationOptions

        func run() async throws {
            let context = try Context(options)
            let (disabled, enabled) = (try context.settings.disabledPlugins(), try context.settings.enabledPlugins())
            print("ID".padding(toLength: 34, withPad: " ", startingAt: 0) + "VERSION   STATE      ISOLATION   NAME")
            let installed = context.installed()
            for plugin in installed {
                guard let manifest = plugin.manifest else {
                    print(
                        "?".padding(toLength: 34, withPad: " ", startingAt: 0)
                            + "-         refused    -           \(plugin.path): \(plugin.problem ?? "")")
                    continue
                }
                let state = plugin.problem != nil ? "refused" : Context.state(of: manifest.id, disabled: disabled, enabled: enabled)
                print(
                    manifest.id.padding(toLength: 34, withPad: " ", startingAt: 0)
                        + manifest.version.padding(toLength: 10, withPad: " ", startingAt: 0)
                        + state.padding(toLength: 11, withPad: " ", startingAt: 0)
                        + manifest.isolation.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + manifest.name)
                if let problem = plugin.problem { print("    \(problem)") }
            }
            if installed.contains(where: { $0.manifest.map { !disabled.contains($0.id) && !enabled.contains($0.id) } ?? false }) {
                print("waiting: found in the folder, but never installed or enabled by an administrator, so not loaded (campuscal plugin enable ID)")
            }
        }
    }

    struct Info: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a plugin's manifest, permissions and state.")
        @OptionGroup var options: ConfigurationOptions
        @Argument(help: "The plugin's id.") var id: String

        func run() async throws {
            let context = try Context(options)
            let (path, manifest, problem) = try context.find(id)
            let permissions = manifest.permissions
            let state =
                try problem.map { "refused: \($0)" }
                ?? Context.state(of: id, disabled: context.settings.disabledPlugins(), enabled: context.settings.enabledPlugins())
            print(
                """
                \(manifest.name) (\(manifest.id)) \(manifest.version)
                \(manifest.description)
                manifest:    \(path)
                library:     \(manifest.library) (\(manifest.language.rawValue)\(manifest.toolchain.map { ", \($0)" } ?? ""))
                plugin ABI:  \(manifest.abiMajor).\(manifest.abiMinor)
                isolation:   \(manifest.isolation.rawValue)
                provides:    \(manifest.provides.joined(separator: ", "))
                data:        \(permissions.data.isEmpty ? "none" : permissions.data.sorted().map(\.rawValue).joined(separator: ", "))
                identities:  \(permissions.identities ? "only of people who consent to the agreement \(manifest.id)" : "never (de-identified)")
                network:     \(permissions.network.isEmpty ? "none" : permissions.network.joined(separator: ", "))
                state:       \(state)
                """)
        }
    }

    struct Install: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Verify a plugin (a folder with plugin.toml and its library) and copy it into the plugins directory.")
        @OptionGroup var options: ConfigurationOptions
        @Argument(help: "The folder holding plugin.toml and the library.") var folder: String

        func run() async throws {
            let context = try Context(options)
            do {
                let (manifest, path) = try context.directory.copyIn(from: folder)
                try context.settings.setEnabled(true, plugin: manifest.id)
                print(
                    "Installed \(manifest.id) \(manifest.version) into \((path as NSString).deletingLastPathComponent). "
                        + "A running server starts it within \(context.configuration.pluginRescanSeconds) s.")
            } catch let error as PluginError {
                throw ValidationError(Self.describe(error))
            }
        }

        static func describe(_ error: PluginError) -> String {
            switch error {
            case .refused(let reason), .conflict(let reason), .failed(let reason), .unsupported(let reason): reason
            case .notFound(let id): "No plugin \(id) is installed."
            case .notActive(let id): "\(id) is not active."
            }
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Turn installed plugins on.")
        @OptionGroup var options: ConfigurationOptions
        @Flag(
            help: """
                Leave a plugin an administrator turned off (or removed) as it is: what the installers of \
                the shipped plugins use (scripts/run, the container), so that a new copy never undoes an \
                administrator's choice.
                """)
        var unlessDisabled = false
        @Argument(help: "The plugins' ids.") var ids: [String]

        func run() async throws {
            let context = try Context(options)
            let disabled = unlessDisabled ? try context.settings.disabledPlugins() : []
            let installed = context.installed()
            for id in ids {
                _ = try context.find(id, in: installed)
                if disabled.contains(id) {
                    print("Left \(id) disabled: an administrator turned it off (campuscal plugin enable \(id) turns it on).")
                    continue
                }
                try context.settings.setEnabled(true, plugin: id)
                print("Enabled \(id). A running server starts it within \(context.configuration.pluginRescanSeconds) s.")
            }
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Turn a plugin off; it stays installed and keeps its state.")
        @OptionGroup var options: ConfigurationOptions
        @Argument(help: "The plugin's id.") var id: String

        func run() async throws {
            let context = try Context(options)
            _ = try context.find(id)
            try context.settings.setEnabled(false, plugin: id)
            print("Disabled \(id). A running server stops it within \(context.configuration.pluginRescanSeconds) s.")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a plugin from the plugins directory (its saved state is kept).")
        @OptionGroup var options: ConfigurationOptions
        @Argument(help: "The plugin's id.") var id: String

        func run() async throws {
            let context = try Context(options)
            let (path, _, _) = try context.find(id)
            do {
                try context.directory.delete(folder: (path as NSString).deletingLastPathComponent, id: id)
                // Its enable goes with it: a folder that reappears under the id waits for an administrator (issue #26).
                try? context.settings.setEnabled(false, plugin: id)
            } catch {
                throw ValidationError(Install.describe(error))
            }
            print("Removed \(id). A running server stops it within \(context.configuration.pluginRescanSeconds) s.")
        }
    }
}
