import CampusCalCore
import Foundation
import Testing

@Suite("Session expiry and lockout policies")
struct SessionPolicyTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    func session(lastSeen: TimeInterval = 0, lifetime: TimeInterval = 12 * 3600) -> Session {
        Session(
            id: "s", userID: UserID(rawValue: "u"), createdAt: start, lastSeenAt: start.addingTimeInterval(lastSeen),
            expiresAt: start.addingTimeInterval(lifetime))
    }

    @Test func idleForAnHourExpires() {
        let policy = SessionPolicy()
        #expect(policy.expiry(of: session(), at: start.addingTimeInterval(3599)) == nil)
        #expect(policy.expiry(of: session(), at: start.addingTimeInterval(3600)) == .idle)
    }

    @Test func absoluteLifetimeWinsOverActivity() {
        let policy = SessionPolicy(absoluteLifetime: 7200)
        let active = session(lastSeen: 7100, lifetime: 7200)
        #expect(policy.expiry(of: active, at: start.addingTimeInterval(7200)) == .absolute)
    }

    @Test func activityIsRecordedAtMostOncePerTouchInterval() {
        let policy = SessionPolicy()
        #expect(!policy.needsTouch(session(), at: start.addingTimeInterval(59)))
        #expect(policy.needsTouch(session(), at: start.addingTimeInterval(60)))
    }

    @Test func idleDeadlineNeverPassesTheAbsoluteEnd() {
        let policy = SessionPolicy(idleTimeout: 3600, absoluteLifetime: 1800)
        #expect(policy.idleDeadline(of: session(lifetime: 1800)) == start.addingTimeInterval(1800))
    }

    @Test func lockoutAfterTheThresholdWithinTheWindow() {
        let policy = LockoutPolicy()
        #expect(policy.lockUntil(afterFailures: 9, at: start) == nil)
        #expect(policy.lockUntil(afterFailures: 10, at: start) == start.addingTimeInterval(86_400))
        #expect(policy.windowStart(endingAt: start) == start.addingTimeInterval(-300))
    }
}
