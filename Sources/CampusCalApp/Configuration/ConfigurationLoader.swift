import Foundation
import TOMLKit

/// Why the configuration could not be loaded. The message names the key, where the value came
/// from, and what was expected.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var description: String
}

/// Builds the configuration from its layers: defaults, then the TOML file, then `CAMPUSCAL_…`
/// environment variables, then `--set key=value` flags (and the named flags such as `--port`).
public enum ConfigurationLoader {
    /// The file used when none is named and it exists in the working directory.
    public static let defaultFile = "config/campuscal.toml"

    /// - Parameters:
    ///   - file: a TOML file to read; when nil, `defaultFile` is read if it exists.
    ///   - environment: the process environment (injectable for tests).
    ///   - overrides: `key → value` from the command line; highest precedence.
    public static func load(
        file: String?, environment: [String: String] = ProcessInfo.processInfo.environment, overrides: [String: String] = [:]
    ) throws -> CampusCalConfiguration {
        var configuration = CampusCalConfiguration()
        let keys = Dictionary(uniqueKeysWithValues: CampusCalConfiguration.keys.map { ($0.name, $0) })

        let path = file ?? environment["CAMPUSCAL_CONFIG"] ?? (FileManager.default.fileExists(atPath: defaultFile) ? defaultFile : nil)
        if let path {
            for (name, value) in try readTOML(path) {
                // `[directory.NAME]` tables: as many as a campus has, checked when they are turned into settings.
                if let (directory, setting) = directoryKey(name) {
                    configuration.directoryTables[directory, default: [:]][setting] = value
                    continue
                }
                guard let key = keys[name] else {
                    throw ConfigurationError(
                        description: "\(path): unknown setting '\(name)'. Known settings: \(keys.keys.sorted().joined(separator: ", ")).")
                }
                try apply(key, value, source: "\(path)", to: &configuration)
            }
        }
        for key in CampusCalConfiguration.keys {
            if let value = environment[key.environmentVariable] {
                try apply(key, value, source: "environment variable \(key.environmentVariable)", to: &configuration)
            }
        }
        var passwordsFromCommandLine: Set<String> = []
        for (name, value) in overrides.sorted(by: { $0.key < $1.key }) {
            if let (directory, setting) = directoryKey(name) {
                configuration.directoryTables[directory, default: [:]][setting] = value
                if setting == "bind_password" || setting == "bind_password_file" { passwordsFromCommandLine.insert(directory) }
                continue
            }
            guard let key = keys[name] else {
                throw ConfigurationError(
                    description: "--set \(name): unknown setting. Known settings: \(keys.keys.sorted().joined(separator: ", ")).")
            }
            try apply(key, value, source: "command line", to: &configuration)
        }
        // Secrets of directories stay out of files and process lists: CAMPUSCAL_DIRECTORY_<NAME>_BIND_PASSWORD,
        // for every directory — those made by --set too (a container's entrypoint makes them so) —
        // unless the command line gave that directory's password itself.
        for name in configuration.directoryTables.keys where !passwordsFromCommandLine.contains(name) {
            let variable = "CAMPUSCAL_DIRECTORY_\(name.uppercased().replacingOccurrences(of: "-", with: "_"))_BIND_PASSWORD"
            if let value = environment[variable] { configuration.directoryTables[name]?["bind_password"] = value }
        }
        return configuration
    }

    /// `directory.NAME.KEY` split into its name and key.
    static func directoryKey(_ name: String) -> (String, String)? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "directory", !parts[1].isEmpty, !parts[2].isEmpty else { return nil }
        return (String(parts[1]), String(parts[2]))
    }

    /// Parses `key=value` as given to `--set`.
    public static func parseOverride(_ text: String) throws -> (String, String) {
        guard let equals = text.firstIndex(of: "=") else {
            throw ConfigurationError(description: "--set '\(text)': expected key=value, e.g. --set server.port=9090.")
        }
        return (String(text[..<equals]).trimmingCharacters(in: .whitespaces), String(text[text.index(after: equals)...]))
    }

    private static func apply(_ key: ConfigurationKey, _ value: String, source: String, to configuration: inout CampusCalConfiguration) throws {
        do {
            try key.apply(&configuration, value)
        } catch {
            let shown = key.isSecret ? "<redacted>" : "'\(value)'"
            throw ConfigurationError(description: "\(key.name) = \(shown) (from \(source)) must be \(error.expectation).")
        }
    }

    /// The file's settings flattened to `table.key → text`.
    static func readTOML(_ path: String) throws -> [String: String] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError(description: "Cannot read configuration file \(path): \(error.localizedDescription)")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigurationError(
                description: "\(path):\(error.source.begin.line):\(error.source.begin.column): not valid TOML.")
        }
        // TOMLKit renders the document as JSON; flattening that keeps this independent of TOMLKit's value types.
        guard let data = table.convert(to: .json).data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw ConfigurationError(description: "\(path): could not be read as a table of settings.") }
        var flat: [String: String] = [:]
        func flatten(_ object: [String: Any], prefix: String) {
            for (name, value) in object {
                let key = prefix.isEmpty ? name : "\(prefix).\(name)"
                switch value {
                case let table as [String: Any]: flatten(table, prefix: key)
                // Lists (a directory's servers and groups) one item per line: DNs hold commas.
                case let list as [Any]: flat[key] = list.map { ($0 as? NSNumber)?.stringValue ?? "\($0)" }.joined(separator: "\n")
                case let number as NSNumber: flat[key] = number.stringValue
                default: flat[key] = "\(value)"
                }
            }
        }
        flatten(object, prefix: "")
        return flat
    }
}
