import CampusCalApp
import Foundation

/// Plugins as an administrator installs them, for tests: a folder per plugin holding the library
/// and its `plugin.toml` with the library's checksum filled in.
public enum PluginFixture {
    /// Where `swift build` put the package's products (the shipped plugins' libraries): beside the
    /// test binary.
    public static var buildDirectory: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Installs the shipped plugin `name` (`Plugins/<name>/`, built as `lib<name>.so`) into
    /// `directory/<name>/`, its manifest given the library's SHA-256. `edit` may change the
    /// manifest text first (for the negative tests).
    @discardableResult
    public static func installShipped(_ name: String, into directory: String, edit: (String) -> String = { $0 }) throws -> String {
        let library = buildDirectory.appendingPathComponent("lib\(name).so")
        let manifest = try String(
            contentsOf: TestServer.repositoryRoot.appendingPathComponent("Plugins/\(name)/plugin.toml"), encoding: .utf8)
        return try install(library: library.path, manifest: manifest, as: name, into: directory, edit: edit)
    }

    /// Installs `library` (copied as the manifest's `library` name) with `manifest` (+ `sha256`) into `directory/<folder>/`.
    @discardableResult
    public static func install(
        library: String, manifest: String, as folder: String, into directory: String, edit: (String) -> String = { $0 }
    ) throws -> String {
        let target = (directory as NSString).appendingPathComponent(folder)
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let name =
            manifest.split(separator: "\n").first { $0.hasPrefix("library") }.flatMap { $0.split(separator: "\"").dropFirst().first }
            .map(String.init) ?? "plugin.so"
        let destination = (target as NSString).appendingPathComponent(name)
        try? FileManager.default.removeItem(atPath: destination)
        // The file itself, not a symlink to it (system libraries are links to versioned names).
        try FileManager.default.copyItem(atPath: URL(fileURLWithPath: library).resolvingSymlinksInPath().path, toPath: destination)
        let digest =
            try CommandRunner.run(program: URL(fileURLWithPath: "/usr/bin/sha256sum"), [destination], in: target).output.split(separator: " ")
            .first.map(String.init) ?? ""
        let text = edit(manifest + "\nsha256 = \"\(digest)\"\n")
        // `sha256` must sit before any [table]: TOML puts later keys inside the last table.
        let ordered = moveTopLevelKeyBeforeTables("sha256", in: text)
        try ordered.write(toFile: (target as NSString).appendingPathComponent("plugin.toml"), atomically: true, encoding: .utf8)
        return target
    }

    static func moveTopLevelKeyBeforeTables(_ key: String, in text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.lastIndex(where: { $0.hasPrefix("\(key) =") }) else { return text }
        let line = lines.remove(at: index)
        let firstTable = lines.firstIndex { $0.hasPrefix("[") } ?? lines.count
        lines.insert(line, at: firstTable)
        return lines.joined(separator: "\n")
    }
}

extension PluginFixture {
    /// A test server whose plugins are those in `plugins`, loaded: isolated ones run by the
    /// `campuscal` just built, and no rescans of the directory during the test. `configure` may
    /// change more.
    public static func server(
        plugins: String, directory: TemporaryDirectory, configure: (inout CampusCalConfiguration) -> Void = { _ in }
    ) async throws -> TestServer {
        let server = try TestServer(
            directory: directory,
            configure: {
                $0.pluginsDirectory = plugins
                $0.pluginRunner = buildDirectory.appendingPathComponent("campuscal").path
                $0.pluginRescanSeconds = 3600
                configure(&$0)
            })
        await server.services.plugins.loadAll()
        return server
    }
}
