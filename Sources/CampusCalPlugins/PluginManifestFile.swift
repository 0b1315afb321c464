import CampusCalCore
import Foundation
import TOMLKit

/// Reads `plugin.toml` into a `PluginManifest`, refusing anything unclear with the key and the
/// reason — before the library is touched.
enum PluginManifestFile {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static let keys: Set<String> = [
        "id", "name", "version", "description", "abi", "library", "sha256", "language", "toolchain", "isolation", "provides", "permissions", "config",
    ]
    static let permissionKeys: Set<String> = ["data", "identities", "network", "notify", "calendar"]

    static func read(_ path: String) throws -> PluginManifest {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw Problem(description: "cannot read \(path)") }
        return try parse(text, source: path)
    }

    static func parse(_ text: String, source: String) throws -> PluginManifest {
        let object: [String: Any]
        do {
            let table = try TOMLTable(string: text)
            guard let data = table.convert(to: .json).data(using: .utf8),
                let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { throw Problem(description: "\(source): not a table") }
            object = parsed
        } catch let error as TOMLParseError {
            throw Problem(description: "\(source):\(error.source.begin.line): not valid TOML")
        }
        func fail(_ message: String) -> Problem { Problem(description: "\(source): \(message)") }
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            throw fail("unknown key '\(unknown)'")
        }
        func string(_ key: String, required: Bool = true) throws -> String? {
            guard let value = object[key] else {
                if required { throw fail("'\(key)' is missing") }
                return nil
            }
            guard let text = value as? String else { throw fail("'\(key)' must be a string") }
            return text
        }
        func strings(_ value: Any?, _ key: String) throws -> [String] {
            guard let value else { return [] }
            guard let list = value as? [Any], list.allSatisfy({ $0 is String }) else { throw fail("'\(key)' must be a list of strings") }
            return list.compactMap { $0 as? String }
        }
        let id = try string("id")!
        guard PluginManifest.isValidID(id) else {
            throw fail("id '\(id.prefix(80))' is not a plugin id (lower-case letters, digits, dots and hyphens, 3–64 characters)")
        }
        let abi = try string("abi")!.split(separator: ".").map { Int($0) }
        guard abi.count == 2, let major = abi[0], let minor = abi[1], major >= 0, minor >= 0 else {
            throw fail("'abi' must be \"MAJOR.MINOR\", e.g. \"1.0\"")
        }
        let library = try string("library")!
        guard !library.isEmpty, !library.contains("/"), library != ".", library != ".." else {
            throw fail("'library' must be a file name beside the manifest, not a path")
        }
        guard let language = PluginLanguage(rawValue: try string("language")!) else { throw fail("'language' must be \"c\" or \"swift\"") }
        let isolationName = try string("isolation", required: false) ?? PluginIsolation.inProcess.rawValue
        guard let isolation = PluginIsolation(rawValue: isolationName) else {
            throw fail("'isolation' must be \"in-process\" or \"process\"")
        }
        let sha256 = (try string("sha256", required: false) ?? "").lowercased()
        var permissions = PluginPermissions()
        if let value = object["permissions"] {
            guard let table = value as? [String: Any] else { throw fail("'permissions' must be a table") }
            if let unknown = table.keys.sorted().first(where: { !permissionKeys.contains($0) }) {
                throw fail("unknown permission '\(unknown)'")
            }
            for name in try strings(table["data"], "permissions.data") {
                guard let category = DataCategory(rawValue: name) else {
                    throw fail(
                        "permissions.data: '\(name)' is not a data category (\(DataCategory.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                permissions.data.insert(category)
            }
            for (name, keyPath) in [
                ("identities", \PluginPermissions.identities), ("notify", \PluginPermissions.notify), ("calendar", \PluginPermissions.calendar),
            ] {
                guard let value = table[name] else { continue }
                guard let flag = value as? NSNumber, type(of: value) != String.self else {
                    throw fail("'permissions.\(name)' must be true or false")
                }
                permissions[keyPath: keyPath] = flag.boolValue
            }
            permissions.network = try strings(table["network"], "permissions.network")
        }
        // The administrator's settings for the plugin (`config_get`): strings, numbers or booleans, read as text.
        var config: [String: String] = [:]
        if let value = object["config"] {
            guard let table = value as? [String: Any] else { throw fail("'config' must be a table") }
            for (key, entry) in table {
                switch entry {
                case let text as String: config[key] = text
                case let number as NSNumber: config[key] = number.stringValue
                default: throw fail("config.\(key) must be a string, a number or true/false")
                }
            }
        }
        return PluginManifest(
            id: id, name: try string("name")!, version: try string("version")!, description: try string("description", required: false) ?? "",
            abiMajor: major, abiMinor: minor, library: library, sha256: sha256, language: language,
            toolchain: try string("toolchain", required: false), isolation: isolation, provides: try strings(object["provides"], "provides"),
            permissions: permissions, config: config)
    }
}
