/// A position in the change log: the number of the last change a client has seen (RFC 6578's
/// sync token, and `GET /api/v1/changes?since=`).
///
/// Numbers only grow and are never handed out twice, so "every change after this token" is exact.
/// Clients treat the encoded form as opaque.
public struct SyncToken: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The log's change number; 0 is "before anything".
    public let number: Int64

    public init(_ number: Int64) { self.number = number }

    /// Before the first change.
    public static let origin = SyncToken(0)

    /// Reads the form `encoded` wrote; nil for anything else (the caller explains what went wrong).
    public init?(encoded: String) {
        // At most 18 digits fits Int64 whatever they are; no sign, no spaces, no leading zeros.
        guard (1...18).contains(encoded.utf8.count), encoded.utf8.allSatisfy({ (48...57).contains($0) }),
            encoded == "0" || !encoded.hasPrefix("0"), let number = Int64(encoded)
        else { return nil }
        self.number = number
    }

    /// The form clients keep and send back.
    public var encoded: String { String(number) }

    public var description: String { encoded }

    public static func < (lhs: SyncToken, rhs: SyncToken) -> Bool { lhs.number < rhs.number }
}
