/// Names of people who may have no account here — a parent, a friend off campus, a landlord — from
/// public name-frequency lists (`CensusFirstNames.swift`, `CensusSurnames.swift`), for
/// `TextScrubber`'s context rules (issue #27).
///
/// Many of these are also ordinary words ("Will", "May", "Young", "Hall"), so the scrubber uses
/// them only where a name is likely: a first name followed by a surname, a title before a surname
/// ("Dr. Okafor"), or a relation or a verb of meeting before a first name ("my roommate Jess").
enum CensusNames {
    /// Lower-cased first names.
    static let firstNames: Set<String> = Set(firstNamesText.split(whereSeparator: \.isWhitespace).map { $0.lowercased() })
    /// Lower-cased surnames.
    static let surnames: Set<String> = Set(surnamesText.split(whereSeparator: \.isWhitespace).map { $0.lowercased() })
}
