import CampusCalCore
import Foundation
import TOMLKit

#if canImport(Glibc)
    import Glibc
#endif

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

    /// The largest manifest read (issue #26, finding 6): a real one is a few hundred bytes, and what
    /// is in it is shown to every student at `GET /api/v1/plugins`.
    static let maximumBytes = 64 << 10
    /// Bounds of the texts shown about a plugin.
    static let maximumNameBytes = 128
    static let maximumVersionBytes = 32
    static let maximumDescriptionBytes = 2000

    /// The manifest at `path`. Its size is checked before a byte of it is parsed, and no more than
    /// the limit is ever read; a symbolic link is not followed (a manifest is a plain file).
    static func read(_ path: String) throws -> PluginManifest {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw Problem(description: "cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & 0o170000 == 0o100000 else {
            throw Problem(description: "\(path) is not a plain file")
        }
        guard status.st_size <= maximumBytes else {
            throw Problem(description: "\(path) is \(status.st_size >> 10) KiB; a plugin manifest may be at most \(maximumBytes >> 10) KiB")
        }
        var bytes = [UInt8](repeating: 0, count: maximumBytes + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes[count...].withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { break }
            count += read
        }
        // It grew since fstat: still bounded.
        guard count <= maximumBytes else {
            throw Problem(description: "\(path) is over \(maximumBytes >> 10) KiB; a plugin manifest may be at most that")
        }
        guard let text = String(validating: bytes[..<count], as: UTF8.self) else { throw Problem(description: "\(path) is not UTF-8 text") }
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
        let name = try string("name")!
        let version = try string("version")!
        let description = try string("description", required: false) ?? ""
        for (key, value, limit) in [
            ("name", name, maximumNameBytes), ("version", version, maximumVersionBytes), ("description", description, maximumDescriptionBytes),
        ] where value.utf8.count > limit {
            throw fail("'\(key)' is \(value.utf8.count) bytes; at most \(limit) are allowed")
        }
        return PluginManifest(
            id: id, name: name, version: version, description: description,
            abiMajor: major, abiMinor: minor, library: library, sha256: sha256, language: language,
            toolchain: try string("toolchain", required: false), isolation: isolation, provides: try strings(object["provides"], "provides"),
            permissions: permissions, config: config)
    }
}
