import Foundation

/// The forms people type their campus login in: `alice`, `alice@CAMPUS.EDU` (a user principal
/// name) or `CAMPUS\alice` (Windows' down-level name). All mean the account `alice`.
public enum DirectoryLoginName {
    /// The account name inside the given form, lower-cased; nil when nothing is left, or when the
    /// name holds a control or invisible format character (never part of a campus login; review L4).
    public static func accountName(_ typed: String) -> String? {
        if CredentialCharacters.nameHasForbidden(typed) { return nil }
        var name = Substring(typed.trimmingCharacters(in: .whitespaces))
        if let backslash = name.lastIndex(of: "\\") { name = name[name.index(after: backslash)...] }
        if let at = name.firstIndex(of: "@") { name = name[..<at] }
        let result = name.lowercased()
        return result.isEmpty ? nil : result
    }
}
