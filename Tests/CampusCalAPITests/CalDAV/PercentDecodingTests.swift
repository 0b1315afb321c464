import Foundation
import Testing

@testable import CampusCalAPI

/// The DAV paths' percent decoding answers as Foundation's `removingPercentEncoding` does (its
/// oracle), on every shape of escape a client or an attacker writes — except that bytes which
/// are not UTF-8 are always refused.
@Suite("Percent escapes decoded as Foundation decodes them")
struct PercentDecodingTests {
    @Test(arguments: [
        "", "plain", "event-1.ics", "a%20b", "%41%42%43", "%e2%82%ac", "%E2%82%AC", "caf%C3%A9", "100%", "%", "%4", "%zz", "%4g",
        "%00", "%2F..%2F", "%%41", "a%2", "%25", "ümlaut%20", "%F0%9F%98%80",
    ])
    func matchesFoundation(_ text: String) {
        #expect(text.decodingPercentEscapes == text.removingPercentEncoding, "\(text)")
    }

    @Test func randomEscapesMatchFoundation() {
        // Valid UTF-8 once decoded, or malformed escapes: where Foundation is the oracle.
        let pieces = ["%", "%2", "%20", "%C3%A9", "%e2%82%ac", "a", "/", "é", "%zz", "%00", "Z", "%25"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(text.decodingPercentEscapes == text.removingPercentEncoding, "\(text)")
        }
    }

    /// Bytes that are not UTF-8 are refused, always: Foundation answers nil for most but turns a
    /// lone continuation byte (`%A9`) into U+FFFD, and a path that names something must not
    /// depend on which.
    @Test(arguments: ["%A9", "a%A9", "%20%A9", "%FF", "%C3", "%C3%28", "%ED%A0%80", "%F8%88%80%80%80", "%C0%AF"])
    func bytesThatAreNotUTF8AreRefused(_ text: String) {
        #expect(text.decodingPercentEscapes == nil, "\(text)")
    }
}
