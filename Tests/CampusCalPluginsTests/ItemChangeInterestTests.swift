import CCampusCalPluginABI
import Testing

@testable import CampusCalPlugins

/// `cc_item_events_feature.changes` / `.items`: what an event hook asked for is all it is sent.
@Suite("Item-event interest masks")
struct ItemChangeInterestTests {
    @Test func emptyMasksMeanEverything() {
        for change in [CC_CHANGE_CREATED, CC_CHANGE_UPDATED, CC_CHANGE_DELETED, CC_CHANGE_COMPLETED] {
            for item in [CC_ITEM_EVENT, CC_ITEM_TASK, CC_ITEM_ASSIGNMENT] {
                #expect(ItemChangeInterest.everything.covers(change: change, item: item))
            }
        }
    }

    @Test func taskRewardsHearsOfCompletedTasksAndAssignmentsOnly() {
        let interest = ItemChangeInterest(
            changes: UInt16(1 << CC_CHANGE_COMPLETED), items: UInt16(1 << CC_ITEM_TASK | 1 << CC_ITEM_ASSIGNMENT))
        #expect(interest.covers(change: CC_CHANGE_COMPLETED, item: CC_ITEM_TASK))
        #expect(interest.covers(change: CC_CHANGE_COMPLETED, item: CC_ITEM_ASSIGNMENT))
        #expect(!interest.covers(change: CC_CHANGE_COMPLETED, item: CC_ITEM_EVENT))
        #expect(!interest.covers(change: CC_CHANGE_CREATED, item: CC_ITEM_TASK))
        #expect(!interest.covers(change: CC_CHANGE_UPDATED, item: CC_ITEM_ASSIGNMENT))
        // A code the ABI does not know (0, or out of the mask's range) is never covered by a mask.
        #expect(!interest.covers(change: 0, item: CC_ITEM_TASK))
        #expect(!interest.covers(change: 40, item: CC_ITEM_TASK))
    }
}
