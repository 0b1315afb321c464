import CampusCalCore
import Foundation
import Logging

/// The server's plugins: finds them in the plugins directory (one folder per plugin, holding
/// `plugin.toml` and its library), loads each with `PluginLoader`, and keeps what became of it.
/// A plugin that is refused, fails or overruns a deadline is reported and left out; the server
/// always runs on.
public actor PluginManager: PluginCatalog {
    struct Entry {
        var manifest: PluginManifest?
        var folder: String
        var status: PluginStatus
        var plugin: LoadedPlugin?
    }

    let directory: String?
    let loader: PluginLoader
    let logger: Logger
    private var entries: [String: Entry] = [:]

    /// - Parameter directory: the plugins directory; nil or missing: no plugins.
    public init(directory: String?, loader: PluginLoader, logger: Logger) {
        self.directory = directory
        self.loader = loader
        self.logger = logger
    }

    /// Loads every plugin in the directory that is not loaded yet (in name order, one at a time).
    public func loadAll() async {
        guard let directory, let folders = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for folder in folders.sorted() {
            let path = (directory as NSString).appendingPathComponent(folder)
            let manifest = (path as NSString).appendingPathComponent("plugin.toml")
            guard FileManager.default.fileExists(atPath: manifest), !entries.values.contains(where: { $0.folder == path }) else { continue }
            await load(manifestAt: manifest, folder: path)
        }
    }

    private func load(manifestAt path: String, folder: String) async {
        do {
            let peek = try? loader.manifest(at: path)
            if let id = peek?.id, let other = entries[id] {
                logger.error("Plugin in \(folder) not loaded: the id \(id) is already used by the plugin in \(other.folder)")
                entries["\(id)@\(folder)"] = Entry(
                    manifest: peek, folder: folder, status: .failed("the id \(id) is already used by the plugin in \(other.folder)"))
                return
            }
            let plugin = try await loader.load(manifestAt: path)
            entries[plugin.manifest.id] = Entry(manifest: plugin.manifest, folder: folder, status: .active, plugin: plugin)
        } catch {
            let key = error.manifest?.id ?? folder
            logger.error("Plugin \(key) not loaded: \(error.reason)")
            entries[key] = Entry(manifest: error.manifest, folder: folder, status: .failed(error.reason))
        }
    }

    /// Every plugin the server knows, with its status (refused ones included when their manifest could be read).
    public func plugins() -> [PluginInfo] {
        entries.values.compactMap { entry in entry.manifest.map { PluginInfo(manifest: $0, status: entry.status) } }
            .sorted { $0.manifest.id < $1.manifest.id }
    }

    /// Stops every active plugin (at server shutdown).
    public func stopAll() async {
        for (id, entry) in entries {
            guard let plugin = entry.plugin, entry.status == .active else { continue }
            await plugin.shutDown()
            entries[id]?.status = .disabled
        }
    }

    public func dayLabels(from first: LocalDate, to last: LocalDate) async -> [DayLabel] {
        guard first <= last, last.dayNumber - first.dayNumber <= LoadedPlugin.maximumLabelDays else { return [] }
        var labels: [DayLabel] = []
        for id in entries.keys.sorted() {
            guard let entry = entries[id], entry.status == .active, let plugin = entry.plugin, plugin.dayLabels != nil else { continue }
            do {
                labels += try await plugin.labels(from: first, to: last)
            } catch is PluginCallQueue.Timeout {
                fail(id, "did not answer within \(Int(LoadedPlugin.dayLabelsDeadline)) s; disabled until it is enabled again")
            } catch is PluginCallQueue.Hung {
                fail(id, "is still inside an earlier call that overran its deadline")
            } catch {
                logger.warning("Plugin \(id): \(error)")
            }
        }
        return labels.sorted { ($0.date, $0.source, $0.label) < ($1.date, $1.source, $1.label) }
    }

    private func fail(_ id: String, _ reason: String) {
        logger.error("Plugin \(id) \(reason)")
        entries[id]?.status = .failed(reason)
    }
}
