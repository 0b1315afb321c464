import Foundation

/// The rules for login names of local accounts (SRS 3.2.36).
///
/// Names are case-insensitive: they are stored lower-case so `Alice` and `alice` are one account,
/// matching how campus directories treat them.
public enum Username {
    public static let minimumLength = 3
    public static let maximumLength = 32
    static let allowedPunctuation: Set<Character> = [".", "_", "-"]

    /// The canonical (lower-case, trimmed) form of a typed username.
    public static func normalize(_ raw: String) -> String {
        raw.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Every rule `raw` breaks; empty when it is a valid username.
    ///
    /// Characters are checked as typed, before lower-casing, so that no non-ASCII letter slips in
    /// through case folding (the Kelvin sign U+212A lower-cases to an ASCII `k`).
    public static func issues(for raw: String) -> [ValidationIssue] {
        let name = raw
        var issues: [ValidationIssue] = []
        func add(_ code: String, _ message: String) {
            issues.append(ValidationIssue(field: "username", code: "username.\(code)", message: message))
        }
        if name.count < minimumLength || name.count > maximumLength {
            add("length", "Username must be \(minimumLength) to \(maximumLength) characters long (it has \(name.count)).")
        }
        if CredentialCharacters.nameHasForbidden(name) {
            let listed = CredentialCharacters.describeForbidden(in: name, where: CredentialCharacters.isForbiddenInName)
            add(
                "control-characters",
                "Username must not contain control or invisible formatting characters (it has \(listed)). Use letters a–z, digits, '.', '_' or '-'."
            )
        }
        var invalid: [Character] = []
        // Control and format characters are named above, by code point: printed raw they would be invisible.
        for character in name
        where !isAllowed(character) && !invalid.contains(character)
            && !character.unicodeScalars.contains(where: CredentialCharacters.isForbiddenInName)
        {
            invalid.append(character)
        }
        if !invalid.isEmpty {
            let listed = invalid.map { describe($0) }.joined(separator: ", ")
            add(
                "characters",
                "Username contains characters that are not allowed: \(listed). Use letters a–z, digits, '.', '_' or '-'."
            )
        }
        if let first = name.first, !(first.isASCII && first.isLetter) {
            add("start", "Username must start with a letter a–z.")
        }
        return issues
    }

    /// The canonical username, or a `ValidationError` naming every broken rule.
    public static func validated(_ raw: String) throws -> String {
        try ValidationError.check(issues(for: raw))
        return normalize(raw)
    }

    private static func isAllowed(_ character: Character) -> Bool {
        (character.isASCII && (character.isLetter || character.isNumber)) || allowedPunctuation.contains(character)
    }

    private static func describe(_ character: Character) -> String {
        switch character {
        case " ": "space"
        case "\t": "tab"
        default: "'\(character)'"
        }
    }
}
