import CampusCalCore
import Foundation
import Logging

/// Administration while the server runs (`PluginAdministration`): install, enable, disable and
/// remove over the API, and the rescan that catches up with the same done from the shell. Every
/// change to one plugin id runs inside `exclusively`, one after another (issue #26, finding 2).
extension PluginManager {
    public func install(from folder: String) async throws -> PluginInfo {
        guard let directory else { throw PluginError.refused("this server has no plugins directory configured") }
        try PluginStaging(directory: stagingDirectory).check(folder)
        let peek = try? await loader.manifestOffLoop(at: (folder as NSString).appendingPathComponent("plugin.toml"))
        return try await exclusively(peek?.id ?? folder) {
            let files = PluginDirectory(path: directory, loader: loader)
            if let id = peek?.id, let existing = entries[id] {
                throw PluginError.conflict("\(id) is already installed (in \(existing.folder)); remove it first")
            }
            let (manifest, path) = try await PluginFileWork.run { () throws(PluginError) in try files.copyIn(from: folder) }
            try? settings?.setEnabled(true, plugin: manifest.id)
            let target = (path as NSString).deletingLastPathComponent
            let entry = await load(manifestAt: path, folder: target)
            if case .failed(let reason) = entry.status {
                entries[manifest.id] = nil
                try? files.delete(folder: target, id: manifest.id)
                throw PluginError.refused("\(manifest.id) was not installed: \(reason)")
            }
            logger.notice("Plugin \(manifest.id) \(manifest.version) installed")
            return PluginInfo(manifest: entry.manifest ?? manifest, status: entry.status)
        }
    }

    public func enable(_ id: String) async throws -> PluginInfo {
        try await exclusively(id) {
            guard let entry = entries[id], let manifest = entry.manifest else { throw PluginError.notFound(id) }
            try record(enabled: true, id)
            if entry.status == .active { return PluginInfo(manifest: manifest, status: .active) }
            entries[id] = nil
            let loaded = await load(manifestAt: (entry.folder as NSString).appendingPathComponent("plugin.toml"), folder: entry.folder)
            logger.notice("Plugin \(id) enabled: \(loaded.status.name)")
            return PluginInfo(manifest: loaded.manifest ?? manifest, status: loaded.status)
        }
    }

    public func disable(_ id: String) async throws -> PluginInfo {
        try await exclusively(id) {
            guard let entry = entries[id], let manifest = entry.manifest else { throw PluginError.notFound(id) }
            try record(enabled: false, id)
            entries[id]?.status = .disabled
            entries[id]?.instance = nil
            if entry.status == .active, let instance = entry.instance { await instance.shutDown() }
            logger.notice("Plugin \(id) disabled")
            return PluginInfo(manifest: manifest, status: .disabled)
        }
    }

    public func remove(_ id: String) async throws {
        try await exclusively(id) {
            guard let entry = entries[id] else { throw PluginError.notFound(id) }
            entries[id] = nil
            if entry.status == .active, let instance = entry.instance { await instance.shutDown() }
            if let directory { try PluginDirectory(path: directory, loader: loader).delete(folder: entry.folder, id: id) }
            // Its enable goes with it: a folder that reappears under the id waits for an administrator.
            try? settings?.setEnabled(false, plugin: id)
            logger.notice("Plugin \(id) removed")
        }
    }

    private func record(enabled: Bool, _ id: String) throws {
        do {
            try settings?.setEnabled(enabled, plugin: id)
        } catch {
            throw PluginError.failed("could not record that \(id) is \(enabled ? "enabled" : "disabled"): \(error)")
        }
    }

    /// Catches up with changes made from the shell (`campuscal plugin …`) while the server runs:
    /// new folders are loaded, deleted ones stopped, and plugins turned on or off as recorded.
    public func synchronise() async {
        guard let directory else { return }
        let disabled = (try? settings?.disabledPlugins()) ?? []
        // With a settings store only a recorded enable turns a plugin on: one that appeared unasked stays off.
        let enabled = settings.map { (try? $0.enabledPlugins()) ?? [] }
        for id in entries.keys.sorted() {
            await exclusively(id) {
                guard let entry = entries[id], !FileManager.default.fileExists(atPath: entry.folder) else { return }
                entries[id] = nil
                if let instance = entry.instance { await instance.shutDown() }
                logger.notice("Plugin \(id) was removed from \(directory); stopped")
            }
        }
        for id in entries.keys.sorted() {
            await exclusively(id) {
                guard let entry = entries[id], entry.manifest?.id == id else { return }
                if disabled.contains(id), entry.status == .active {
                    entries[id]?.status = .disabled
                    entries[id]?.instance = nil
                    await entry.instance?.shutDown()
                    logger.notice("Plugin \(id) disabled")
                } else if enabled?.contains(id) ?? !disabled.contains(id), entry.status == .disabled {
                    entries[id] = nil
                    let loaded = await load(manifestAt: (entry.folder as NSString).appendingPathComponent("plugin.toml"), folder: entry.folder)
                    logger.notice("Plugin \(id) enabled: \(loaded.status.name)")
                }
            }
        }
        await loadAll(onlyEnabled: settings != nil)
    }
}
