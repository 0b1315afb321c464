import CCampusCalPluginABI
import Testing

@testable import CampusCalPlugins

/// `cc_host_api.notify` as the server checks it, whichever process the plugin runs in.
@Suite("Plugin notifications: permission, checks and rate")
struct PluginNoticeOutboxTests {
    static let code = "rc_" + String(repeating: "0a", count: 16)

    @Test func withoutThePermissionNothingIsQueued() {
        let outbox = PluginNoticeOutbox()
        #expect(outbox.notify(pluginID: "p", permitted: false, subject: Self.code, title: "Hi", body: "") == CC_DENIED)
        #expect(outbox.queue.take().isEmpty)
    }

    @Test func onlyRecordCodesAndSensibleTextAreAccepted() {
        let outbox = PluginNoticeOutbox()
        func notify(_ subject: String, _ title: String, _ body: String = "") -> cc_status {
            outbox.notify(pluginID: "p", permitted: true, subject: subject, title: title, body: body)
        }
        // A username, an item code, upper-case or short codes are not whom a plugin may address.
        for subject in ["avery", "ic_" + String(repeating: "0a", count: 16), Self.code.uppercased(), String(Self.code.dropLast())] {
            #expect(notify(subject, "Hi") == CC_INVALID_ARGUMENT, "\(subject)")
        }
        #expect(notify(Self.code, "") == CC_INVALID_ARGUMENT)
        #expect(notify(Self.code, String(repeating: "x", count: 121)) == CC_INVALID_ARGUMENT)
        #expect(notify(Self.code, "Bell\u{7}") == CC_INVALID_ARGUMENT)
        #expect(notify(Self.code, "Hi", String(repeating: "x", count: 1001)) == CC_INVALID_ARGUMENT)
        #expect(notify(Self.code, "Level 2 reached", "Two lines:\nboth kept.") == CC_OK)
        #expect(
            outbox.queue.take() == [
                PluginEmittedNotice(pluginID: "p", subject: Self.code, title: "Level 2 reached", body: "Two lines:\nboth kept.")
            ])
    }

    /// A plugin in a loop cannot flood inboxes: 60 a minute, each plugin on its own.
    @Test func eachPluginIsKeptToItsRate() {
        let outbox = PluginNoticeOutbox()
        for _ in 0..<PluginNoticeOutbox.perMinute {
            #expect(outbox.notify(pluginID: "loud", permitted: true, subject: Self.code, title: "Again", body: "") == CC_OK)
        }
        #expect(outbox.notify(pluginID: "loud", permitted: true, subject: Self.code, title: "Again", body: "") == CC_NO_SPACE)
        #expect(outbox.notify(pluginID: "quiet", permitted: true, subject: Self.code, title: "Once", body: "") == CC_OK)
        #expect(outbox.queue.take().count == 61)
    }
}
