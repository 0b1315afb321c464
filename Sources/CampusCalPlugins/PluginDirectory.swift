import CampusCalCore
import Foundation

/// The plugins directory on disk: one folder per plugin, named after its id, holding `plugin.toml`
/// and the library it names. Shared by the server (`PluginManager`) and `campuscal plugin`, so an
/// install from the shell and one over the API are the same steps.
public struct PluginDirectory: Sendable {
    public let path: String
    let loader: PluginLoader

    public init(path: String, loader: PluginLoader) {
        self.path = path
        self.loader = loader
    }

    /// Every `plugin.toml` in the directory, by folder name.
    public func manifestPaths() -> [String] {
        guard let folders = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return folders.sorted().map { ((path as NSString).appendingPathComponent($0) as NSString).appendingPathComponent("plugin.toml") }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// Verifies the plugin in `folder` (nothing of it runs) and copies its manifest and library into
    /// `<directory>/<id>/`; returns the copied manifest's path. Nothing is left behind on failure.
    public func copyIn(from folder: String) throws(PluginError) -> (PluginManifest, String) {
        for path in [folder, (folder as NSString).appendingPathComponent("plugin.toml")] where PluginStaging.isSymbolicLink(path) {
            throw .refused("\(path) is a symbolic link; copy the plugin's folder itself (symbolic links are refused)")
        }
        let manifest: PluginManifest
        do {
            manifest = try loader.verify(manifestAt: (folder as NSString).appendingPathComponent("plugin.toml"))
        } catch {
            throw .refused("\(error.manifest?.id ?? folder) was not installed: \(error.reason)")
        }
        let target = (path as NSString).appendingPathComponent(manifest.id)
        guard !FileManager.default.fileExists(atPath: target) else {
            throw .conflict("\(manifest.id) is already installed (in \(target)); remove it first")
        }
        let library = (folder as NSString).appendingPathComponent(manifest.library)
        if PluginStaging.isSymbolicLink(library) {
            throw .refused("\(manifest.id) was not installed: \(library) is a symbolic link; copy the library itself (symbolic links are refused)")
        }
        // A new build under the id is the administrator's answer to a crash while loading the old one.
        loader.clearCrashMarker(of: manifest.id)
        do {
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            for file in ["plugin.toml", manifest.library] {
                try FileManager.default.copyItem(
                    atPath: (folder as NSString).appendingPathComponent(file), toPath: (target as NSString).appendingPathComponent(file))
            }
        } catch {
            try? FileManager.default.removeItem(atPath: target)
            throw .failed("could not copy \(manifest.id) into \(path): \(error.localizedDescription)")
        }
        return (manifest, (target as NSString).appendingPathComponent("plugin.toml"))
    }

    /// Deletes a plugin's folder, and the record that the server stopped while loading it.
    public func delete(folder: String, id: String) throws(PluginError) {
        loader.clearCrashMarker(of: id)
        do {
            try FileManager.default.removeItem(atPath: folder)
        } catch {
            throw .failed("\(id) is stopped, but \(folder) could not be deleted: \(error.localizedDescription)")
        }
    }
}
