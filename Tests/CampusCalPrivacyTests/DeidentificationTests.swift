import CampusCalCore
import CampusCalPrivacy
import Testing

/// The de-identification building blocks (34 CFR §99.31(b)): record codes, free-text scrubbing and
/// small-cell suppression.
@Suite("De-identification: record codes, scrubbing, small cells")
struct DeidentificationTests {
    static let secret = [UInt8](repeating: 7, count: 32)

    @Test func recordCodesAreStablePerRecipientAndUnlinkableAcrossRecipients() throws {
        let codes = try #require(RecordCodes(secret: Self.secret))
        let alice = UserID(rawValue: "alice-id")
        #expect(codes.code(for: alice, recipient: "plugin.a") == codes.code(for: alice, recipient: "plugin.a"))
        #expect(codes.code(for: alice, recipient: "plugin.a") != codes.code(for: alice, recipient: "plugin.b"))
        #expect(codes.code(for: alice, recipient: "plugin.a") != codes.code(for: UserID(rawValue: "bob-id"), recipient: "plugin.a"))
        #expect(codes.code(for: alice, recipient: "plugin.a").count == 35)
        // Another server's secret gives other codes: the code is not derived from the id alone.
        let other = try #require(RecordCodes(secret: [UInt8](repeating: 8, count: 32)))
        #expect(other.code(for: alice, recipient: "plugin.a") != codes.code(for: alice, recipient: "plugin.a"))
        #expect(RecordCodes(secret: [1, 2, 3]) == nil)
    }

    /// The codes' exact values, computed independently (Python's hmac): plugins key their state by
    /// them (task-rewards' points), so a code must never change between versions of the server.
    @Test func recordCodesMatchTheirDefinition() throws {
        let codes = try #require(RecordCodes(secret: Self.secret))
        // hmac(hmac(secret, recipient), user)[:16].hex()
        #expect(codes.code(for: UserID(rawValue: "alice-id"), recipient: "plugin.a") == "rc_5c5d8b674a340fa07b93402c5b7f0ae8")
        #expect(
            codes.code(for: UserID(rawValue: "item:42"), recipient: "org.campuscal.task-rewards", prefix: "ic_")
                == "ic_5be74810c0de2980325a4cf689208d6b")
    }

    @Test func identifiersInFreeTextBecomePlaceholders() throws {
        let scrubber = try TextScrubber(names: ["Alice Archer", "Alice", "aarcher"])
        let text = """
            Alice Archer (aarcher, 123456789) — email alice.archer@campus.edu or call (208) 555-0101; \
            notes at https://docs.example.edu/view?id=42&user=aarcher; meet at 1250 N Main St. Thanks, alice!
            """
        let scrubbed = scrubber.scrub(text)
        for leaked in ["Alice", "alice", "aarcher", "123456789", "archer@", "555-0101", "id=42", "1250 N Main"] {
            #expect(!scrubbed.contains(leaked), "\(leaked) in \(scrubbed)")
        }
        #expect(scrubbed.contains("[name]") && scrubbed.contains("[email]") && scrubbed.contains("[phone]"))
        #expect(scrubbed.contains("[student-id]") && scrubbed.contains("[url]") && scrubbed.contains("[address]"))
        // Ordinary text stays as it was: course codes, times, dates, plain links.
        let plain = "CS 101 lab at 10:00 on 2026-12-03, room 12; see https://campus.edu/labs"
        #expect(scrubber.scrub(plain) == plain)
    }

    @Test func smallCellsAreWithheld() {
        let cells = ["CS 101|2026-W49": 24, "ART 3|2026-W49": 4, "CS 101|2026-W50": 10]
        #expect(SmallCellSuppression().releasable(cells) == ["CS 101|2026-W49": 24, "CS 101|2026-W50": 10])
        #expect(SmallCellSuppression(minimumCellSize: 3).releasable(cells).count == 3)
    }
}
