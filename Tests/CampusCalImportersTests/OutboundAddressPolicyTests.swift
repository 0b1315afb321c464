import Testing

@testable import CampusCalImporters

/// Which addresses outbound LMS and feed requests may connect to (review M1), decided on bytes
/// alone: nothing here sends a packet.
@Suite("Outbound address policy: public addresses only, unless the campus allow-lists a network")
struct OutboundAddressPolicyTests {
    static func bytes(_ text: String) -> [UInt8] { IPNetwork.parseAddress(text) ?? [] }

    @Test func inwardAddressesAreRefusedAndPublicOnesAllowed() {
        let policy = OutboundAddressPolicy()
        let inward = [
            "127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1",
            "100.127.255.254", "0.0.0.0", "224.0.0.251", "255.255.255.255", "::", "::1", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1",
            "::ffff:127.0.0.1", "::ffff:169.254.169.254", "64:ff9b::a9fe:a9fe",
        ]
        for address in inward { #expect(!policy.permits(Self.bytes(address)), "\(address)") }
        for address in ["8.8.8.8", "172.32.0.1", "100.128.0.1", "192.169.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"] {
            #expect(policy.permits(Self.bytes(address)), "\(address)")
        }
    }

    @Test func anAllowListedNetworkIsReachableAndNothingElseIs() {
        let (policy, invalid) = OutboundAddressPolicy.parse("127.0.0.1/32, 10.20.0.0/16 ,fd00:20::/32, nonsense, 10.0.0.0/33")
        #expect(invalid == ["nonsense", "10.0.0.0/33"])
        #expect(policy.permits(Self.bytes("127.0.0.1")) && policy.allowsPrivately(Self.bytes("127.0.0.1")))
        #expect(!policy.permits(Self.bytes("127.0.0.2")))
        #expect(policy.permits(Self.bytes("10.20.255.1")) && !policy.permits(Self.bytes("10.21.0.1")))
        #expect(policy.permits(Self.bytes("fd00:20::5")) && !policy.permits(Self.bytes("fd00:21::5")))
        #expect(!policy.permits(Self.bytes("169.254.169.254")))
        #expect(!policy.allowsPrivately(Self.bytes("8.8.8.8")))
    }
}
