import CCampusCalPluginABI
import CampusCalCore
import Foundation
import Logging

/// Event hooks and notification channels: committed changes and notices reach plugins through a
/// bounded queue, after the request that made them was answered, and through the privacy module
/// (`PluginDataGate`), which decides what each plugin may see of them.
extension PluginManager {
    /// Queues a committed change for the plugins' event hooks; never blocks the request that made it.
    public nonisolated func itemChanged(_ change: ItemChange) { enqueue(.change(change)) }

    /// Queues a notice for the notification-channel plugins (`NoticeChannel`); the inbox already has it.
    public nonisolated func deliver(_ notice: Notice, preferences: NotificationPreferences) async { enqueue(.notice(notice)) }

    private nonisolated func enqueue(_ work: Work) {
        switch work {
        case .change(let change): guard listeners.want(change) else { return }
        case .notice: guard listeners.wantNotices else { return }
        }
        if !self.work.push(work), let count = drops.countOne() {
            logger.warning(
                "Plugin queue full (\(Self.maximumQueuedChanges) waiting): \(count) changes or notices were not passed to plugins")
        }
    }

    /// Delivers queued changes, in order and in batches, until `finishDelivering`; the server runs
    /// it in the background.
    public nonisolated func deliverItemChanges() async {
        // Plugins hear of changes 50 ms late at most, and in batches of dozens when the server is busy.
        await work.consume(gathering: .milliseconds(50)) { batch in
            // Runs of changes go to each plugin as one batch; notices one by one, in their place.
            var changes: [ItemChange] = []
            for item in batch {
                switch item {
                case .change(let change): changes.append(change)
                case .notice(let notice):
                    await deliver(changes)
                    changes = []
                    await deliver(notice)
                }
            }
            await deliver(changes)
        }
    }

    /// Ends `deliverItemChanges` and `sendPluginNotices` once what was queued so far is handled.
    public nonisolated func finishDelivering() {
        work.finish()
        outbox.queue.finish()
    }

    /// Sends the notifications plugins asked for (`notify`), until `finishDelivering`: each to the
    /// person behind the record code, found by the privacy module, titled with the plugin's name so
    /// that nobody mistakes it for the campus's own. The server runs it in the background.
    /// `send`: puts a notice in the person's inbox and passes it to their channels.
    public nonisolated func sendPluginNotices(_ send: @escaping @Sendable (UserID, String, String) async throws -> Void) async {
        await outbox.queue.consume { batch in
            for notice in batch { await self.send(notice, through: send) }
        }
    }

    private func send(_ notice: PluginEmittedNotice, through send: @Sendable (UserID, String, String) async throws -> Void) async {
        // A plugin disabled or removed since it asked sends nothing more.
        guard let gate, let entry = entries[notice.pluginID], entry.status == .active, let manifest = entry.manifest,
            manifest.permissions.notify
        else { return }
        do {
            guard let person = try await gate.person(withSubject: notice.subject, for: manifest) else {
                logger.warning("Plugin \(notice.pluginID) sent a notification to a record code it was never given: not delivered")
                return
            }
            try await send(person, "\(manifest.name): \(notice.title)", notice.body)
        } catch {
            logger.error("Plugin \(notice.pluginID): its notification could not be sent: \(error)")
        }
    }

    private func deliver(_ changes: [ItemChange]) async {
        guard let gate, !changes.isEmpty else { return }
        for (id, instance) in active(providing: CC_FEATURE_ITEM_EVENTS) {
            guard let entry = entries[id], let manifest = entry.manifest else { continue }
            do {
                var views: [PluginItemChange] = []
                for change in changes {
                    let (kind, item) = (PluginItemChange.abiChange(change.kind.rawValue), PluginItemChange.abiItem(change.item.rawValue))
                    guard entry.interest.covers(change: kind, item: item), manifest.permissions.data.contains(change.item.category),
                        let view = try await gate.itemChange(change, for: manifest)
                    else { continue }
                    views.append(view)
                }
                guard !views.isEmpty else { continue }
                for failure in try await instance.itemsChanged(views) {
                    logger.warning("Plugin \(id): \(failure)")
                }
            } catch {
                contain(error, of: id, deadline: LoadedPlugin.itemEventDeadline)
            }
        }
    }

    private func deliver(_ notice: Notice) async {
        guard let gate else { return }
        for (id, instance) in active(providing: CC_FEATURE_NOTIFICATION_CHANNEL) {
            guard let manifest = entries[id]?.manifest else { continue }
            do {
                guard let notification = try await gate.notification(notice, for: manifest) else { continue }
                try await instance.deliver(notification)
            } catch {
                contain(error, of: id, deadline: LoadedPlugin.notificationDeadline)
            }
        }
    }
}
