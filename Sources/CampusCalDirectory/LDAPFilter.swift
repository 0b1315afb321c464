import Foundation

/// Building LDAP search filters from text people typed, safely (RFC 4515 §3).
public enum LDAPFilter {
    /// `value` with every character that means something in a filter written as `\XX`: `*`, `(`,
    /// `)`, `\` and NUL — so `*)(uid=*` searches for exactly those characters and matches nobody.
    /// Other characters stay as they are (UTF-8 on the wire, as the RFC allows).
    public static func escape(_ value: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case "*": result.append(contentsOf: "\\2a".unicodeScalars)
            case "(": result.append(contentsOf: "\\28".unicodeScalars)
            case ")": result.append(contentsOf: "\\29".unicodeScalars)
            case "\\": result.append(contentsOf: "\\5c".unicodeScalars)
            case "\0": result.append(contentsOf: "\\00".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// The configured template with every `{username}` replaced by the escaped name.
    public static func fill(_ template: String, username: String) -> String {
        template.replacingOccurrences(of: "{username}", with: escape(username))
    }
}
