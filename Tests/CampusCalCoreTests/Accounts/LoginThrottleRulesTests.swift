import CampusCalCore
import Foundation
import Testing

/// The pure rules behind reviews H5 and L5: one key per account, one source per attacker, delays that double.
@Suite("Login throttling rules")
struct LoginThrottleRulesTests {
    @Test func everySpellingOfACampusLoginIsOneAccount() {
        for typed in [
            "alice", "ALICE", "alice@campus.test", "Alice@CAMPUS.TEST", "CAMPUS\\alice", " alice ", "\u{FF41}\u{FF4C}\u{FF49}\u{FF43}\u{FF45}",
        ] {
            #expect(DirectoryLoginName.accountName(typed) == "alice", "\(typed)")
        }
        #expect(DirectoryLoginName.accountName("@campus.test") == nil)
    }

    @Test func sourcesAreAddressesAndIPv6CountsPerSlash64() {
        #expect(LoginSource(address: "192.0.2.7").key == "192.0.2.7")
        #expect(LoginSource(address: nil) == .unknown)
        #expect(LoginSource(address: "::ffff:192.0.2.7").key == "192.0.2.7")
        let a = LoginSource(address: "2001:db8:0:1::1")
        #expect(a.key == "2001:db8:0:1::/64")
        #expect(LoginSource(address: "2001:0db8:0000:0001:ffff:ffff:ffff:ffff") == a)
        #expect(LoginSource(address: "2001:db8:0:1:1234::9%eth0") == a)
        #expect(LoginSource(address: "2001:db8:0:2::1") != a)
        #expect(LoginSource(address: "::1").key == "0:0:0:0::/64")
    }

    @Test func delaysBeginPastTheAllowanceAndDoubleUpToTheCap() {
        let policy = SourceThrottlePolicy(allowance: 3, window: 3600, baseDelay: 2, maximumDelay: 30)
        #expect((1...3).map { policy.delay(afterFailures: $0) } == [nil, nil, nil])
        #expect((4...9).map { policy.delay(afterFailures: $0) } == [2, 4, 8, 16, 30, 30])
        #expect(policy.delay(afterFailures: 10_000) == 30)
    }

    @Test func theAccountLockIsTheSRSRule() {
        let policy = LockoutPolicy()
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(policy.lockUntil(afterFailures: 9, at: now) == nil)
        #expect(policy.lockUntil(afterFailures: 10, at: now) == now.addingTimeInterval(86_400))
        #expect(policy.windowStart(endingAt: now) == now.addingTimeInterval(-300))
    }
}
