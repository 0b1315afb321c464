import Foundation

/// Where a login attempt comes from: the client's IP address as this server's socket saw it
/// (never `X-Forwarded-For`, which the client writes), reduced to what one attacker holds.
///
/// SRS 4.2.36.1 locks an account "from that session" after ten failures; the only thing an
/// anonymous login attempt carries that an attacker cannot change at will is where it comes from,
/// so that is the session (security review L5). An IPv6 client gets a whole /64 from any provider,
/// so its source is the /64: one attacker cannot mint a fresh source per guess.
public struct LoginSource: Sendable, Hashable, CustomStringConvertible {
    /// The text counters and locks are stored under: `192.0.2.7`, `2001:db8:0:1::/64`, or `unknown`.
    public let key: String

    public var description: String { key }

    /// Attempts whose address the server could not read (the CLI, a test calling the service): one
    /// source for all of them, so they are limited together rather than not at all.
    public static let unknown = LoginSource(key: "unknown")

    init(key: String) { self.key = key }

    /// The source of a connection from `address` (IPv4 or IPv6 text, as the socket gives it).
    public init(address: String?) {
        guard let address, !address.isEmpty else {
            self = .unknown
            return
        }
        if let hextets = Self.ipv6Hextets(address) {
            // An IPv4 client seen through an IPv4-mapped IPv6 address is that IPv4 client.
            if hextets[0..<5].allSatisfy({ $0 == 0 }) && hextets[5] == 0xFFFF {
                let v4 = [hextets[6] >> 8, hextets[6] & 0xFF, hextets[7] >> 8, hextets[7] & 0xFF]
                key = v4.map(String.init).joined(separator: ".")
            } else {
                key = hextets[0..<4].map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
            }
        } else {
            key = address.lowercased()
        }
    }

    /// The eight 16-bit groups of an IPv6 address (`::` expanded, a zone `%eth0` dropped, a
    /// dotted IPv4 tail read); nil when `text` is not one.
    static func ipv6Hextets(_ text: String) -> [UInt16]? {
        var text = Substring(text)
        if let percent = text.firstIndex(of: "%") { text = text[..<percent] }
        guard text.contains(":") else { return nil }
        func groups(_ part: Substring) -> [UInt16]? {
            if part.isEmpty { return [] }
            var result: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains(".") {
                    let octets = piece.split(separator: ".", omittingEmptySubsequences: false).compactMap { UInt8($0) }
                    guard octets.count == 4 else { return nil }
                    result += [UInt16(octets[0]) << 8 | UInt16(octets[1]), UInt16(octets[2]) << 8 | UInt16(octets[3])]
                } else {
                    guard piece.count <= 4, let value = UInt16(piece, radix: 16) else { return nil }
                    result.append(value)
                }
            }
            return result
        }
        let halves = text.components(separatedBy: "::")
        switch halves.count {
        case 1:
            guard let all = groups(text), all.count == 8 else { return nil }
            return all
        case 2:
            guard let head = groups(Substring(halves[0])), let tail = groups(Substring(halves[1])), head.count + tail.count < 8 else {
                return nil
            }
            return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        default:
            return nil
        }
    }
}

/// How failed logins from one source slow it down (security review L5): the first `allowance`
/// failures within `window` cost nothing more than the answer; each one after blocks the source
/// for a delay that doubles (`baseDelay`, twice that, …, at most `maximumDelay`), during which its
/// logins answer 429 with `Retry-After` without checking anything. One address can then guess
/// about `allowance` + log2(maximumDelay / baseDelay) passwords per window across all accounts,
/// instead of without limit; people who share it (a campus NAT) wait seconds, not a day.
public struct SourceThrottlePolicy: Sendable, Equatable {
    public var allowance: Int
    public var window: TimeInterval
    public var baseDelay: TimeInterval
    public var maximumDelay: TimeInterval

    public init(allowance: Int = 30, window: TimeInterval = 3600, baseDelay: TimeInterval = 2, maximumDelay: TimeInterval = 3600) {
        self.allowance = allowance
        self.window = window
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    /// The start of the window that counts for a failure at `now`.
    public func windowStart(endingAt now: Date) -> Date { now.addingTimeInterval(-window) }

    /// How long the source waits after a failure, given how many of its failures (this one
    /// included) fall in the window; nil within the allowance.
    public func delay(afterFailures count: Int) -> TimeInterval? {
        guard count > allowance else { return nil }
        let doublings = min(count - allowance - 1, 40)
        return min(maximumDelay, baseDelay * pow(2, Double(doublings)))
    }
}
