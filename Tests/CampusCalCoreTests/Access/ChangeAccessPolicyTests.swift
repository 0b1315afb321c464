import CampusCalCore
import Testing

/// `AccessPolicy+Changes`: what each viewer learns of one change-log entry — never more than
/// reading the item shows (`EventAccessPolicyTests`).
@Suite("AccessPolicy: what each viewer learns of a change")
struct ChangeAccessPolicyTests {
    func record(hidden: Bool = false, shown: Bool = false, deleted: Bool = false) -> ChangeRecord {
        ChangeRecord(
            token: SyncToken(7), collection: .calendar(CalendarID(rawValue: "c")), itemID: "e", deleted: deleted, hidden: hidden, shown: shown)
    }

    @Test func theOwnerLearnsEveryChangeOfTheirEvents() {
        for record in [record(), record(hidden: true), record(hidden: true, shown: true, deleted: true)] {
            #expect(AccessPolicy.view(of: record, at: .owner) == record)
        }
    }

    @Test func freeBusySharesLearnNoEventIDs() {
        for record in [record(), record(deleted: true), record(hidden: true, shown: true)] {
            #expect(AccessPolicy.view(of: record, at: .freeBusy) == nil)
        }
    }

    @Test(arguments: [CalendarAccessLevel.read, .write, .manage])
    func privateEventsReachOthersOnlyAsTheDeletionOfOneTheyCouldHaveHeld(_ level: CalendarAccessLevel) {
        #expect(AccessPolicy.view(of: record(), at: level) == record())
        #expect(AccessPolicy.view(of: record(deleted: true), at: level) == record(deleted: true))
        // Private from the start: nothing, not even its id.
        #expect(AccessPolicy.view(of: record(hidden: true), at: level) == nil)
        #expect(AccessPolicy.view(of: record(hidden: true, deleted: true), at: level) == nil)
        // Public once: a deletion, so no stale public copy stays on their devices.
        #expect(AccessPolicy.view(of: record(hidden: true, shown: true), at: level) == record(hidden: true, shown: true, deleted: true))
    }

    @Test func tasksAreTheirOwnersAlone() {
        let task = ChangeRecord(token: SyncToken(3), collection: .tasks(of: UserID(rawValue: "u")), itemID: "t", deleted: false)
        #expect(AccessPolicy.view(of: task, at: .owner) == task)
    }

    @Test func onlyTokensThisServerWritesAreRead() {
        #expect(SyncToken(encoded: "0") == .origin && SyncToken(encoded: "42")?.number == 42)
        #expect(SyncToken(encoded: "999999999999999999")?.number == 999_999_999_999_999_999)
        for bad in ["", "-1", "+1", "007", " 1", "1 ", "1e3", "0x10", "9999999999999999999", "١٢"] {
            #expect(SyncToken(encoded: bad) == nil, "\(bad)")
        }
        #expect(SyncToken(42).encoded == "42")
    }
}
