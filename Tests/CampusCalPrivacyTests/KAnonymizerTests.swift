import CampusCalCore
import Testing

@testable import CampusCalPrivacy

/// `KAnonymizer` on small hand-made releases: generalisation before suppression, only where needed,
/// never finer than the ledger's floor (issue #27).
@Suite("k-anonymity: generalise, then withhold, never finer than before")
struct KAnonymizerTests {
    static func record(_ subject: String, title: String, due: String, course: String = "CS 124-001", item: String) -> DeidentifiedRecord {
        var record = DeidentifiedRecord(subject: subject, kind: "assignment")
        record.title = title
        record.due = due
        record.course = course
        record.itemKey = "task:" + item
        return record
    }

    /// Three students, each with their own quiz title on their own day of one week: with k = 3 the
    /// titles become their class and the days their week — and nothing is withheld or left out.
    @Test func rareCombinationsAreGeneralisedBeforeAnythingIsWithheld() {
        let records = [
            Self.record("a", title: "Quiz 1 (Ada)", due: "2026-11-23", item: "1"),
            Self.record("b", title: "Quiz 2 (Bo)", due: "2026-11-24", item: "2"),
            Self.record("c", title: "Quiz 3 (Cy)", due: "2026-11-25", item: "3"),
        ]
        let outcome = KAnonymizer(k: 3).apply(to: records)
        #expect(outcome.suppressedRecords == 0)
        #expect(outcome.records.map(\.title) == ["quiz", "quiz", "quiz"])
        #expect(outcome.records.map(\.due) == ["2026-W48", "2026-W48", "2026-W48"])
        #expect(outcome.records.map(\.course) == ["CS 124-001", "CS 124-001", "CS 124-001"])
        #expect(outcome.withheldValues == 0)
    }

    /// Records already shared by k students are left exactly as they are.
    @Test func commonRecordsAreUntouched() {
        var records = (0..<3).map { Self.record("s\($0)", title: "Problem set 4", due: "2026-11-23", item: "\($0)") }
        records.append(Self.record("odd", title: "Private tutoring with Dr. [name]", due: "2026-11-27", item: "9"))
        let outcome = KAnonymizer(k: 3).apply(to: records)
        #expect(outcome.records.prefix(3).allSatisfy { $0.title == "Problem set 4" && $0.due == "2026-11-23" })
        // The odd one cannot join anyone at any level: it is left out.
        #expect(outcome.suppressedRecords == 1)
        #expect(outcome.records.count == 3)
    }

    /// The ledger: an item released at week level before never goes out at day level again, even
    /// where this release alone would allow it.
    @Test func anItemNeverGoesOutFinerThanTheRecipientHadIt() {
        let records = (0..<3).map { Self.record("s\($0)", title: "Lab 2", due: "2026-11-23", item: "\($0)") }
        let first = KAnonymizer(k: 3).apply(to: records)
        #expect(first.records.allSatisfy { $0.due == "2026-11-23" })
        var floors = first.levels
        let due = QuasiIdentifier.all.firstIndex { $0.name == "due" }!
        floors["task:0"]?[due] = 1
        let second = KAnonymizer(k: 3).apply(to: records, floors: floors)
        #expect(second.records.first { $0.itemKey == "task:0" }?.due == "2026-W48")
        #expect(second.levels["task:0"]?[due] == 1)
    }
}
