import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Which addresses CampusCal's outbound LMS and feed requests may connect to (review M1).
///
/// A student chooses the URL of a feed or a Moodle site, so without a policy the server would fetch
/// whatever they name: its own loopback services, the cloud metadata address (169.254.169.254),
/// campus-internal hosts. Only public unicast addresses are permitted, unless the campus lists a
/// network in `lms.allowed_private_networks` (an on-campus Moodle, the tests' 127.0.0.1). Checked on
/// the address actually connected to (`LMSHTTPClient` resolves, checks, then connects to that
/// address), so a name that resolves differently the second time (DNS rebinding) gains nothing.
public struct OutboundAddressPolicy: Sendable, Equatable {
    /// Networks the campus allows even though they are not public.
    public var allowedNetworks: [IPNetwork]

    public init(allowedNetworks: [IPNetwork] = []) { self.allowedNetworks = allowedNetworks }

    /// A comma-separated list of CIDR networks (`127.0.0.1/32, 10.20.0.0/16, fd00::/8`; a bare
    /// address is a single host); the entries that are not networks come back separately.
    public static func parse(_ setting: String) -> (policy: OutboundAddressPolicy, invalid: [String]) {
        var networks: [IPNetwork] = []
        var invalid: [String] = []
        for entry in setting.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            if let network = IPNetwork(entry) { networks.append(network) } else { invalid.append(entry) }
        }
        return (OutboundAddressPolicy(allowedNetworks: networks), invalid)
    }

    /// Whether a connection to `address` (4 or 16 bytes) is allowed: public, or in an allowed network.
    public func permits(_ address: [UInt8]) -> Bool {
        allowsPrivately(address) || Self.isPublic(address)
    }

    /// Whether `address` is in a network the campus listed (plain http is allowed only there: tests, an on-campus proxy).
    public func allowsPrivately(_ address: [UInt8]) -> Bool {
        allowedNetworks.contains { $0.contains(address) }
            || (Self.embeddedIPv4(address).map { v4 in allowedNetworks.contains { $0.contains(v4) } } ?? false)
    }

    /// Not loopback, link-local, private, shared (CGNAT), unique-local, multicast, unspecified,
    /// reserved or documentation space — an address anyone on the internet could also reach.
    public static func isPublic(_ address: [UInt8]) -> Bool {
        if let v4 = embeddedIPv4(address) { return isPublic(v4) }
        return !refused.contains { $0.contains(address) }
    }

    /// The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`) IPv6 address.
    static func embeddedIPv4(_ address: [UInt8]) -> [UInt8]? {
        guard address.count == 16 else { return nil }
        let mapped = address[0..<10].allSatisfy { $0 == 0 } && address[10] == 0xFF && address[11] == 0xFF
        let nat64 = address[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0][...]
        return mapped || nat64 ? Array(address[12..<16]) : nil
    }

    static let refused: [IPNetwork] = [
        "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12", "192.0.0.0/24", "192.0.2.0/24",
        "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
        "::/128", "::1/128", "fe80::/10", "fc00::/7", "ff00::/8", "2001:db8::/32", "100::/64",
    ].compactMap(IPNetwork.init)
}

/// An IPv4 or IPv6 network in CIDR notation.
public struct IPNetwork: Sendable, Equatable, CustomStringConvertible {
    public let address: [UInt8]
    public let prefixLength: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
        guard let first = parts.first, let address = IPNetwork.parseAddress(first) else { return nil }
        let bits = address.count * 8
        let length = parts.count == 2 ? Int(parts[1]) : bits
        guard let length, (0...bits).contains(length) else { return nil }
        self.address = address
        self.prefixLength = length
    }

    /// Whether `other` (of the same family) is inside this network.
    public func contains(_ other: [UInt8]) -> Bool {
        guard other.count == address.count else { return false }
        var remaining = prefixLength
        for index in 0..<address.count where remaining > 0 {
            let take = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - take))
            if address[index] & mask != other[index] & mask { return false }
            remaining -= take
        }
        return true
    }

    public var description: String { "\(IPNetwork.format(address))/\(prefixLength)" }

    /// The bytes of an IPv4 or IPv6 address literal (brackets allowed around IPv6); nil for a name.
    public static func parseAddress(_ text: String) -> [UInt8]? {
        var literal = text
        if literal.hasPrefix("[") && literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
        var v4 = in_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, literal, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// The textual form of 4 or 16 address bytes.
    public static func format(_ address: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = address.count == 4 ? AF_INET : AF_INET6
        let ok = address.withUnsafeBytes { bytes in inet_ntop(family, bytes.baseAddress, &buffer, socklen_t(buffer.count)) != nil }
        guard ok else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension OutboundAddressPolicy {
    /// 127.0.0.1 only: what the tests allow-list for their local LMS (never a production default).
    public static let loopbackForTests = OutboundAddressPolicy(allowedNetworks: [IPNetwork("127.0.0.1/32")!])
}
