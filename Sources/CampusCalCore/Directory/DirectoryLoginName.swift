import Foundation

/// The forms people type their campus login in: `alice`, `alice@CAMPUS.EDU` (a user principal
/// name) or `CAMPUS\alice` (Windows' down-level name). All mean the account `alice`, and so do
/// `ALICE` and the full-width `ａｌｉｃｅ`: directories compare names after Unicode compatibility
/// mapping and case folding (LDAP stringprep, RFC 4518), so this does too. It is the one key that
/// failed logins are counted under (review H5): every spelling the directory takes for one account
/// is one counter.
public enum DirectoryLoginName {
    /// The account name inside the given form, lower-cased; nil when nothing is left, or when the
    /// name holds a control or invisible format character (never part of a campus login; review L4).
    public static func accountName(_ typed: String) -> String? {
        if CredentialCharacters.nameHasForbidden(typed) { return nil }
        var name = Substring(typed.trimmingCharacters(in: .whitespaces))
        if let backslash = name.lastIndex(of: "\\") { name = name[name.index(after: backslash)...] }
        if let at = name.firstIndex(of: "@") { name = name[..<at] }
        let result = String(name).precomposedStringWithCompatibilityMapping.lowercased()
        return result.isEmpty ? nil : result
    }
}
