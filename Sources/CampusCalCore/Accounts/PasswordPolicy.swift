/// The password rules for local accounts (SRS 3.2.36, 4.2.36).
public enum PasswordPolicy {
    public static let minimumLength = 8
    /// bcrypt reads only the first 72 bytes; a longer password would be silently truncated, so it is refused.
    public static let maximumBytes = 72

    /// Every rule `password` breaks; empty when it is acceptable. `field` names the request field.
    public static func issues(for password: String, field: String = "password") -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        func add(_ code: String, _ message: String) {
            issues.append(ValidationIssue(field: field, code: "password.\(code)", message: message))
        }
        if password.count < minimumLength {
            add("length", "Password must be at least \(minimumLength) characters long.")
        }
        if password.utf8.count > maximumBytes {
            add("too-long", "Password must be at most \(maximumBytes) bytes long (about \(maximumBytes) plain letters).")
        }
        if !password.contains(where: { $0.isUppercase }) {
            add("uppercase", "Password must contain at least one uppercase letter.")
        }
        if !password.contains(where: { $0.isNumber }) {
            add("digit", "Password must contain at least one digit.")
        }
        if CredentialCharacters.passwordHasControl(password) {
            let listed = CredentialCharacters.describeForbidden(in: password, where: CredentialCharacters.isControl)
            add(
                "control-characters",
                "Password must not contain control characters (it has \(listed)); use letters, digits, spaces and punctuation.")
        }
        return issues
    }

    /// Throws a `ValidationError` naming every broken rule.
    public static func validate(_ password: String, field: String = "password") throws {
        try ValidationError.check(issues(for: password, field: field))
    }
}
