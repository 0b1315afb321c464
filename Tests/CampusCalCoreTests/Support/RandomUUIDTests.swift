import Foundation
import Testing

@testable import CampusCalCore

/// `RandomUUID` replaced `UUID().uuidString.lowercased()` for every id: its text must be what
/// that gave — a version 4 UUID Foundation reads back, lowercase — and never repeat.
@Suite("RandomUUID: ids are lowercase version 4 UUIDs, as Foundation's were")
struct RandomUUIDTests {
    @Test func idsAreVersionFourUUIDsFoundationReadsBack() throws {
        for _ in 0..<1_000 {
            let text = RandomUUID.text()
            let parsed = try #require(UUID(uuidString: text), "\(text)")
            #expect(parsed.uuidString.lowercased() == text)
            let bytes = withUnsafeBytes(of: parsed.uuid) { Array($0) }
            #expect(bytes[6] >> 4 == 4, "version nibble of \(text)")
            #expect(bytes[8] >> 6 == 0b10, "variant bits of \(text)")
        }
    }

    @Test func idsDoNotRepeatAndUseEveryRandomDigit() {
        let ids = (0..<10_000).map { _ in RandomUUID.text() }
        #expect(Set(ids).count == ids.count)
        // Every position outside the dashes and the two fixed nibbles takes all sixteen digits.
        let fixed: Set<Int> = [8, 13, 14, 18, 23]
        for position in 0..<36 where !fixed.contains(position) {
            let digits = Set(ids.map { Array($0.utf8)[position] })
            #expect(digits.count == (position == 19 ? 4 : 16), "position \(position)")
        }
    }
}
