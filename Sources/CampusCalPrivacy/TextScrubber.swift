import Foundation

/// Removes what identifies people from free text (titles, descriptions, locations, feedback, notes)
/// before it leaves the server for a third party (34 CFR §99.31(b)(1)): each finding becomes a
/// typed placeholder, so the text stays readable — "Email [email] about [name]'s essay".
///
/// Found: email addresses, URLs with a query string (tokens and ids hide there), phone numbers
/// (an area code and two groups of digits, with the usual separators), student numbers (a configurable pattern),
/// street addresses ("1250 N Main St"), and the names of known people (whole words, any case).
public struct TextScrubber: Sendable {
    /// Names of the people the text might mention (users' display names and usernames), longest first
    /// so that "Alice Archer" is replaced before "Alice".
    public let names: [String]
    private let rules: [(NSRegularExpression, String)]

    /// `studentIDPattern`: a regular expression for the campus's student numbers (default: nine digits).
    public init(names: [String], studentIDPattern: String = #"\b\d{9}\b"#) throws {
        self.names = Array(Set(names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count >= 2 }))
            .sorted { ($0.count, $0) > ($1.count, $1) }
        // Order matters: emails and URLs contain digits and words the later rules would otherwise take apart.
        let patterns: [(String, String)] = [
            (#"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"#, "[email]"),
            (#"\bhttps?://[^\s?#]+\?[^\s#]*(#\S*)?"#, "[url]"),
            (studentIDPattern, "[student-id]"),
            // (208) 555-0101, 208.555.0101, +1 208 555 0101, +44 20 7946 0958 — not dates (2026-12-03) or times.
            (#"(?<![\w-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)|\d{2,4})[\s.-]?\d{3,4}[\s.-]?\d{3,4}(?![\w-])"#, "[phone]"),
            (
                #"\b\d{1,6}\s+(?:[NSEW]\.?\s+)?(?:[A-Z][a-z]+\s+){1,3}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Ct|Court|Pl|Place)\b\.?"#,
                "[address]"
            ),
        ]
        var rules = try patterns.map { (try NSRegularExpression(pattern: $0.0), $0.1) }
        for name in self.names {
            let escaped = NSRegularExpression.escapedPattern(for: name)
            rules.append((try NSRegularExpression(pattern: #"(?<![\w])"# + escaped + #"(?![\w])"#, options: [.caseInsensitive]), "[name]"))
        }
        self.rules = rules
    }

    /// `text` with every finding replaced by its placeholder.
    public func scrub(_ text: String) -> String {
        var result = text
        for (expression, placeholder) in rules {
            result = expression.stringByReplacingMatches(
                in: result, range: NSRange(result.startIndex..., in: result), withTemplate: NSRegularExpression.escapedTemplate(for: placeholder))
        }
        return result
    }
}
