import Foundation

/// The forms people type their campus login in: `alice`, `alice@CAMPUS.EDU` (a user principal
/// name) or `CAMPUS\alice` (Windows' down-level name). All mean the account `alice`.
public enum DirectoryLoginName {
    /// The account name inside the given form, lower-cased; nil when nothing is left.
    public static func accountName(_ typed: String) -> String? {
        var name = Substring(typed.trimmingCharacters(in: .whitespaces))
        if let backslash = name.lastIndex(of: "\\") { name = name[name.index(after: backslash)...] }
        if let at = name.firstIndex(of: "@") { name = name[..<at] }
        let result = name.lowercased()
        return result.isEmpty ? nil : result
    }
}
