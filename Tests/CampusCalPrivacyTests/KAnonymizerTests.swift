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
        var records = [
            Self.record("a", title: "Quiz 1 (Ada)", due: "2026-11-23", item: "1"),
            Self.record("b", title: "Quiz 2 (Bo)", due: "2026-11-24", item: "2"),
            Self.record("c", title: "Quiz 3 (Cy)", due: "2026-11-25", item: "3"),
        ]
        let outcome = KAnonymizer(k: 3).apply(to: &records).outcome
        #expect(outcome.suppressedRecords == 0)
        #expect(records.map(\.title) == ["quiz", "quiz", "quiz"])
        #expect(records.map(\.due) == ["2026-W48", "2026-W48", "2026-W48"])
        #expect(records.map(\.course) == ["CS 124-001", "CS 124-001", "CS 124-001"])
        #expect(outcome.withheldValues == 0)
    }

    /// Records already shared by k students are left exactly as they are.
    @Test func commonRecordsAreUntouched() {
        var records = (0..<3).map { Self.record("s\($0)", title: "Problem set 4", due: "2026-11-23", item: "\($0)") }
        records.append(Self.record("odd", title: "Private tutoring with Dr. [name]", due: "2026-11-27", item: "9"))
        let outcome = KAnonymizer(k: 3).apply(to: &records).outcome
        #expect(records.prefix(3).allSatisfy { $0.title == "Problem set 4" && $0.due == "2026-11-23" })
        // The odd one cannot join anyone at any level: it is left out.
        #expect(outcome.suppressedRecords == 1)
        #expect(records.count == 3)
    }

    /// The ledger: an item released at week level before never goes out at day level again, even
    /// where this release alone would allow it.
    @Test func anItemNeverGoesOutFinerThanTheRecipientHadIt() {
        let made = (0..<3).map { Self.record("s\($0)", title: "Lab 2", due: "2026-11-23", item: "\($0)") }
        var records = made
        let first = KAnonymizer(k: 3).apply(to: &records)
        #expect(records.allSatisfy { $0.due == "2026-11-23" })
        // Released as made: nothing for the ledger to hold.
        #expect(first.levels.isEmpty)
        let due = QuasiIdentifier.all.firstIndex { $0.name == "due" }!
        var floor = [Int](repeating: 0, count: QuasiIdentifier.all.count)
        floor[due] = 1
        records = made
        let second = KAnonymizer(k: 3).apply(to: &records, floors: ["task:0": floor])
        #expect(records.first { $0.itemKey == "task:0" }?.due == "2026-W48")
        // The others rise to meet it: the three stay one group of three.
        #expect(records.allSatisfy { $0.due == "2026-W48" })
        #expect(second.outcome.suppressedRecords == 0)
        #expect(second.levels["task:0"]?[due] == 1)
    }

    /// A release holds its records compactly while it is made (`ReleaseIndex`, issue #27: 4.5
    /// million records as values took 5.5 GB) and makes them again as it is written: every field
    /// comes back exactly as made — numbers (fractions included), flags, text with any characters.
    @Test func recordsMadeAgainFromTheIndexAreTheRecordsAsMade() {
        var full = DeidentifiedRecord(subject: "r-1", kind: "assignment")
        (full.course, full.title, full.description, full.location) = ("CS 124-001", "Lab 3 — “Lösung”", "Line\nbreak, 🙂", "Room 1")
        (full.start, full.end, full.due, full.timeZone) = ("2026-11-23T09:00:00Z", "2026-11-23T10:00:00Z", "2026-11-24", "America/Denver")
        (full.priority, full.status, full.letter, full.feedback, full.role) = ("high", "open", "A-", "Well done", "student")
        (full.pointsPossible, full.score, full.percentage) = (10, 9.5, 0.1 + 0.2)
        (full.allDay, full.recurring) = (false, true)
        full.itemKey = "task:1"
        var sparse = DeidentifiedRecord(subject: "r-2", kind: "event")
        sparse.title = "Busy"
        var index = ReleaseIndex()
        index.append(full)
        index.append(sparse)
        #expect(index.record(at: 0) == full)
        #expect(index.record(at: 1) == sparse)
        #expect(index.record(at: 0, withSubject: false).subject == "")
        // Withheld, a number or flag is left out, and text reads `[withheld]`.
        for field in 0..<ReleaseIndex.width { index.levels[field] = UInt8(QuasiIdentifier.highestLevel) }
        let withheld = index.record(at: 0)
        #expect(withheld.score == nil && withheld.allDay == nil && withheld.pointsPossible == nil)
        #expect(withheld.title == QuasiIdentifier.withheldText && withheld.due == QuasiIdentifier.withheldText)
    }

    /// What a server writes (`ReleasedRecords.forEachBatch`, a chunk at a time) is what encoding
    /// the whole release would give: identified records first, then the de-identified ones left
    /// in, without codes when the release has none.
    @Test func batchesHoldEveryReleasedRecordInOrder() async throws {
        var records = (0..<7).map { Self.record("s\($0 % 3)", title: "Problem set 4", due: "2026-11-23", item: "\($0)") }
        records.append(Self.record("odd", title: "Private tutoring", due: "2026-11-27", item: "9"))
        var index = ReleaseIndex()
        for record in records { index.append(record) }
        let outcome = KAnonymizer(k: 3).anonymise(&index)
        #expect(outcome.suppressedRecords == 1)
        var named = DeidentifiedRecord(subject: "named", kind: "task")
        named.person = .init(username: "avery", displayName: "Avery", email: nil)
        let released = ReleasedRecords(identified: [named], index: index, withCodes: false)
        #expect(released.count == 8)
        var batches: [[DeidentifiedRecord]] = []
        try await released.forEachBatch(of: 3) { batches.append($0) }
        #expect(batches.map(\.count) == [3, 3, 2])
        #expect(batches.flatMap { $0 } == released.all())
        #expect(batches[0][0].person?.username == "avery")
        #expect(batches.flatMap { $0 }.dropFirst().allSatisfy { $0.subject == "" && $0.title == "Problem set 4" })
    }
}
