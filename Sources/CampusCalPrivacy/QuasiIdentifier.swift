import CampusCalCore
import CampusCalICalendar
import Foundation

/// A released field that, with others, could single a student out (a quasi-identifier), and the
/// ladder of ever coarser forms it may be released in before it is withheld altogether.
///
/// Every field of a de-identified record but its `subject` is one: a title, a due day, a course,
/// a score — alone or together — can be one student's. `KAnonymizer` climbs these ladders, one field
/// at a time, for the records whose combination of values too few students share.
struct QuasiIdentifier: Sendable {
    /// The field's name as released (and as the release's report of what was generalised names it).
    let name: String
    /// The field's value as made, as text (numbers and flags as Swift writes them), nil when absent.
    let raw: @Sendable (DeidentifiedRecord) -> String?
    /// A value as made after `level` steps up the ladder (0: itself; at the top, withheld).
    let climb: @Sendable (String, Int) -> String
    /// Writes a value (as `raw` or `climb` gives it) into the record; withheld numbers and flags are left out.
    let set: @Sendable (inout DeidentifiedRecord, String) -> Void

    static let withheldText = "[withheld]"
    /// No field has more steps than this (exact time → day → week → withheld).
    static let highestLevel = 3

    /// The field's value at `level`, nil when absent.
    func value(_ record: DeidentifiedRecord, _ level: Int) -> String? { raw(record).map { climb($0, level) } }

    /// A text field: as written, then `coarser` of it as often as it has an answer, then withheld.
    static func text(
        _ name: String, _ field: any WritableKeyPath<DeidentifiedRecord, String?> & Sendable, coarser: (@Sendable (String) -> String?)? = nil
    ) -> QuasiIdentifier {
        QuasiIdentifier(
            name: name, raw: { $0[keyPath: field] }, climb: { original, level in climb(original, level, coarser) },
            set: { record, value in record[keyPath: field] = value })
    }

    /// A number: as it is, then left out.
    static func number(_ name: String, _ field: any WritableKeyPath<DeidentifiedRecord, Double?> & Sendable) -> QuasiIdentifier {
        // `String(Double)` is the shortest text that reads back as the same number.
        QuasiIdentifier(
            name: name, raw: { $0[keyPath: field].map { String($0) } }, climb: { value, level in level == 0 ? value : withheldText },
            set: { record, value in record[keyPath: field] = Double(value) })
    }

    /// A yes/no: as it is, then left out.
    static func flag(_ name: String, _ field: any WritableKeyPath<DeidentifiedRecord, Bool?> & Sendable) -> QuasiIdentifier {
        QuasiIdentifier(
            name: name, raw: { $0[keyPath: field].map { String($0) } }, climb: { value, level in level == 0 ? value : withheldText },
            set: { record, value in record[keyPath: field] = Bool(value) })
    }

    /// `original` after `level` steps of `coarser`; once a step has no answer, withheld.
    static func climb(_ original: String, _ level: Int, _ coarser: (@Sendable (String) -> String?)?) -> String {
        var value = original
        for _ in 0..<level {
            guard value != withheldText, let coarser, let next = coarser(value) else { return withheldText }
            value = next
        }
        return value
    }

    /// Every field of `DeidentifiedRecord` but `subject`, `kind` and `person`, with its ladder.
    static let all: [QuasiIdentifier] = [
        .text("title", \.title, coarser: TitleClass.of),
        .text("description", \.description),
        .text("location", \.location),
        .text("feedback", \.feedback),
        .text("course", \.course, coarser: CourseLevel.coarser),
        .text("start", \.start, coarser: ReleasedTime.coarser),
        .text("end", \.end, coarser: ReleasedTime.coarser),
        .text("due", \.due, coarser: ReleasedTime.coarser),
        .text("timeZone", \.timeZone),
        .text("priority", \.priority),
        .text("status", \.status),
        .text("letter", \.letter),
        .text("role", \.role),
        .number("pointsPossible", \.pointsPossible),
        .number("score", \.score),
        .number("percentage", \.percentage),
        .flag("allDay", \.allDay),
        .flag("recurring", \.recurring),
    ]
}

/// Coarser forms of released times: an exact instant or zoned time → its day → its ISO week → withheld.
enum ReleasedTime {
    @Sendable static func coarser(_ value: String) -> String? {
        if value.contains("-W") { return nil }
        let day = value.prefix(10)
        let parts = day.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let date = Int(parts[2]) else { return nil }
        // A time (longer than its day) becomes the day; a day becomes its week.
        if value.count > 10 { return String(day) }
        return DateGranularity.isoWeek(of: LocalDate(year: year, month: month, day: date))
    }
}

/// Coarser forms of a course code: `CS 124-002` → `CS 124` → `CS` → withheld.
enum CourseLevel {
    @Sendable static func coarser(_ code: String) -> String? {
        if let dash = code.lastIndex(where: { $0 == "-" }) {
            let base = code[..<dash].trimmingCharacters(in: .whitespaces)
            if !base.isEmpty { return base }
        }
        let letters = code.prefix { $0.isLetter }
        return letters.isEmpty || letters.count == code.count ? nil : String(letters)
    }
}

/// The class of an item's title, when the exact title is too rare to release: "Midterm exam 2" → "exam".
enum TitleClass {
    static let classes: [(String, [String])] = [
        ("exam", ["exam", "midterm", "final", "test"]), ("quiz", ["quiz"]),
        ("homework", ["homework", "problem set", "pset", "exercise", "worksheet"]),
        ("lab", ["lab", "practical"]), ("project", ["project", "presentation", "poster"]),
        ("essay", ["essay", "paper", "report", "draft", "thesis"]),
        ("reading", ["reading", "chapter", "read "]), ("lecture", ["lecture", "class", "seminar", "tutorial", "recitation", "section"]),
        ("meeting", ["meeting", "office hours", "appointment", "advising"]), ("busy", ["busy"]),
    ]

    /// A title's class; a class (or "other") has no coarser form but withheld.
    @Sendable static func of(_ title: String) -> String? {
        if classes.contains(where: { $0.0 == title }) || title == "other" { return nil }
        let lower = title.lowercased()
        for (name, words) in classes where words.contains(where: { lower.contains($0) }) { return name }
        return "other"
    }
}
