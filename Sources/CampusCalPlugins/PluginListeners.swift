import CCampusCalPluginABI
import CampusCalCore
import Foundation
import Synchronization

extension PluginManager {
    /// Which active plugins listen for what, kept beside the manager's entries so that the services
    /// reporting changes can ask without waiting for the actor: on a busy server most changes
    /// (creations, edits, events) interest no plugin, and queueing them only crowded out the ones
    /// that do.
    final class Listeners: Sendable {
        private struct Hook {
            let interest: ItemChangeInterest
            let categories: Set<DataCategory>
        }

        private struct Snapshot {
            var hooks: [Hook] = []
            var notices = false
        }

        private let snapshot = Mutex(Snapshot())

        /// Rebuilt from the entries whenever they change.
        func update(_ entries: some Sequence<Entry>, gate: Bool) {
            var next = Snapshot()
            for entry in entries where entry.status == .active {
                guard let manifest = entry.manifest else { continue }
                if gate, entry.features.contains(CC_FEATURE_ITEM_EVENTS) {
                    next.hooks.append(Hook(interest: entry.interest, categories: manifest.permissions.data))
                }
                if entry.features.contains(CC_FEATURE_NOTIFICATION_CHANNEL) { next.notices = true }
            }
            snapshot.withLock { $0 = next }
        }

        func want(_ change: ItemChange) -> Bool {
            let (kind, item) = (PluginItemChange.abiChange(change.kind.rawValue), PluginItemChange.abiItem(change.item.rawValue))
            return snapshot.withLock { snapshot in
                snapshot.hooks.contains { $0.interest.covers(change: kind, item: item) && $0.categories.contains(change.item.category) }
            }
        }

        var wantNotices: Bool { snapshot.withLock { $0.notices } }
    }

    /// Counts what a full queue dropped, so the log says so every 10 s rather than once per change
    /// (a warning per change, thousands a second, was itself a load on an overloaded server).
    final class Drops: Sendable {
        private let state = Mutex<(count: Int, lastWarning: ContinuousClock.Instant?)>((0, nil))

        /// Counts one drop; the number dropped since the last warning when it is time to warn again.
        func countOne() -> Int? {
            state.withLock { state in
                state.count += 1
                let now = ContinuousClock.now
                if let last = state.lastWarning, now - last < .seconds(10) { return nil }
                defer { state = (0, now) }
                return state.count
            }
        }
    }
}
