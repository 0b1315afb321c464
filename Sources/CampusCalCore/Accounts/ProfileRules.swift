import Foundation

/// Rules for the editable parts of a user profile: display name, email, phone and time zone.
public enum ProfileRules {
    public static let maximumDisplayNameLength = 100
    /// SRS 3.5: a phone number has at least ten digits.
    public static let minimumPhoneDigits = 10
    public static let maximumPhoneDigits = 15

    public static func displayNameIssues(_ value: String) -> [ValidationIssue] {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            return [ValidationIssue(field: "displayName", code: "displayName.empty", message: "Display name must not be empty.")]
        }
        if value.unicodeScalars.count > maximumDisplayNameLength {
            return [
                ValidationIssue(
                    field: "displayName", code: "displayName.length",
                    message: "Display name must be at most \(maximumDisplayNameLength) characters long.")
            ]
        }
        if trimmed.contains(where: { $0.isNewline || $0.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) } }) {
            return [
                ValidationIssue(
                    field: "displayName", code: "displayName.characters",
                    message: "Display name must not contain line breaks or control characters.")
            ]
        }
        return []
    }

    /// A deliberately simple check (one `@`, a dot in the domain, no spaces): the real test of an
    /// address is a message reaching it, which the notifications issue does.
    public static func emailIssues(_ value: String) -> [ValidationIssue] {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        let valid =
            value.count <= 254 && parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
            && !value.contains(where: { $0.isWhitespace || $0.isNewline })
        return valid
            ? []
            : [
                ValidationIssue(
                    field: "email", code: "email.format",
                    message: "Email address '\(value.prefix(64))' is not valid; expected something like name@example.edu.")
            ]
    }

    public static func phoneIssues(_ value: String) -> [ValidationIssue] {
        let allowedPunctuation: Set<Character> = ["+", "(", ")", "-", ".", " "]
        let digits = value.filter { $0.isASCII && $0.isNumber }.count
        let onlyAllowed = value.allSatisfy { ($0.isASCII && $0.isNumber) || allowedPunctuation.contains($0) }
        guard onlyAllowed, digits >= minimumPhoneDigits, digits <= maximumPhoneDigits else {
            return [
                ValidationIssue(
                    field: "phone", code: "phone.format",
                    message:
                        "Phone number must have \(minimumPhoneDigits) to \(maximumPhoneDigits) digits and may use only digits, spaces and + ( ) - ."
                )
            ]
        }
        return []
    }

    public static func timeZoneIssues(_ value: String) -> [ValidationIssue] {
        // Only region identifiers (America/Denver, UTC) are accepted: abbreviations like "MST" are ambiguous.
        let known = TimeZone.knownTimeZoneIdentifiers.contains(value) || value == "UTC"
        return known
            ? []
            : [
                ValidationIssue(
                    field: "timeZone", code: "timeZone.unknown",
                    message: "Time zone '\(value.prefix(64))' is not an IANA time zone name; use one like 'America/Denver' or 'UTC'.")
            ]
    }
}
