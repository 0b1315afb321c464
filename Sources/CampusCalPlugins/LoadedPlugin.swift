import CCampusCalPluginABI
import CampusCalCore
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
    let dayLabels: cc_day_labels_feature?

    /// Deadlines, in seconds.
    static let lifecycleDeadline: TimeInterval = 5
    static let dayLabelsDeadline: TimeInterval = 2
    /// The longest range a day-labels call may be asked for.
    static let maximumLabelDays = 800

    init(
        manifest: PluginManifest, library: SharedLibrary, descriptor: cc_plugin_descriptor, host: PluginHostContext, calls: PluginCallQueue,
        state: UnsafeMutableRawPointer?, dayLabels: cc_day_labels_feature?
    ) {
        self.manifest = manifest
        self.library = library
        self.descriptor = descriptor
        self.host = host
        self.calls = calls
        self.state = state
        self.dayLabels = dayLabels
    }

    /// A plugin's refusal or misbehaviour, in words for the log and the administrator.
    struct CallFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The plugin's labels for the days `first`…`last`. Labels outside the range, with impossible
    /// dates or with text that is not UTF-8 are refused (the plugin is told with CC_INVALID_ARGUMENT).
    func labels(from first: LocalDate, to last: LocalDate) async throws -> [DayLabel] {
        guard let feature = dayLabels, let labelsFunction = feature.labels else { return [] }
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
        guard date.isValid, date >= first, date <= last else {
            refused = "a label on \(value.date.year)-\(value.date.month)-\(value.date.day), outside \(first)…\(last) or not a date"
            return CC_INVALID_ARGUMENT
        }
        guard let text = PluginText.read(value.label, maximumBytes: 128), !text.isEmpty,
            let kind = PluginText.read(value.kind, maximumBytes: 32)
        else {
            refused = "a label on \(date) whose text or kind is missing, too long or not UTF-8"
            return CC_INVALID_ARGUMENT
        }
        labels.append(DayLabel(date: date, label: text, kind: kind.isEmpty ? "label" : kind, source: source))
        return CC_OK
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
