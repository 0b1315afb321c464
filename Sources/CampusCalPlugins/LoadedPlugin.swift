import CCampusCalPluginABI
import CampusCalCore
import CampusCalICalendar
import Foundation
import Logging

/// A plugin that passed every check, was initialised and started: the server's handle on it.
///
/// Every call into it goes through its `PluginCallQueue` (one at a time, off the event loop, with a
/// deadline). Its descriptor and feature tables are the server's own copies, zero-filled past what
/// the plugin's `struct_size` covers.
final class LoadedPlugin: @unchecked Sendable {
    // @unchecked: the C pointers (`state`, function pointers) are only ever used on `calls`' serial
    // queue; the Swift fields are immutable.
    let manifest: PluginManifest
    let library: SharedLibrary
    let descriptor: cc_plugin_descriptor
    let host: PluginHostContext
    let calls: PluginCallQueue
    /// What init returned; passed back on every call.
    let state: UnsafeMutableRawPointer?
    let features: Features

    /// The feature tables the plugin provides (the server's zero-filled copies).
    struct Features {
        var dayLabels: cc_day_labels_feature?
        var itemEvents: cc_item_events_feature?
        var userPanel: cc_user_panel_feature?
        var notificationChannel: cc_notification_channel_feature?
        var scheduledJob: cc_scheduled_job_feature?
        var exporter: cc_exporter_feature?
        var importer: cc_importer_feature?
        /// The exporter's and importer's formats, read and checked at load (their strings are the plugin's).
        var exportFormat: PluginFileFormat?
        var importFormat: PluginFileFormat?

        var ids: Set<String> {
            var ids: Set<String> = []
            if dayLabels != nil { ids.insert(CC_FEATURE_DAY_LABELS) }
            if itemEvents != nil { ids.insert(CC_FEATURE_ITEM_EVENTS) }
            if userPanel != nil { ids.insert(CC_FEATURE_USER_PANEL) }
            if notificationChannel != nil { ids.insert(CC_FEATURE_NOTIFICATION_CHANNEL) }
            if scheduledJob != nil { ids.insert(CC_FEATURE_SCHEDULED_JOB) }
            if exporter != nil { ids.insert(CC_FEATURE_EXPORTER) }
            if importer != nil { ids.insert(CC_FEATURE_IMPORTER) }
            return ids
        }
    }

    /// Deadlines, in seconds.
    static let lifecycleDeadline: TimeInterval = 5
    static let dayLabelsDeadline: TimeInterval = 2
    static let itemEventDeadline: TimeInterval = 2
    static let panelDeadline: TimeInterval = 2
    static let notificationDeadline: TimeInterval = 10
    static let scheduledJobDeadline: TimeInterval = 30
    static let fileDeadline: TimeInterval = 10
    /// The longest range a day-labels call may be asked for.
    static let maximumLabelDays = 800

    init(
        manifest: PluginManifest, library: SharedLibrary, descriptor: cc_plugin_descriptor, host: PluginHostContext, calls: PluginCallQueue,
        state: UnsafeMutableRawPointer?, features: Features
    ) {
        self.manifest = manifest
        self.library = library
        self.descriptor = descriptor
        self.host = host
        self.calls = calls
        self.state = state
        self.features = features
    }

    /// A plugin's refusal or misbehaviour, in words for the log and the administrator.
    struct CallFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The plugin's labels for the days `first`…`last`. Labels outside the range, with impossible
    /// dates or with text that is not UTF-8 are refused (the plugin is told with CC_INVALID_ARGUMENT).
    func labels(from first: LocalDate, to last: LocalDate) async throws -> [DayLabel] {
        guard let feature = features.dayLabels, let labelsFunction = feature.labels else { return [] }
        let function = Unchecked(labelsFunction)
        let state = UncheckedPointer(state)
        let id = manifest.id
        let outcome = try await calls.run(deadline: Self.dayLabelsDeadline) { () -> UncheckedResult in
            let collector = LabelCollector(first: first, last: last, source: id)
            let status = withMessageBuffer { message in
                function.value(
                    state.pointer, first.cDate, last.cDate,
                    { sink, label in
                        guard let sink else { return CC_INVALID_ARGUMENT }
                        return Unmanaged<LabelCollector>.fromOpaque(sink).takeUnretainedValue().add(label)
                    }, Unmanaged.passUnretained(collector).toOpaque(), message)
            }
            return UncheckedResult(status: status.0, message: status.1, labels: collector.labels, refused: collector.refused)
        }
        if let refused = outcome.refused { host.logger.warning("Refused a day label: \(refused)") }
        guard outcome.status == CC_OK else {
            throw CallFailure(description: "day labels failed (\(PluginStatusCode.describe(outcome.status))): \(outcome.message)")
        }
        return outcome.labels
    }

    /// Tells the plugin of `changes` (as the privacy module built them for it), in order, in one
    /// call on its thread: the deadline is `itemEventDeadline` a change. Returns the messages of
    /// the changes it failed.
    func itemsChanged(_ changes: [PluginItemChange]) async throws -> [String] {
        guard let feature = features.itemEvents, let itemChanged = feature.item_changed, !changes.isEmpty else { return [] }
        let function = Unchecked(itemChanged)
        let state = UncheckedPointer(state)
        return try await calls.run(deadline: Self.itemEventDeadline * Double(changes.count)) { () -> [String] in
            changes.compactMap { change -> String? in
                let (status, message) = withMessageBuffer { message in
                    change.subject.withCString { subject in
                        change.itemCode.withCString { item in
                            withOptionalCString(change.username) { username in
                                var value = cc_item_change(
                                    struct_size: UInt32(MemoryLayout<cc_item_change>.size), change: change.abiChange, item_kind: change.abiItem,
                                    priority: Int32(change.priority), on_time: change.onTime.map { $0 ? CC_ON_TIME : CC_LATE } ?? CC_ON_TIME_UNKNOWN,
                                    reserved: 0, subject: subject, item: item, username: username)
                                return function.value(state.pointer, &value, message)
                            }
                        }
                    }
                }
                guard status != CC_OK else { return nil }
                return "item event failed (\(PluginStatusCode.describe(status))): \(message)"
            }
        }
    }

    /// Hands the plugin one notification to deliver.
    func deliver(_ notification: PluginNotification) async throws {
        guard let feature = features.notificationChannel, let deliverFunction = feature.deliver else { return }
        let function = Unchecked(deliverFunction)
        let state = UncheckedPointer(state)
        let outcome = try await calls.run(deadline: Self.notificationDeadline) { () -> PlainOutcome in
            let (status, message) = withMessageBuffer { message in
                notification.subject.withCString { subject in
                    notification.username.withCString { username in
                        notification.kind.withCString { kind in
                            notification.title.withCString { title in
                                notification.body.withCString { body in
                                    withOptionalCString(notification.link) { link in
                                        var value = cc_notification(
                                            struct_size: UInt32(MemoryLayout<cc_notification>.size), reserved: 0, subject: subject,
                                            username: username, kind: kind, title: title, body: body, link: link,
                                            created_unix: Int64(notification.createdAt.timeIntervalSince1970.rounded(.down)))
                                        return function.value(state.pointer, &value, message)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return PlainOutcome(status: status, message: message)
        }
        guard outcome.status == CC_OK else {
            throw CallFailure(description: "delivery failed (\(PluginStatusCode.describe(outcome.status))): \(outcome.message)")
        }
    }

    /// Runs the scheduled job once, at the host's `now`.
    func runJob(now: Date) async throws {
        guard let feature = features.scheduledJob, let runFunction = feature.run else { return }
        let function = Unchecked(runFunction)
        let state = UncheckedPointer(state)
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let outcome = try await calls.run(deadline: Self.scheduledJobDeadline) { () -> PlainOutcome in
            let (status, message) = withMessageBuffer { message in function.value(state.pointer, seconds, message) }
            return PlainOutcome(status: status, message: message)
        }
        guard outcome.status == CC_OK else {
            throw CallFailure(description: "its scheduled job failed (\(PluginStatusCode.describe(outcome.status))): \(outcome.message)")
        }
    }

    /// The plugin's panel for the person it knows as `subject`.
    func panel(subject: String) async throws -> [PluginPanelField] {
        guard let feature = features.userPanel, let panelFunction = feature.panel else { return [] }
        let function = Unchecked(panelFunction)
        let state = UncheckedPointer(state)
        let outcome = try await calls.run(deadline: Self.panelDeadline) { () -> PanelOutcome in
            let collector = PanelCollector()
            let (status, message) = withMessageBuffer { message in
                subject.withCString { subject in
                    function.value(
                        state.pointer, subject,
                        { sink, field in
                            guard let sink else { return CC_INVALID_ARGUMENT }
                            return Unmanaged<PanelCollector>.fromOpaque(sink).takeUnretainedValue().add(field)
                        }, Unmanaged.passUnretained(collector).toOpaque(), message)
                }
            }
            return PanelOutcome(status: status, message: message, fields: collector.fields, refused: collector.refused)
        }
        if let refused = outcome.refused { host.logger.warning("Refused a panel field: \(refused)") }
        guard outcome.status == CC_OK else {
            throw CallFailure(description: "panel failed (\(PluginStatusCode.describe(outcome.status))): \(outcome.message)")
        }
        return outcome.fields
    }

    /// `stop` then `deinit`, on the plugin's thread. The library stays loaded.
    func shutDown() async {
        let state = UncheckedPointer(state)
        let descriptor = Unchecked(descriptor)
        host.isRunning = false
        _ = try? await calls.run(deadline: Self.lifecycleDeadline) {
            descriptor.value.stop?(state.pointer)
            descriptor.value.deinit?(state.pointer)
            return true
        }
    }
}

/// Collects a day-labels call's labels, checking each.
final class LabelCollector: @unchecked Sendable {
    // @unchecked: used only on the one plugin thread that makes the call.
    let first: LocalDate
    let last: LocalDate
    let source: String
    var labels: [DayLabel] = []
    var refused: String?

    init(first: LocalDate, last: LocalDate, source: String) {
        self.first = first
        self.last = last
        self.source = source
    }

    func add(_ pointer: UnsafePointer<cc_day_label>?) -> cc_status {
        guard let pointer else { return CC_INVALID_ARGUMENT }
        let size = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
        guard size >= MemoryLayout<cc_day_label>.size else {
            refused = "cc_day_label.struct_size \(size) is smaller than ABI 1.0's \(MemoryLayout<cc_day_label>.size)"
            return CC_INVALID_ARGUMENT
        }
        let value = pointer.pointee
        let date = LocalDate(year: Int(value.date.year), month: Int(value.date.month), day: Int(value.date.day))
        // The C side: text NUL-terminated within its limit and UTF-8; the rest are the host's rules.
        guard let text = PluginText.read(value.label, maximumBytes: PluginOutputRules.labelBytes),
            let kind = PluginText.read(value.kind, maximumBytes: PluginOutputRules.labelKindBytes)
        else {
            refused = "a label on \(value.date.year)-\(value.date.month)-\(value.date.day) whose text or kind is missing, too long or not UTF-8"
            return CC_INVALID_ARGUMENT
        }
        let label = DayLabel(date: date, label: text, kind: kind.isEmpty ? "label" : kind, source: source)
        if let reason = PluginOutputRules.refusal(of: label, first: first, last: last) {
            refused = reason
            return CC_INVALID_ARGUMENT
        }
        labels.append(label)
        return CC_OK
    }
}

/// Collects a panel call's fields, checking each.
final class PanelCollector: @unchecked Sendable {
    // @unchecked: used only on the one plugin thread that makes the call.
    var fields: [PluginPanelField] = []
    var refused: String?

    func add(_ pointer: UnsafePointer<cc_panel_field>?) -> cc_status {
        guard let pointer else { return CC_INVALID_ARGUMENT }
        let size = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
        guard size >= MemoryLayout<cc_panel_field>.size else {
            refused = "cc_panel_field.struct_size \(size) is smaller than ABI 1.1's \(MemoryLayout<cc_panel_field>.size)"
            return CC_INVALID_ARGUMENT
        }
        guard fields.count < PluginOutputRules.maximumPanelFields else {
            refused = "more than \(PluginOutputRules.maximumPanelFields) fields"
            return CC_NO_SPACE
        }
        let value = pointer.pointee
        guard let name = PluginText.read(value.name, maximumBytes: PluginOutputRules.panelNameBytes),
            let label = PluginText.read(value.label, maximumBytes: PluginOutputRules.panelLabelBytes),
            let text = PluginText.read(value.value, maximumBytes: PluginOutputRules.panelValueBytes)
        else {
            refused = "a field whose name, label or value is missing, too long or not UTF-8"
            return CC_INVALID_ARGUMENT
        }
        let field = PluginPanelField(name: name, label: label, value: text)
        if let reason = PluginOutputRules.refusal(of: field) {
            refused = reason
            return CC_INVALID_ARGUMENT
        }
        fields.append(field)
        return CC_OK
    }
}

/// A call's status and message.
struct PlainOutcome: Sendable {
    var status: cc_status
    var message: String
}

struct PanelOutcome: Sendable {
    var status: cc_status
    var message: String
    var fields: [PluginPanelField]
    var refused: String?
}

/// `body` with a C string of `text`, or NULL.
func withOptionalCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}

extension PluginItemChange {
    var abiChange: Int32 { Self.abiChange(kind) }

    var abiItem: Int32 { Self.abiItem(item) }

    /// `CC_CHANGE_…` of a change kind's name (0 for one the ABI does not know).
    static func abiChange(_ kind: String) -> Int32 {
        switch kind {
        case "created": CC_CHANGE_CREATED
        case "updated": CC_CHANGE_UPDATED
        case "deleted": CC_CHANGE_DELETED
        case "completed": CC_CHANGE_COMPLETED
        default: 0
        }
    }

    /// `CC_ITEM_…` of an item kind's name (0 for one the ABI does not know).
    static func abiItem(_ item: String) -> Int32 {
        switch item {
        case "event": CC_ITEM_EVENT
        case "task": CC_ITEM_TASK
        case "assignment": CC_ITEM_ASSIGNMENT
        default: 0
        }
    }
}

/// What crosses back from the plugin's thread (plain values only).
struct UncheckedResult: Sendable {
    var status: cc_status
    var message: String
    var labels: [DayLabel]
    var refused: String?
}

/// A C value (a struct of function pointers) carried to the plugin's thread, used only there.
struct Unchecked<Value>: @unchecked Sendable {
    // @unchecked: C structs and function pointers are plain data; the plugin's serial queue is
    // the only place they are called.
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A C pointer carried to the plugin's thread; it is only dereferenced there.
struct UncheckedPointer: @unchecked Sendable {
    // @unchecked: the pointee is the plugin's; only its one serial queue touches it.
    let pointer: UnsafeMutableRawPointer?
    init(_ pointer: UnsafeMutableRawPointer?) { self.pointer = pointer }
}

/// Text from a plugin: NUL-terminated UTF-8 within a length limit, else nil.
enum PluginText {
    static func read(_ pointer: UnsafePointer<CChar>?, maximumBytes: Int) -> String? {
        guard let pointer else { return nil }
        let length = strnlen(pointer, maximumBytes + 1)
        guard length <= maximumBytes else { return nil }
        return String(validating: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}

/// Status codes in words; a code this server does not know is an error, named as such.
enum PluginStatusCode {
    static func describe(_ status: cc_status) -> String {
        switch status {
        case CC_OK: "ok"
        case CC_ERROR: "error"
        case CC_INVALID_ARGUMENT: "invalid argument"
        case CC_UNSUPPORTED: "unsupported"
        case CC_DENIED: "denied"
        case CC_NO_SPACE: "no space"
        case CC_NOT_FOUND: "not found"
        case CC_STOPPED: "stopped"
        default: "unknown status \(status)"
        }
    }
}

/// Runs `body` with a host-owned, zeroed 1 KiB message buffer; returns its result and the message.
func withMessageBuffer<Result>(_ body: (UnsafeMutablePointer<cc_message>) -> Result) -> (Result, String) {
    let capacity = 1024
    let text = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
    text.initialize(repeating: 0, count: capacity)
    defer { text.deallocate() }
    var message = cc_message(struct_size: UInt32(MemoryLayout<cc_message>.size), capacity: UInt32(capacity), text: text)
    let result = withUnsafeMutablePointer(to: &message) { body($0) }
    text[capacity - 1] = 0  // Whatever the plugin wrote, the host reads a terminated string.
    let words = String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self)
    return (result, words.isEmpty ? "(no message)" : words)
}

extension LocalDate {
    var cDate: cc_date { cc_date(year: Int32(year), month: Int32(month), day: Int32(day)) }
}
