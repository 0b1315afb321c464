import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

@Suite("RFC 3339 timestamps")
struct RFC3339Tests {
    @Test func matchesFoundationsFormatterOverFourCenturies() {
        let formatter = ISO8601DateFormatter()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let date = Date(timeIntervalSince1970: Double(Int64.random(in: -6_000_000_000...7_000_000_000, using: &generator)))
            #expect(RFC3339.string(from: date) == formatter.string(from: date))
        }
        for edge in [0.0, -1, 951_782_400, 4_107_542_399, 1_790_000_000.999] {
            let date = Date(timeIntervalSince1970: edge)
            #expect(RFC3339.string(from: date) == formatter.string(from: date), "\(edge)")
        }
    }
}

@Suite("RFC 3339 as the LMS APIs write it")
struct RFC3339LMSFormsTests {
    @Test func fractionsOffsetsAndGarbage() {
        // Brightspace's UTCDateTime, Canvas's plain Z, and an offset form: the same instant.
        let expected = Date(timeIntervalSince1970: 1_789_192_740)  // 2026-09-12T05:59:00Z
        #expect(RFC3339.date(from: "2026-09-12T05:59:00.000Z") == expected)
        #expect(RFC3339.date(from: "2026-09-12T05:59:00Z") == expected)
        #expect(RFC3339.date(from: "2026-09-11T23:59:00-06:00") == expected)
        // No zone is not an instant; nonsense is nil, never a crash.
        #expect(RFC3339.date(from: "2026-09-12T05:59:00") == nil)
        for text in ["", "2026-13-01T00:00:00Z", "2026-09-12T25:00:00Z", "2026-09-12T05:59:00.12a3Z", "null", "2026-09-12"] {
            #expect(RFC3339.date(from: text) == nil, "\(text)")
        }
    }
}
