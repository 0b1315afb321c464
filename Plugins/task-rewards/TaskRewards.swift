// task-rewards — experience points for getting work done, a CampusCal plugin in Swift (plugin ABI 1.1).
//
// It listens to item events ("campuscal.item-events/1") and, when a person marks a task or an
// assignment done, awards points, more for on-time work (SRS: "more for on-time"):
//
//   - a task earns 10 points, an assignment 20;
//   - done on time, half as much again: 15 and 30; late, or with nothing due: the base;
//   - high priority (priority 1): 5 more.
//
// Each item rewards once per person: the codes of the last 32 items rewarded are kept (the first 12
// hex digits after "ic_"), and completing one of them again earns nothing, so ticking an item done,
// undone and done again cannot farm points. A personal panel ("campuscal.user-panel/1") shows each
// person their points, their level (points / 100 + 1), how many tasks and assignments they completed
// and how many of those on time. Reaching a new level sends the person a notification (the host's
// `notify`, ABI 1.1, permission `notify = true`): "Level 3 reached", addressed by their record code.
//
// State lives only in the host's key-value store: one entry per person, keyed by the person's record
// code ("rc_…"), valued with a short text such as
// "points=45;completed=3;ontime=2;recent=abc123def456,0011aa22bb33". The server keeps that store across
// restarts, upgrades and while the plugin is disabled, so points survive all three, and the plugin
// holds nothing in memory between calls (a plugin process may be killed at any deadline). A stored
// value that cannot be read is logged and that person starts again from zero.
//
// The plugin knows people only by record codes, never by name: it asks for no identities.
//
// Swift plugins are never unloaded by the host (the Swift runtime keeps pointers into a library's
// metadata), so the descriptor and feature tables are allocated once and live for ever; deinit frees
// only the state init made.

import CCampusCalPluginABI

// MARK: - Points

/// The points a completion of `kind` earns.
private func points(kind: Int32, priority: Int32, onTime: Int32) -> Int {
    let base = kind == CC_ITEM_ASSIGNMENT ? 20 : 10
    var points = onTime == CC_ON_TIME ? base + base / 2 : base
    if priority == 1 { points += 5 }
    return points
}

/// One person's record, as stored under their record code.
private struct Record {
    /// How many rewarded items are remembered.
    static let recentLimit = 32
    /// How many hex digits of an item code are remembered.
    static let codeLength = 12

    var points = 0
    var completed = 0
    var onTime = 0
    /// The codes of the items rewarded most recently, oldest first.
    var recent: [String] = []

    init() {}

    /// Parses a stored value; nil when it is not one this plugin wrote. Unknown keys (from a later
    /// version) are skipped.
    init?(parsing text: String) {
        var seen: Set<Substring> = []
        for part in text.split(separator: ";", omittingEmptySubsequences: false) {
            guard let equals = part.firstIndex(of: "=") else { return nil }
            let key = part[..<equals]
            let value = part[part.index(after: equals)...]
            guard seen.insert(key).inserted else { return nil }
            switch key {
            case "points", "completed", "ontime":
                guard let number = Self.number(value) else { return nil }
                if key == "points" {
                    points = number
                } else if key == "completed" {
                    completed = number
                } else {
                    onTime = number
                }
            case "recent":
                let codes = value.isEmpty ? [] : value.split(separator: ",", omittingEmptySubsequences: false)
                guard codes.allSatisfy({ Self.isCode($0) }) else { return nil }
                recent = codes.suffix(Self.recentLimit).map(String.init)
            default:
                continue
            }
        }
        guard seen.contains("points"), seen.contains("completed"), seen.contains("ontime"), onTime <= completed else { return nil }
    }

    /// One level per 100 points, from level 1.
    var level: Int { points / 100 + 1 }

    /// The value to store.
    var text: String {
        "points=\(points);completed=\(completed);ontime=\(onTime);recent=\(recent.joined(separator: ","))"
    }

    /// Counts the completion of the item `code`; false (and nothing changed) when it was rewarded before.
    mutating func reward(code: String, points earned: Int, onTime wasOnTime: Bool) -> Bool {
        guard !recent.contains(code) else { return false }
        points = Self.adding(points, earned)
        completed = Self.adding(completed, 1)
        if wasOnTime { onTime = Self.adding(onTime, 1) }
        recent.append(code)
        if recent.count > Self.recentLimit { recent.removeFirst(recent.count - Self.recentLimit) }
        return true
    }

    private static func adding(_ total: Int, _ more: Int) -> Int {
        let (sum, overflow) = total.addingReportingOverflow(more)
        return overflow ? Int.max : sum
    }

    /// A non-negative decimal number of at most 18 digits (so that it always fits in an Int).
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }

    static func isCode(_ text: Substring) -> Bool {
        text.utf8.count == codeLength && text.utf8.allSatisfy(isLowerHex)
    }
}

private func isLowerHex(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
}

// MARK: - Text from C

/// The NUL-terminated UTF-8 text at `pointer` if it is at most `maxBytes` long; never reads past
/// `maxBytes + 1` bytes.
private func boundedString(_ pointer: UnsafePointer<CChar>?, maxBytes: Int) -> String? {
    guard let pointer else { return nil }
    var length = 0
    while pointer[length] != 0 {
        length += 1
        if length > maxBytes { return nil }
    }
    return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
        String(validating: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
}

/// A person's record code: "rc_" and more, at most 64 bytes.
private func subjectCode(_ pointer: UnsafePointer<CChar>?) -> String? {
    guard let subject = boundedString(pointer, maxBytes: 64), subject.utf8.count > 3, subject.hasPrefix("rc_") else { return nil }
    return subject
}

/// The remembered part of an item code ("ic_" and at least 12 hex digits): its first 12 hex digits,
/// in lower case.
private func itemCode(_ pointer: UnsafePointer<CChar>?) -> String? {
    guard let item = boundedString(pointer, maxBytes: 64), item.hasPrefix("ic_") else { return nil }
    let digits = item.utf8.dropFirst(3).map { $0 >= 0x41 && $0 <= 0x46 ? $0 + 0x20 : $0 }
    guard digits.count >= Record.codeLength, digits.allSatisfy(isLowerHex) else { return nil }
    return String(decoding: digits.prefix(Record.codeLength), as: UTF8.self)
}

/// Writes `text` into the host's message buffer (safely truncated; nothing when there is none).
private func setMessage(_ message: UnsafeMutablePointer<cc_message>?, _ text: String) {
    guard let message, Int(message.pointee.struct_size) >= MemoryLayout<cc_message>.size else { return }
    text.withCString { cc_message_set(message, $0) }
}

/// Sets the message and returns `status`.
private func fail(_ message: UnsafeMutablePointer<cc_message>?, _ status: cc_status, _ text: String) -> cc_status {
    setMessage(message, "task-rewards: " + text)
    return status
}

/// The offset just past a field: a struct from the other side must be at least this large to have it.
private func end<Root, Value>(of field: KeyPath<Root, Value>) -> Int {
    (MemoryLayout<Root>.offset(of: field) ?? MemoryLayout<Root>.size) + MemoryLayout<Value>.size
}

// MARK: - The plugin's state

/// Why a call failed: the status to return and the message to give the host.
private struct Failure: Error {
    var status: cc_status
    var message: String
}

/// What init makes: the host's API table. Everything else is in the host's key-value store.
private final class Plugin {
    /// The largest value the host stores, plus its NUL.
    static let largestValue = 64 * 1024 + 1

    let host: UnsafePointer<cc_host_api>

    init(host: UnsafePointer<cc_host_api>) {
        self.host = host
    }

    func log(_ level: Int32, _ text: String) {
        guard let log = host.pointee.log else { return }
        text.withCString { log(host.pointee.host, level, $0) }
    }

    /// The record of `subject`: a new one when there is none or the stored one is unreadable.
    func record(of subject: String) throws(Failure) -> Record {
        guard let text = try read(subject) else { return Record() }
        if let text, let record = Record(parsing: text) { return record }
        log(CC_LOG_WARNING, "a stored record could not be read (not one this plugin writes); that person starts again from zero points")
        return Record()
    }

    /// Tells the person behind `subject` something, through the host (best effort: a notice that
    /// cannot be sent — an older host, the rate used up — is logged, never a failed change).
    func notify(_ subject: String, title: String, body: String) {
        guard Int(host.pointee.struct_size) >= end(of: \cc_host_api.notify), let notify = host.pointee.notify else { return }
        let status = subject.withCString { code in title.withCString { title in body.withCString { notify(host.pointee.host, code, title, $0) } } }
        if status != CC_OK { log(CC_LOG_INFO, "a level-up notification was not sent (status \(status))") }
    }

    func save(_ record: Record, of subject: String) throws(Failure) {
        guard let kvSet = host.pointee.kv_set else { throw Failure(status: CC_UNSUPPORTED, message: "the host offers no key-value store") }
        let status = subject.withCString { key in record.text.withCString { kvSet(host.pointee.host, key, $0) } }
        if status == CC_NO_SPACE {
            log(CC_LOG_ERROR, "the server's key-value store for this plugin is full (64 MiB in all): no more points can be kept")
            throw Failure(status: CC_ERROR, message: "the server's key-value store for this plugin is full; the points were not kept")
        }
        guard status == CC_OK else { throw Failure(status: CC_ERROR, message: "the server did not store the record (status \(status))") }
    }

    /// The stored text of `key`: nil when there is none, .some(nil) when it is not UTF-8.
    private func read(_ key: String) throws(Failure) -> String?? {
        var outcome = key.withCString { key in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1024) { read(key, into: $0) }
        }
        if case .tooSmall(let needed) = outcome, needed < Self.largestValue {
            var buffer = [CChar](repeating: 0, count: needed + 1)
            outcome = key.withCString { key in buffer.withUnsafeMutableBufferPointer { read(key, into: $0) } }
        }
        switch outcome {
        case .absent: return nil
        case .text(let text): return .some(text)
        case .tooSmall(let needed):
            throw Failure(status: CC_ERROR, message: "the server reported a stored value of \(needed) bytes, more than it may hold")
        case .failed(let status): throw Failure(status: CC_ERROR, message: "the server did not read the record (status \(status))")
        }
    }

    private enum Outcome {
        case absent
        case text(String?)
        case tooSmall(Int)
        case failed(cc_status)
    }

    private func read(_ key: UnsafePointer<CChar>, into buffer: UnsafeMutableBufferPointer<CChar>) -> Outcome {
        guard let kvGet = host.pointee.kv_get, let base = buffer.baseAddress else { return .failed(CC_UNSUPPORTED) }
        var length: UInt32 = 0
        let status = kvGet(host.pointee.host, key, base, UInt32(buffer.count), &length)
        switch status {
        case CC_OK:
            guard Int(length) < buffer.count else { return .failed(CC_ERROR) }
            let text = base.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                String(validating: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
            }
            return .text(text)
        case CC_NOT_FOUND: return .absent
        case CC_NO_SPACE: return .tooSmall(Int(length))
        default: return .failed(status)
        }
    }
}

private func plugin(_ state: UnsafeMutableRawPointer) -> Plugin {
    Unmanaged<Plugin>.fromOpaque(state).takeUnretainedValue()
}

// MARK: - Item events

private func itemChanged(
    _ state: UnsafeMutableRawPointer?, _ change: UnsafePointer<cc_item_change>?, _ message: UnsafeMutablePointer<cc_message>?
) -> cc_status {
    guard let state else { return fail(message, CC_INVALID_ARGUMENT, "called without the state init made") }
    guard let change else { return fail(message, CC_INVALID_ARGUMENT, "called without a change") }
    let needed = end(of: \cc_item_change.item)
    guard Int(change.pointee.struct_size) >= needed else {
        return fail(message, CC_INVALID_ARGUMENT, "a change of \(change.pointee.struct_size) bytes is too small (ABI 1.1 has \(needed))")
    }
    let kind = change.pointee.item_kind
    guard change.pointee.change == CC_CHANGE_COMPLETED, kind == CC_ITEM_TASK || kind == CC_ITEM_ASSIGNMENT else { return CC_OK }
    guard let subject = subjectCode(change.pointee.subject) else {
        return fail(message, CC_INVALID_ARGUMENT, "the change's subject is not a record code (\"rc_…\", at most 64 bytes)")
    }
    guard let code = itemCode(change.pointee.item) else {
        return fail(message, CC_INVALID_ARGUMENT, "the change's item is not an item code (\"ic_\" and hex digits, at most 64 bytes)")
    }
    let onTime = change.pointee.on_time
    let earned = points(kind: kind, priority: change.pointee.priority, onTime: onTime)
    let plugin = plugin(state)
    do throws(Failure) {
        var record = try plugin.record(of: subject)
        let levelBefore = record.level
        guard record.reward(code: code, points: earned, onTime: onTime == CC_ON_TIME) else { return CC_OK }
        try plugin.save(record, of: subject)
        if record.level > levelBefore {
            plugin.notify(
                subject, title: "Level \(record.level) reached",
                body:
                    "You have \(record.points) experience points from \(record.completed) tasks and assignments done, \(record.onTime) of them on time."
            )
        }
        return CC_OK
    } catch {
        return fail(message, error.status, error.message)
    }
}

// MARK: - Personal panel

private func panel(
    _ state: UnsafeMutableRawPointer?, _ subjectPointer: UnsafePointer<CChar>?, _ emit: cc_emit_panel_field_fn?, _ sink: UnsafeMutableRawPointer?,
    _ message: UnsafeMutablePointer<cc_message>?
) -> cc_status {
    guard let state else { return fail(message, CC_INVALID_ARGUMENT, "called without the state init made") }
    guard let emit else { return fail(message, CC_INVALID_ARGUMENT, "called without an emit function") }
    guard let subject = subjectCode(subjectPointer) else {
        return fail(message, CC_INVALID_ARGUMENT, "the subject is not a record code (\"rc_…\", at most 64 bytes)")
    }
    let record: Record
    do throws(Failure) {
        record = try plugin(state).record(of: subject)
    } catch {
        return fail(message, error.status, error.message)
    }
    let fields = [
        ("points", "Experience points", "\(record.points)"),
        ("level", "Level", "\(record.level)"),
        ("completed", "Tasks and assignments completed", "\(record.completed)"),
        ("on_time", "Completed on time", "\(record.onTime)"),
    ]
    for (name, label, value) in fields {
        let status = name.withCString { name in
            label.withCString { label in
                value.withCString { value in
                    var field = cc_panel_field(
                        struct_size: UInt32(MemoryLayout<cc_panel_field>.size), reserved: 0, name: name, label: label, value: value)
                    return emit(sink, &field)
                }
            }
        }
        guard status == CC_OK else { return fail(message, status, "the server refused the panel field '\(name)' (status \(status))") }
    }
    return CC_OK
}

// MARK: - The plugin

private func pluginInit(
    _ host: UnsafePointer<cc_host_api>?, _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ message: UnsafeMutablePointer<cc_message>?
) -> cc_status {
    guard let state else { return fail(message, CC_INVALID_ARGUMENT, "init was called without a place for its state") }
    state.pointee = nil
    guard let host else { return fail(message, CC_INVALID_ARGUMENT, "init was called without the host API") }
    let needed = end(of: \cc_host_api.kv_set)
    guard Int(host.pointee.struct_size) >= needed else {
        return fail(message, CC_INVALID_ARGUMENT, "the host API table has \(host.pointee.struct_size) bytes; ABI 1.0 has \(needed)")
    }
    guard host.pointee.kv_get != nil, host.pointee.kv_set != nil else {
        return fail(message, CC_UNSUPPORTED, "the host offers no key-value store, where the points are kept")
    }
    let plugin = Plugin(host: host)
    state.pointee = Unmanaged.passRetained(plugin).toOpaque()
    plugin.log(CC_LOG_DEBUG, "task rewards ready")
    return CC_OK
}

private func pluginStart(_ state: UnsafeMutableRawPointer?, _ message: UnsafeMutablePointer<cc_message>?) -> cc_status {
    guard let state else { return fail(message, CC_INVALID_ARGUMENT, "start was called without the state init made") }
    plugin(state).log(CC_LOG_INFO, "awarding points for completed tasks (10, 15 on time) and assignments (20, 30 on time)")
    return CC_OK
}

private func pluginStop(_ state: UnsafeMutableRawPointer?) {
    guard let state else { return }
    plugin(state).log(CC_LOG_INFO, "stopped")
}

private func pluginDeinit(_ state: UnsafeMutableRawPointer?) {
    guard let state else { return }
    Unmanaged<Plugin>.fromOpaque(state).release()
}

private func pluginGetFeature(_ state: UnsafeMutableRawPointer?, _ featureID: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    switch boundedString(featureID, maxBytes: 128) {
    case CC_FEATURE_ITEM_EVENTS: return UnsafeRawPointer(itemEventsFeature)
    case CC_FEATURE_USER_PANEL: return UnsafeRawPointer(userPanelFeature)
    default: return nil
    }
}

/// A copy of `text` as a C string that is never freed, for the tables that live for ever.
private func permanentCString(_ text: String) -> UnsafePointer<CChar> {
    let bytes = text.utf8CString
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    bytes.withUnsafeBufferPointer { pointer.initialize(from: $0.baseAddress!, count: $0.count) }
    return UnsafePointer(pointer)
}

/// Allocates `value` once, for ever (Swift plugins are never unloaded).
private func permanent<Value>(_ value: Value) -> UnsafeMutablePointer<Value> {
    let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    pointer.initialize(to: value)
    return pointer
}

// The tables below are global `let`s of pointers, which are not Sendable. Sharing them is safe: Swift
// initialises a global `let` exactly once, atomically, on first use, and nothing writes through the
// pointers after that — the host only reads them.

nonisolated(unsafe) private let itemEventsFeature = permanent(
    cc_item_events_feature(
        struct_size: UInt32(MemoryLayout<cc_item_events_feature>.size),
        // Only completions of tasks and assignments earn points: the server need not send the rest.
        changes: UInt16(1 << CC_CHANGE_COMPLETED), items: UInt16(1 << CC_ITEM_TASK | 1 << CC_ITEM_ASSIGNMENT),
        item_changed: itemChanged))

nonisolated(unsafe) private let userPanelFeature = permanent(
    cc_user_panel_feature(struct_size: UInt32(MemoryLayout<cc_user_panel_feature>.size), reserved: 0, panel: panel))

nonisolated(unsafe) private let descriptor = permanent(
    cc_plugin_descriptor(
        struct_size: UInt32(MemoryLayout<cc_plugin_descriptor>.size), abi_major: 1, abi_minor: 1, reserved: 0,
        id: permanentCString("org.campuscal.task-rewards"), name: permanentCString("Task rewards"), version: permanentCString("1.0.0"),
        init: pluginInit, start: pluginStart, stop: pluginStop, deinit: pluginDeinit, get_feature: pluginGetFeature))

/// The entry point (`cc_plugin_entry_fn`): the descriptor, or nil and a message when the host is too old.
@_cdecl("campuscal_plugin_entry_v1")
public func campuscalPluginEntryV1(
    _ hostABIMajor: UInt32, _ hostABIMinor: UInt32, _ host: UnsafePointer<cc_host_api>?, _ message: UnsafeMutablePointer<cc_message>?
) -> UnsafePointer<cc_plugin_descriptor>? {
    guard hostABIMajor == 1 else {
        setMessage(message, "task-rewards speaks CampusCal plugin ABI 1 (1.1 or newer); this server speaks \(hostABIMajor).\(hostABIMinor)")
        return nil
    }
    guard hostABIMinor >= 1 else {
        setMessage(message, "task-rewards needs CampusCal plugin ABI 1.1 or newer; this server speaks 1.\(hostABIMinor)")
        return nil
    }
    return UnsafePointer(descriptor)
}
