import CCampusCalPluginABI
import CampusCalCore
import Foundation
import Logging

/// The host's side of one plugin's `cc_host_api` table: what its `host` pointer points at.
///
/// The table and this context live as long as the server (plugins are never unloaded, and a plugin
/// may keep the table pointer until deinit), so both are deliberately never freed.
final class PluginHostContext: @unchecked Sendable {
    // @unchecked: everything but `running` and `table` is immutable and Sendable; `running` is
    // guarded by `lock`; `table` is set once, in init, before the context is shared.
    let pluginID: String
    let logger: Logger
    let state: (any PluginStateStore)?
    /// The manifest's `[config]` settings.
    let config: [String: String]
    /// Where `notify` goes, and whether the manifest grants it.
    let notices: (any PluginNoticeSink)?
    let mayNotify: Bool
    /// Where `read_events`, `put_event` and `delete_event` go (ABI 1.2); nil: refused.
    let calendar: (any PluginCalendarCalls)?
    /// Where `http_request` goes (ABI 1.2); nil: refused.
    let http: (any PluginHTTPCalls)?
    private let lock = NSLock()
    private var running = false
    /// The table handed to the plugin; points back at this context.
    private(set) var table: UnsafeMutablePointer<cc_host_api>!

    /// A plugin's key-value state is bounded by contract: this much per value, and in all (enough
    /// for a few hundred bytes about each of 45,000 students).
    static let maximumValueBytes = 64 << 10
    static let maximumTotalBytes = 64 << 20
    /// The most of a log line the host reads.
    static let maximumLogBytes = 4096

    init(
        pluginID: String, logger: Logger, state: (any PluginStateStore)?, config: [String: String] = [:],
        notices: (any PluginNoticeSink)? = nil, mayNotify: Bool = false, calendar: (any PluginCalendarCalls)? = nil,
        http: (any PluginHTTPCalls)? = nil
    ) {
        self.pluginID = pluginID
        self.calendar = calendar
        self.http = http
        self.config = config
        self.notices = notices
        self.mayNotify = mayNotify
        var logger = logger
        logger[metadataKey: "plugin"] = .string(pluginID)
        self.logger = logger
        self.state = state
        let table = UnsafeMutablePointer<cc_host_api>.allocate(capacity: 1)
        table.initialize(
            to: cc_host_api(
                struct_size: UInt32(MemoryLayout<cc_host_api>.size), abi_major: UInt32(CAMPUSCAL_PLUGIN_ABI_MAJOR),
                abi_minor: UInt32(CAMPUSCAL_PLUGIN_ABI_MINOR), reserved: 0, host: nil, log: hostLog, kv_get: hostGet, kv_set: hostSet,
                config_get: hostConfig, notify: hostNotify, read_events: hostReadEvents, put_event: hostPutEvent,
                delete_event: hostDeleteEvent, http_request: hostHTTPRequest))
        self.table = table
        table.pointee.host = Unmanaged.passUnretained(self).toOpaque()
        _ = Unmanaged.passRetained(self)  // Kept for the server's lifetime, as the table is.
    }

    var isRunning: Bool {
        get { lock.withLock { running } }
        set { lock.withLock { running = newValue } }
    }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> PluginHostContext? {
        pointer.map { Unmanaged<PluginHostContext>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// `cc_host_api.log`: a plugin's line in the server log, under its id, at most `maximumLogBytes`.
/// Never `strlen`: a line without its NUL would be read past the plugin's buffer (issue #26,
/// finding 5). Invalid UTF-8 is repaired; control characters (a forged second log line) become spaces.
private let hostLog: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void = { host, level, message in
    guard let context = PluginHostContext.from(host), let message else { return }
    let bytes = UnsafeRawBufferPointer(start: message, count: strnlen(message, PluginHostContext.maximumLogBytes))
    let text = String(String(decoding: bytes, as: UTF8.self).unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
    let logLevel: Logger.Level =
        switch level {
        case CC_LOG_DEBUG: .debug
        case CC_LOG_INFO: .info
        case CC_LOG_WARNING: .warning
        default: .error
        }
    context.logger.log(level: logLevel, "\(text)")
}

/// `cc_host_api.config_get` (1.1): the manifest's settings; allowed from init on.
private let hostConfig:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, UInt32, UnsafeMutablePointer<UInt32>?)
        -> cc_status = { host, key, buffer, capacity, length in
            guard let context = PluginHostContext.from(host), let key, let keyText = validKey(key) else { return CC_INVALID_ARGUMENT }
            guard let value = context.config[keyText] else { return CC_NOT_FOUND }
            return copy(value, into: buffer, capacity: capacity, length: length)
        }

/// A value into a caller's buffer, as kv_get and config_get promise: NUL-terminated, or CC_NO_SPACE with the length needed.
private func copy(_ value: String, into buffer: UnsafeMutablePointer<CChar>?, capacity: UInt32, length: UnsafeMutablePointer<UInt32>?) -> cc_status {
    let bytes = value.utf8.count
    length?.pointee = UInt32(bytes)
    guard let buffer, Int(capacity) > bytes else { return CC_NO_SPACE }
    value.utf8CString.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: $0.count) }  // with the NUL
    return CC_OK
}

/// `cc_host_api.kv_get`.
private let hostGet:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, UInt32, UnsafeMutablePointer<UInt32>?)
        -> cc_status = { host, key, buffer, capacity, length in
            guard let context = PluginHostContext.from(host), let key, let keyText = validKey(key) else { return CC_INVALID_ARGUMENT }
            guard context.isRunning else { return CC_STOPPED }
            guard let store = context.state else { return CC_UNSUPPORTED }
            let stored: String?
            do {
                stored = try PluginCallClock.host { try store.value(plugin: context.pluginID, key: keyText) }
            } catch {
                // Not "not found": a plugin would take that for "no such record" and start afresh.
                context.logger.error("Could not read the plugin's state: \(error)")
                return CC_ERROR
            }
            guard let value = stored else { return CC_NOT_FOUND }
            return copy(value, into: buffer, capacity: capacity, length: length)
        }

/// `cc_host_api.kv_set`: NULL deletes.
private let hostSet: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> cc_status = {
    host, key, value in
    guard let context = PluginHostContext.from(host), let key, let keyText = validKey(key) else { return CC_INVALID_ARGUMENT }
    guard context.isRunning else { return CC_STOPPED }
    guard let store = context.state else { return CC_UNSUPPORTED }
    var text: String?
    if let value {
        let length = strnlen(value, PluginHostContext.maximumValueBytes + 1)
        guard length <= PluginHostContext.maximumValueBytes,
            let decoded = String(validating: UnsafeRawBufferPointer(start: value, count: length), as: UTF8.self)
        else { return CC_INVALID_ARGUMENT }
        text = decoded
    }
    do {
        let stored = try PluginCallClock.host {
            try store.setValue(text, plugin: context.pluginID, key: keyText, quota: PluginHostContext.maximumTotalBytes)
        }
        return stored ? CC_OK : CC_NO_SPACE
    } catch {
        context.logger.error("Could not keep the plugin's state: \(error)")
        return CC_ERROR
    }
}

/// `cc_host_api.notify` (1.1): a notification to the person behind a record code, queued.
private let hostNotify: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> cc_status =
    {
        host, subject, title, body in
        guard let context = PluginHostContext.from(host), let subjectText = PluginText.read(subject, maximumBytes: 64),
            let titleText = PluginText.read(title, maximumBytes: PluginNoticeOutbox.maximumTitleBytes),
            let bodyText = PluginText.read(body, maximumBytes: PluginNoticeOutbox.maximumBodyBytes)
        else { return CC_INVALID_ARGUMENT }
        guard context.isRunning else { return CC_STOPPED }
        guard let notices = context.notices else { return CC_UNSUPPORTED }
        return PluginCallClock.host {
            notices.notify(pluginID: context.pluginID, permitted: context.mayNotify, subject: subjectText, title: titleText, body: bodyText)
        }
    }

/// `cc_host_api.read_events` (1.2): a person's events, each handed to the plugin's `emit` in turn.
private let hostReadEvents:
    @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int64, Int64,
        (@convention(c) (UnsafeMutableRawPointer?, UnsafePointer<cc_calendar_event>?, UInt32) -> cc_status)?, UnsafeMutableRawPointer?
    ) -> cc_status = { host, subject, from, to, emit, sink in
        guard let context = PluginHostContext.from(host), let subjectText = PluginText.read(subject, maximumBytes: 64), let emit else {
            return CC_INVALID_ARGUMENT
        }
        guard context.isRunning else { return CC_STOPPED }
        guard let calendar = context.calendar else { return CC_UNSUPPORTED }
        let (status, events) = PluginCallClock.host { calendar.readEvents(subject: subjectText, from: from, to: to) }
        guard status == CC_OK else { return status }
        for event in events.prefix(PluginCalendarLimits.maximumReadEvents) {
            let strings = CStringArena()
            defer { strings.free() }
            var record = event.cEvent(strings)
            let answer = emit(sink, &record, 0)
            if answer != CC_OK { return answer }
        }
        return events.count > PluginCalendarLimits.maximumReadEvents ? CC_NO_SPACE : CC_OK
    }

/// `cc_host_api.put_event` (1.2): the event checked as an importer's are, then written.
private let hostPutEvent: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<cc_calendar_event>?) -> cc_status = {
    host, subject, event in
    guard let context = PluginHostContext.from(host), let subjectText = PluginText.read(subject, maximumBytes: 64) else {
        return CC_INVALID_ARGUMENT
    }
    guard context.isRunning else { return CC_STOPPED }
    guard let calendar = context.calendar else { return CC_UNSUPPORTED }
    let checked = ImportCollector()
    guard checked.add(event, line: 0) == CC_OK, let value = checked.events.first else {
        context.logger.warning("put_event refused: \(checked.problems.first?.message ?? "no event")")
        return CC_INVALID_ARGUMENT
    }
    return PluginCallClock.host { calendar.putEvent(subject: subjectText, value) }
}

/// `cc_host_api.delete_event` (1.2).
private let hostDeleteEvent: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> cc_status = {
    host, subject, uid in
    guard let context = PluginHostContext.from(host), let subjectText = PluginText.read(subject, maximumBytes: 64),
        let uidText = PluginText.read(uid, maximumBytes: 255), !uidText.isEmpty
    else { return CC_INVALID_ARGUMENT }
    guard context.isRunning else { return CC_STOPPED }
    guard let calendar = context.calendar else { return CC_UNSUPPORTED }
    return PluginCallClock.host { calendar.deleteEvent(subject: subjectText, uid: uidText) }
}

/// `cc_host_api.http_request` (1.2): the request read and checked, made by the host, the answer handed back.
private let hostHTTPRequest:
    @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<cc_http_request>?,
        (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<UInt8>?, UInt32) -> cc_status)?, UnsafeMutableRawPointer?
    ) -> cc_status = { host, request, respond, sink in
        guard let context = PluginHostContext.from(host), let request, let respond else { return CC_INVALID_ARGUMENT }
        guard context.isRunning else { return CC_STOPPED }
        guard let http = context.http else { return CC_UNSUPPORTED }
        guard Int(UnsafeRawPointer(request).load(as: UInt32.self)) >= MemoryLayout<cc_http_request>.size else { return CC_INVALID_ARGUMENT }
        let value = request.pointee
        guard let method = PluginText.read(value.method, maximumBytes: 8), let url = PluginText.read(value.url, maximumBytes: 4096),
            value.header_count <= 32, value.body_length <= UInt64(PluginHTTPResponse.maximumBodyBytes), value.body != nil || value.body_length == 0,
            value.headers != nil || value.header_count == 0
        else { return CC_INVALID_ARGUMENT }
        var headers: [String] = []
        for index in 0..<Int(value.header_count) {
            guard let header = PluginText.read(value.headers?[index], maximumBytes: 8192) else { return CC_INVALID_ARGUMENT }
            headers.append(header)
        }
        let body = value.body.map { Data(bytes: $0, count: Int(value.body_length)) } ?? Data()
        let asked = PluginHTTPRequest(method: method, url: url, headers: headers, body: body, timeoutMilliseconds: Int(value.timeout_ms))
        let (status, response) = PluginCallClock.host { http.send(asked) }
        guard status == CC_OK, let response else { return status }
        return response.body.withUnsafeBytes { bytes in
            respond(sink, Int32(response.status), bytes.bindMemory(to: UInt8.self).baseAddress, UInt32(response.body.count))
        }
    }

/// A key: UTF-8, 1–128 bytes.
private func validKey(_ key: UnsafePointer<CChar>) -> String? {
    let length = strnlen(key, 129)
    guard (1...128).contains(length) else { return nil }
    return String(validating: UnsafeRawBufferPointer(start: key, count: length), as: UTF8.self)
}
