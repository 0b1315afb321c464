import Foundation

/// Removes what identifies people from free text (titles, descriptions, locations, feedback, notes)
/// before it leaves the server for a third party (34 CFR §99.31(b)(1)): each finding becomes a
/// typed placeholder, so the text stays readable — "Email [email] about [name]'s essay".
///
/// Found: email addresses, URLs with a query string (tokens and ids hide there), student numbers (a
/// configurable pattern), phone numbers (an area code and two groups of digits, with the usual
/// separators), street addresses ("1250 N Main St"), dates long past (birth dates: "2004-03-17",
/// "03/17/2004", "March 17, 2004" — a date at least `pastYears` ago), and every word of the names
/// and usernames of known people, in any case.
///
/// Names are matched word by word against a set, not by one pattern per person, so scrubbing costs
/// the same for 45,000 users as for 5. The price is over-scrubbing: a person called "Will" or "May"
/// takes those words out of every text. For data leaving the university that is the right side to err on.
public struct TextScrubber: Sendable {
    /// The lower-cased words of every known name and username (two characters or more).
    public let nameWords: Set<String>
    private let rules: [(NSRegularExpression, String)]
    private let pastDates: [NSRegularExpression]
    private let latestPastYear: Int

    /// - Parameters:
    ///   - names: display names and usernames of the people the text might mention.
    ///   - studentIDPattern: a regular expression for the campus's student numbers (default: nine digits).
    ///   - now, pastYears: dates in years up to `year(now) - pastYears` are taken for birth dates.
    public init(names: [String], studentIDPattern: String = #"\b\d{9}\b"#, now: Date = Date(), pastYears: Int = 10) throws {
        var words: Set<String> = []
        for name in names {
            for word in Self.words(in: name) where word.count >= 2 { words.insert(word.lowercased()) }
        }
        self.nameWords = words
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
        self.rules = try patterns.map { (try NSRegularExpression(pattern: $0.0), $0.1) }
        let months =
            "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
        // Each pattern captures the year as its group named `year`.
        self.pastDates = try [
            #"\b(?<year>\d{4})-\d{1,2}-\d{1,2}\b"#,
            #"\b\d{1,2}[/.]\d{1,2}[/.](?<year>\d{4})\b"#,
            #"\b"# + months + #"\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?<year>\d{4})\b"#,
            #"\b\d{1,2}(?:st|nd|rd|th)?\s+"# + months + #"\.?,?\s+(?<year>\d{4})\b"#,
        ].map { try NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }
        self.latestPastYear = Calendar(identifier: .gregorian).component(.year, from: now) - pastYears
    }

    /// `text` with every finding replaced by its placeholder.
    public func scrub(_ text: String) -> String {
        var result = text
        for (expression, placeholder) in rules {
            result = expression.stringByReplacingMatches(
                in: result, range: NSRange(result.startIndex..., in: result), withTemplate: NSRegularExpression.escapedTemplate(for: placeholder))
        }
        for expression in pastDates { result = replacePastDates(in: result, matching: expression) }
        return replaceNames(in: result)
    }

    private func replacePastDates(in text: String, matching expression: NSRegularExpression) -> String {
        var result = text
        let matches = expression.matches(in: text, range: NSRange(text.startIndex..., in: text))
        for match in matches.reversed() {
            guard let yearRange = Range(match.range(withName: "year"), in: text), let year = Int(text[yearRange]), year <= latestPastYear,
                let range = Range(match.range, in: result)
            else { continue }
            result.replaceSubrange(range, with: "[date]")
        }
        return result
    }

    /// Every maximal run of letters and digits that is a known name word becomes `[name]`.
    private func replaceNames(in text: String) -> String {
        guard !nameWords.isEmpty else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var word = ""
        func flush() {
            if !word.isEmpty {
                // Placeholders already written ("[email]") are left alone, whatever the names.
                result += nameWords.contains(word.lowercased()) && !result.hasSuffix("[") ? "[name]" : word
                word = ""
            }
        }
        for character in text {
            if Self.isWordCharacter(character) {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }

    static func words(in text: String) -> [String] {
        text.split(whereSeparator: { !isWordCharacter($0) }).map(String.init)
    }
}
