import CCampusCalPluginABI
import Foundation
import Synchronization

/// Where a plugin's `cc_host_api.notify` goes. Called on the plugin's thread, within a plugin call:
/// it must answer at once (a status), never wait for the notification to be delivered.
protocol PluginNoticeSink: Sendable {
    /// `permitted`: the manifest grants `notify` (checked again by the server for a runner's call).
    func notify(pluginID: String, permitted: Bool, subject: String, title: String, body: String) -> cc_status
}

/// A notification a plugin asked for, checked and waiting to be sent.
struct PluginEmittedNotice: Sendable, Equatable {
    var pluginID: String
    /// The record code by which the plugin knows the person.
    var subject: String
    var title: String
    var body: String
}

/// The server's side of `notify`: checks each request, keeps every plugin to its rate, and queues
/// what passes for `PluginManager.sendPluginNotices`, which finds the person and sends it.
///
/// Why a rate: a plugin runs admin-installed code on every student's changes; a bug in one (a
/// notice per change, a loop through a channel plugin) must not flood thousands of inboxes.
final class PluginNoticeOutbox: PluginNoticeSink {
    /// Notifications a plugin may send in a minute (the contract says 60; raising it is compatible).
    static let perMinute = 60
    static let maximumTitleBytes = 120
    static let maximumBodyBytes = 1000

    let queue = PluginWorkQueue<PluginEmittedNotice>(capacity: 10_000, maximumBatch: 64)
    private let windows = Mutex<[String: (start: ContinuousClock.Instant, count: Int)]>([:])

    func notify(pluginID: String, permitted: Bool, subject: String, title: String, body: String) -> cc_status {
        guard permitted else { return CC_DENIED }
        guard Self.isRecordCode(subject), Self.isValid(title: title), Self.isValid(body: body) else { return CC_INVALID_ARGUMENT }
        let now = ContinuousClock.now
        let allowed = windows.withLock { windows -> Bool in
            var window = windows[pluginID] ?? (now, 0)
            if now - window.start >= .seconds(60) { window = (now, 0) }
            guard window.count < Self.perMinute else { return false }
            window.count += 1
            windows[pluginID] = window
            return true
        }
        guard allowed else { return CC_NO_SPACE }
        return queue.push(PluginEmittedNotice(pluginID: pluginID, subject: subject, title: title, body: body)) ? CC_OK : CC_NO_SPACE
    }

    /// `rc_` and 32 lowercase hex digits: what `RecordCodes` makes.
    static func isRecordCode(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 35 && bytes.starts(with: Array("rc_".utf8))
            && bytes.dropFirst(3).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    static func isValid(title: String) -> Bool {
        (1...maximumTitleBytes).contains(title.utf8.count) && !title.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    static func isValid(body: String) -> Bool {
        body.utf8.count <= maximumBodyBytes && !body.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }
    }
}
