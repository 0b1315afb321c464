import CampusCalDirectory
import Foundation

extension CampusCalConfiguration {
    /// The keys a `[directory.NAME]` table may hold, with what each expects.
    static let directoryKeys: [String: String] = [
        "uris": "a list of ldap:// or ldaps:// URLs", "start_tls": "true or false", "ca_file": "a PEM file", "verify_peer": "true or false",
        "connect_timeout_seconds": "an integer from 1 to 60", "timeout_seconds": "an integer from 1 to 120", "bind_dn": "a DN",
        "bind_password": "a password", "bind_password_file": "a file holding the password", "user_base": "a DN",
        "user_filter": "a filter with {username}", "disabled_filter": "a filter", "opt_out_filter": "a filter",
        "display_name_attribute": "an attribute name", "email_attribute": "an attribute name", "phone_attribute": "an attribute name",
        "group_attribute": "an attribute name", "nested_groups": "none, matching-rule or walk", "group_base": "a DN",
        "admin_groups": "a list of group DNs", "faculty_groups": "a list of group DNs", "max_connections": "an integer from 1 to 64",
    ]

    /// The configured campus directories in the order they are asked. Throws a `ConfigurationError`
    /// naming the key when a table cannot work, so a bad directory setup stops the server at start-up.
    public func directorySettings() throws -> [LDAPDirectorySettings] {
        let order =
            directoryOrder.isEmpty
            ? directoryTables.keys.sorted()
            : directoryOrder.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return try order.map { name in
            guard let table = directoryTables[name] else {
                throw ConfigurationError(description: "auth.directories names '\(name)', but there is no [directory.\(name)] table.")
            }
            return try Self.directory(name, table)
        }
    }

    static func directory(_ name: String, _ table: [String: String]) throws -> LDAPDirectorySettings {
        for key in table.keys where directoryKeys[key] == nil {
            throw ConfigurationError(
                description: "directory.\(name).\(key): unknown setting. Known: \(directoryKeys.keys.sorted().joined(separator: ", ")).")
        }
        func problem(_ key: String) -> ConfigurationError {
            ConfigurationError(
                description:
                    "directory.\(name).\(key) = '\(key.contains("password") ? "<redacted>" : table[key] ?? "")' must be \(directoryKeys[key]!).")
        }
        func list(_ key: String) -> [String] {
            (table[key] ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        func flag(_ key: String, _ fallback: Bool) throws -> Bool {
            guard let raw = table[key]?.lowercased() else { return fallback }
            switch raw {
            case "true", "1": return true
            case "false", "0": return false
            default: throw problem(key)
            }
        }
        func number(_ key: String, _ fallback: Int, _ range: ClosedRange<Int>) throws -> Int {
            guard let raw = table[key] else { return fallback }
            guard let value = Int(raw), range.contains(value) else { throw problem(key) }
            return value
        }
        let uris = list("uris")
        if uris.isEmpty || !uris.allSatisfy({ $0.lowercased().hasPrefix("ldap://") || $0.lowercased().hasPrefix("ldaps://") }) {
            throw problem("uris")
        }
        guard let base = table["user_base"], !base.isEmpty else { throw problem("user_base") }
        let filter = table["user_filter"] ?? "(uid={username})"
        if !filter.contains("{username}") { throw problem("user_filter") }
        guard let nested = LDAPDirectorySettings.NestedGroups(rawValue: table["nested_groups"] ?? "none") else { throw problem("nested_groups") }
        var password = table["bind_password"] ?? ""
        if let file = table["bind_password_file"], !file.isEmpty {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw ConfigurationError(description: "directory.\(name).bind_password_file: cannot read '\(file)'.")
            }
            password = text.trimmingCharacters(in: .newlines)  // editors add a final newline
        }
        let caFile = table["ca_file"] ?? ""
        if !caFile.isEmpty && !FileManager.default.isReadableFile(atPath: caFile) {
            throw ConfigurationError(description: "directory.\(name).ca_file: cannot read '\(caFile)'.")
        }
        return LDAPDirectorySettings(
            name: name, uris: uris, startTLS: try flag("start_tls", false), caFile: caFile, verifyPeer: try flag("verify_peer", true),
            connectTimeoutSeconds: try number("connect_timeout_seconds", 5, 1...60),
            operationTimeoutSeconds: try number("timeout_seconds", 10, 1...120),
            bindDN: table["bind_dn"] ?? "", bindPassword: password, userBase: base, userFilter: filter,
            disabledFilter: table["disabled_filter"] ?? "",
            optOutFilter: table["opt_out_filter"] ?? "", displayNameAttribute: table["display_name_attribute"] ?? "displayName",
            emailAttribute: table["email_attribute"] ?? "mail", phoneAttribute: table["phone_attribute"] ?? "telephoneNumber",
            groupAttribute: table["group_attribute"] ?? "memberOf", nestedGroups: nested, groupBase: table["group_base"] ?? "",
            adminGroups: list("admin_groups"), facultyGroups: list("faculty_groups"), maxConnections: try number("max_connections", 8, 1...64))
    }
}
