import Foundation

/// A small, fast, deterministic random number generator (SplitMix64).
///
/// The campus must come out the same for the same `--seed`, so nothing here may read the system's
/// randomness. Each student gets a generator of their own (`SeededRandom(seed, stream:, index:)`),
/// so what one student looks like does not depend on how many rows were generated before, or on
/// how the work is cut into batches.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(_ seed: UInt64) { state = seed }

    /// An independent generator for one thing (a student, a course, a group…) of one kind.
    init(_ seed: UInt64, stream: Stream, index: Int) {
        var mixer = SeededRandom(seed ^ (stream.rawValue &* 0x9E37_79B9_7F4A_7C15))
        for _ in 0...(index & 3) { _ = mixer.next() }
        state = mixer.next() ^ (UInt64(truncatingIfNeeded: index) &* 0xBF58_476D_1CE4_E5B9)
        _ = next()
    }

    /// What a generator is for; a different stream gives unrelated numbers for the same index.
    enum Stream: UInt64 {
        case people = 1
        case courses, schedule, assignments, personal, groups, invitations, notices, tokens, driver, events
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// A lowercase UUID, as `UserID.generate()` and the other ids make them, but reproducible.
    mutating func uuid() -> String {
        let high = next()
        let low = next()
        var bytes = withUnsafeBytes(of: high.bigEndian) { Array($0) } + withUnsafeBytes(of: low.bigEndian) { Array($0) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10], bytes[11],
                bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return uuid.uuidString.lowercased()
    }

    /// `byteCount` random bytes as unpadded base64url, the alphabet `SessionTokenIssuer` uses.
    mutating func base64URL(byteCount: Int) -> String {
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &self) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
