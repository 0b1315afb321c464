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
    /// The student-number pattern, whole: what a run of digits in any spelling must be to be one.
    private let studentID: NSRegularExpression
    /// Runs of digits (and O for 0) with single spaces, dashes, dots or slashes between them.
    private let digitRun: NSRegularExpression
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
            // "1250 N Main St", "12 Elm Cir, Apt 4B", "9 Quail Ridge Pkwy #12": every USPS suffix and unit designator.
            (
                #"\b\d{1,6}[A-Za-z]?\s+(?:[NSEW]{1,2}\.?\s+)?(?:[A-Z][a-z]+\.?\s+){1,3}(?i:"#
                    + StreetWords.suffixes.joined(separator: "|") + #")\b\.?(?:,?\s*(?:(?i:"#
                    + StreetWords.unitDesignators.joined(separator: "|") + #")\.?\s*#?|#)\s*[A-Za-z0-9-]{1,6}\b)?"#,
                "[address]"
            ),
        ]
        self.rules = try patterns.map { (try NSRegularExpression(pattern: $0.0), $0.1) }
        self.studentID = try NSRegularExpression(pattern: "^(?:" + studentIDPattern + ")$")
        self.digitRun = try NSRegularExpression(pattern: #"(?<![A-Za-z0-9])[0-9Oo](?:[ ./-]?[0-9Oo]){5,15}(?![A-Za-z0-9])"#)
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
        var result = replaceSpelledNumbers(in: text)
        for (expression, placeholder) in rules {
            result = expression.stringByReplacingMatches(
                in: result, range: NSRange(result.startIndex..., in: result), withTemplate: NSRegularExpression.escapedTemplate(for: placeholder))
        }
        for expression in pastDates { result = replacePastDates(in: result, matching: expression) }
        return replaceContextNames(in: replaceNames(in: result))
    }

    /// Digits in runs with spaces, dashes, dots or slashes between them, and with the letter O
    /// written for 0 ("123-45-6789", "123 45 6789", "1O2.345.678"): a run whose digits, read
    /// together, are a student number becomes `[student-id]` (issue #27: only nine digits in a row
    /// were recognised).
    private func replaceSpelledNumbers(in text: String) -> String {
        let matches = digitRun.matches(in: text, range: NSRange(text.startIndex..., in: text))
        guard !matches.isEmpty else { return text }
        var result = text
        for match in matches.reversed() {
            guard let range = Range(match.range, in: result) else { continue }
            let run = result[range]
            let digits = String(run.compactMap { $0 == "O" || $0 == "o" ? "0" : ($0.isNumber ? $0 : nil) })
            guard run.contains(where: \.isNumber),
                studentID.firstMatch(in: digits, range: NSRange(digits.startIndex..., in: digits)) != nil
            else { continue }
            result.replaceSubrange(range, with: "[student-id]")
        }
        return result
    }

    /// Names of people without an account here, from the census lists (`CensusNames`), where the
    /// text says a person is meant: a first name then a surname ("Maria Gonzalez"), a title before a
    /// surname or first name ("Dr. Okafor"), or a relation or meeting word before a first name ("my
    /// roommate Jess", "lunch with Anna").
    private func replaceContextNames(in text: String) -> String {
        var tokens = Self.tokens(in: text)
        guard tokens.count > 1 else { return text }
        var changed = false
        for index in tokens.indices.dropFirst() {
            let word = tokens[index].text
            guard word.first?.isUppercase == true, word.count >= 3 else { continue }
            let lower = word.lowercased()
            let previous = tokens[index - 1].text
            let previousLower = previous.lowercased()
            let isFirst = CensusNames.firstNames.contains(lower)
            let isSurname = CensusNames.surnames.contains(lower)
            var name = false
            if Self.titles.contains(previousLower) && (isFirst || isSurname) {
                name = true
            } else if Self.contextWords.contains(previousLower) && isFirst {
                name = true
            } else if isSurname, previous.first?.isUppercase == true, CensusNames.firstNames.contains(previousLower) {
                name = true
                if tokens[index - 1].text != "[name]" { tokens[index - 1].text = "[name]" }
            }
            if name {
                tokens[index].text = "[name]"
                changed = true
            }
        }
        guard changed else { return text }
        return tokens.map { $0.separator + $0.text }.joined()
    }

    /// Words before which a capitalised word is a person's title-led name.
    static let titles: Set<String> = ["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "coach", "dean", "rev", "sr", "sra"]
    /// Words after which a capitalised first name is a person.
    static let contextWords: Set<String> = [
        "mom", "dad", "mother", "father", "brother", "sister", "sibling", "friend", "roommate", "cousin", "aunt", "uncle", "grandma",
        "grandpa", "grandmother", "grandfather", "boyfriend", "girlfriend", "partner", "wife", "husband", "son", "daughter", "parent",
        "neighbor", "neighbour", "tutor", "babysitter", "landlord", "coworker", "boss", "with", "call", "text", "meet", "visit", "email",
        "ask", "tell", "see", "and",
    ]

    /// The text as words, each with the characters before it (so that it can be put back together).
    private static func tokens(in text: String) -> [(separator: String, text: String)] {
        var tokens: [(separator: String, text: String)] = []
        var separator = ""
        var word = ""
        for character in text {
            if isWordCharacter(character) || (character == "[" && word.isEmpty) || (character == "]" && word.hasPrefix("[")) {
                word.append(character)
            } else {
                if !word.isEmpty {
                    tokens.append((separator, word))
                    separator = ""
                    word = ""
                }
                separator.append(character)
            }
        }
        if !word.isEmpty || !separator.isEmpty { tokens.append((separator, word)) }
        return tokens
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
