import Foundation
import Testing

@testable import CampusCalAPI

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
